// @vitest-environment happy-dom
import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bootMode, dismissBootSplash, useOverBootSplash } from "./boot-splash.ts";

function paintSplash(mode: string): void {
  document.documentElement.setAttribute("data-boot", mode);
  document.body.innerHTML = '<div id="boot-splash"></div><div id="root"></div>';
}

afterEach(() => {
  document.documentElement.removeAttribute("data-boot");
  document.body.innerHTML = "";
});

describe("the index.html splash", () => {
  it("tells which screen index.html painted", () => {
    paintSplash("map");
    expect(bootMode()).toBe("map");
    paintSplash("login");
    expect(bootMode()).toBe("login");
    document.documentElement.removeAttribute("data-boot");
    expect(bootMode()).toBeNull();
  });

  it("goes once the screen has drawn its entrance, and only then", () => {
    paintSplash("login");
    let run: (() => void) | null = null;
    dismissBootSplash(document, (later) => {
      run = later;
    });
    // Still there until the entrance has been drawn.
    expect(document.getElementById("boot-splash")).not.toBeNull();
    expect(bootMode()).toBe("login");
    (run as (() => void) | null)?.();
    expect(document.getElementById("boot-splash")).toBeNull();
    expect(bootMode()).toBeNull();
    expect(document.getElementById("root")).not.toBeNull();
  });

  it("the screen it shows keeps it; another screen removes it after its entrance", () => {
    vi.useFakeTimers();
    try {
      paintSplash("map");
      expect(renderHook(() => useOverBootSplash("map")).result.current).toBe(true);
      vi.runAllTimers();
      expect(document.getElementById("boot-splash")).not.toBeNull();

      // A failed resume shows the login instead: the map's art goes.
      expect(renderHook(() => useOverBootSplash("login")).result.current).toBe(false);
      vi.runAllTimers();
      expect(document.getElementById("boot-splash")).toBeNull();
      expect(bootMode()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("does nothing when there is no splash (a later screen, tests)", () => {
    let scheduled = false;
    dismissBootSplash(document, () => {
      scheduled = true;
    });
    expect(scheduled).toBe(false);
  });
});
