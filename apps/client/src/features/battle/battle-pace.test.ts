import { afterEach, describe, expect, it } from "vitest";
import { appStore } from "../../stores/app-store.ts";
import { paced, paceFactor } from "./battle-pace.ts";

const settings = (battlePacePercent?: string) => ({
  partner: "local",
  supporterUrl: "https://example.com/s",
  patronUrl: "https://example.com/p",
  communityUrl: "https://example.com/c",
  version: "test",
  ...(battlePacePercent === undefined ? {} : { battlePacePercent }),
});

describe("the battle screen's pace", () => {
  afterEach(() => appStore.set({ settings: null }));

  it("is product.md's own without settings or without the test setting", () => {
    appStore.set({ settings: null });
    expect(paced(2000)).toBe(2000);
    appStore.set({ settings: settings() });
    expect(paced(2000)).toBe(2000);
  });

  it("follows a test server's percentage", () => {
    appStore.set({ settings: settings("10") });
    expect(paceFactor()).toBe(0.1);
    expect(paced(2000)).toBe(200);
    appStore.set({ settings: settings("100") });
    expect(paced(1400)).toBe(1400);
  });

  it("ignores a value out of range or not a whole number", () => {
    for (const bad of ["0", "101", "-5", "12.5", "fast", ""]) {
      appStore.set({ settings: settings(bad) });
      expect(paced(2000), bad).toBe(2000);
    }
  });
});
