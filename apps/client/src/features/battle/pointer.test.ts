// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { battleFrame, dropZoneAt, parseZone, targetOf, toFrame } from "./pointer.ts";

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

/** A battle frame drawn at `scale` (the stage's CSS transform), its top left at (left, top). */
function frameAt(left: number, top: number, scale: number): HTMLElement {
  const frame = document.createElement("div");
  frame.setAttribute("data-battle-frame", "");
  document.body.append(frame);
  Object.defineProperty(frame, "offsetWidth", { value: 1280 });
  vi.spyOn(frame, "getBoundingClientRect").mockReturnValue(
    new DOMRect(left, top, 1280 * scale, 720 * scale),
  );
  return frame;
}

describe("pointer positions on the battle board", () => {
  it("turn client coordinates into the frame's unscaled pixels", () => {
    expect(toFrame(100, 50)).toEqual({ x: 100, y: 50 });
    const frame = frameAt(40, 20, 0.5);
    expect(battleFrame()).toBe(frame);
    expect(toFrame(40 + 320, 20 + 180)).toEqual({ x: 640, y: 360 });
  });

  it("find the drop zone under a point, through the element's ancestors", () => {
    document.body.innerHTML =
      '<div data-drop="cpu-cell-3"><span id="inner">unit</span></div><p id="outside">x</p>';
    const inner = document.getElementById("inner");
    const outside = document.getElementById("outside");
    const at = vi.fn((x: number) => (x < 100 ? inner : outside));
    Object.defineProperty(document, "elementFromPoint", { value: at, configurable: true });
    expect(dropZoneAt(10, 10)).toBe("cpu-cell-3");
    expect(dropZoneAt(500, 10)).toBeNull();
  });

  it("read a drop zone's id: a cell, a castle, the board, or nothing", () => {
    expect(parseZone("player-cell-2")).toEqual({ kind: "cell", seat: "player", cell: 2 });
    expect(parseZone("cpu-castle")).toEqual({ kind: "castle", seat: "cpu" });
    expect(parseZone("board")).toEqual({ kind: "board" });
    expect(parseZone("hand")).toBeNull();
    expect(parseZone(null)).toBeNull();
  });

  it("say which play target a cell or a castle is", () => {
    expect(targetOf({ kind: "cell", seat: "cpu", cell: 4 })).toEqual({
      key: "table_key",
      value: 4,
      side: "cpu",
    });
    expect(targetOf({ kind: "castle", seat: "player" })).toEqual({
      key: "target_player_hp",
      value: 0,
      side: "player",
    });
    expect(targetOf({ kind: "castle", seat: "cpu" })?.key).toBe("target_cpu_hp");
    expect(targetOf({ kind: "board" })).toBeNull();
  });
});
