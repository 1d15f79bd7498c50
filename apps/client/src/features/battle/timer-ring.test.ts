import { describe, expect, it } from "vitest";
import { ringHalves } from "./timer-ring.ts";

describe("ringHalves (the turn timer's ring)", () => {
  it("shows a full ring, a three-quarter ring and an empty one", () => {
    expect(ringHalves(1, 1).right.deg).toBe(180);
    expect(ringHalves(1, 1).left.deg).toBe(180);
    const three = ringHalves(0.75, 0.75);
    expect([three.right.deg, three.left.deg]).toEqual([180, 90]);
    const none = ringHalves(0, 0);
    expect([none.right.deg, none.left.deg]).toEqual([0, 0]);
  });

  it("sweeps only the half the arc's end is in during a tick", () => {
    const tick = ringHalves(0.3, 0.28);
    expect(tick.right).toEqual({
      deg: expect.closeTo(100.8, 6),
      delayMs: 0,
      durationMs: expect.closeTo(1000, 6),
    });
    expect(tick.left.durationMs).toBe(0);
  });

  it("crosses 6 o'clock at one speed: the left half first, then the right one", () => {
    // 0.52 -> 0.48 of a turn: 7.2 degrees on each side of 6 o'clock.
    const { left, right } = ringHalves(0.52, 0.48);
    expect(left.deg).toBe(0);
    expect(right.deg).toBeCloseTo(172.8, 6);
    expect(left.delayMs).toBe(0);
    expect(left.durationMs).toBeCloseTo(500, 6);
    expect(right.delayMs).toBeCloseTo(500, 6);
    expect(right.durationMs).toBeCloseTo(500, 6);
  });

  it("refills at once when a new turn starts", () => {
    const { left, right } = ringHalves(1, 1);
    expect([left.durationMs, right.durationMs]).toEqual([0, 0]);
  });
});
