import { beforeEach, describe, expect, it } from "vitest";
import { stageSizeFor } from "../app/stage.tsx";
import { appStore, initialAppState, NO_ERROR, setAuth, setError, setLoading } from "./app-store.ts";

beforeEach(() => appStore.reset(initialAppState()));

describe("application state", () => {
  it("starts on home, signed out, with no error and all music on", () => {
    const s = appStore.get();
    expect(s.route).toBe("home");
    expect(s.isAuth).toBe(false);
    expect(s.error).toBe(NO_ERROR);
    expect(s.error).toBe("no error");
    expect(s.tutorial).toEqual({ isActive: false, step: "intro" });
    expect(s.systemMessage.isVisible).toBe(false);
  });

  it("setting authentication or an error also clears the loading flag", () => {
    setLoading(true);
    setAuth(true);
    expect(appStore.get()).toMatchObject({ isAuth: true, isLoading: false });
    setLoading(true);
    setError("Incorrect email or password");
    expect(appStore.get()).toMatchObject({
      error: "Incorrect email or password",
      isLoading: false,
    });
  });
});

describe("design stage", () => {
  it("is exactly 1280x720 at 1280x720", () => {
    expect(stageSizeFor(1280, 720)).toEqual({ scale: 1, width: 1280, height: 720 });
  });

  it("zooms by window height on a 740x360 phone and widens to fill it", () => {
    const s = stageSizeFor(740, 360);
    expect(s.scale).toBe(0.5);
    expect(s.height).toBe(720);
    expect(s.width).toBe(1480);
  });

  it("never gets smaller than the design on a 4:3 tablet", () => {
    const s = stageSizeFor(1024, 768);
    expect(s.width).toBe(1280);
    expect(s.height).toBe(960);
  });
});
