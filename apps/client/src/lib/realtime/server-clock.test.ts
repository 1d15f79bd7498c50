import { afterEach, describe, expect, it } from "vitest";
import { noteServerTime, resetServerClock, secondsUntil, serverNow } from "./server-clock.ts";

afterEach(() => resetServerClock());

describe("server clock", () => {
  it("counts a deadline on the server's clock when this device's clock is behind", () => {
    // The device is 5 minutes behind the server.
    noteServerTime(1_000_300_000, 1_000_000_000);
    expect(serverNow(1_000_000_000)).toBe(1_000_300_000);
    // 30 s left on the server's clock, not 330 s.
    expect(secondsUntil(1_000_330_000, 1_000_000_000)).toBe(30);
  });

  it("counts a deadline on the server's clock when this device's clock is ahead", () => {
    noteServerTime(1_000_000_000, 1_000_120_000);
    expect(secondsUntil(1_000_045_000, 1_000_120_000)).toBe(45);
  });

  it("rounds part of a second up and never goes below zero", () => {
    expect(secondsUntil(10_500, 10_000)).toBe(1);
    expect(secondsUntil(9_000, 10_000)).toBe(0);
  });

  it("takes an offset under a second for the message's own delay and keeps this device's clock", () => {
    // The registered answer was read 400 ms after the server stamped it.
    noteServerTime(1_000_000, 1_000_400);
    expect(serverNow(2_000_000)).toBe(2_000_000);
    expect(secondsUntil(2_060_000, 2_000_000)).toBe(60);
  });

  it("ignores a server time that is not a number", () => {
    noteServerTime(Number.NaN, 5);
    expect(serverNow(1_000)).toBe(1_000);
  });
});
