// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { toOverlaySpace } from "./tutorial-overlay.tsx";

/** An overlay drawn at half size, 50 px from the window's left edge (a phone's stage). */
function scaledOverlay(): HTMLElement {
  const el = document.createElement("div");
  Object.defineProperty(el, "offsetWidth", { value: 1280 });
  el.getBoundingClientRect = () => new DOMRect(50, 0, 640, 360);
  return el;
}

describe("the tutorial's highlight on a scaled stage", () => {
  it("moves a box measured on screen into the stage's own coordinates", () => {
    // A chapter icon drawn at (110, 40), 40x30 on screen.
    expect(toOverlaySpace({ left: 110, top: 40, width: 40, height: 30 }, scaledOverlay())).toEqual({
      x: 120,
      y: 80,
      w: 80,
      h: 60,
    });
  });

  it("leaves the box as it is when the stage is not scaled", () => {
    const el = document.createElement("div");
    Object.defineProperty(el, "offsetWidth", { value: 1280 });
    el.getBoundingClientRect = () => new DOMRect(0, 0, 1280, 720);
    expect(toOverlaySpace({ left: 5, top: 6, width: 7, height: 8 }, el)).toEqual({
      x: 5,
      y: 6,
      w: 7,
      h: 8,
    });
  });
});
