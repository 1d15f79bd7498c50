// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  resetFirstLoad,
  SETTLE_MAX_MS,
  SETTLE_MIN_MS,
  settleAfter,
  useFirstLoadSettled,
} from "./first-load.ts";

function Probe() {
  return <p data-testid="probe">{useFirstLoadSettled() ? "settled" : "loading"}</p>;
}
const shown = () => screen.getByTestId("probe").textContent;

describe("the first load settling", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetFirstLoad();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("waits the least time after the screen shows", async () => {
    render(<Probe />);
    await act(() => vi.advanceTimersByTimeAsync(SETTLE_MIN_MS - 1));
    expect(shown()).toBe("loading");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(shown()).toBe("settled");
  });

  it("waits for the first load's background work", async () => {
    let finish = () => {};
    settleAfter(new Promise<void>((r) => (finish = r)));
    render(<Probe />);
    await act(() => vi.advanceTimersByTimeAsync(SETTLE_MIN_MS + 1000));
    expect(shown()).toBe("loading");
    finish();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shown()).toBe("settled");
  });

  it("starts anyway at the most time, and a failed background load does not hold it", async () => {
    settleAfter(new Promise<void>(() => {}));
    render(<Probe />);
    await act(() => vi.advanceTimersByTimeAsync(SETTLE_MAX_MS - 1));
    expect(shown()).toBe("loading");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(shown()).toBe("settled");

    cleanup();
    resetFirstLoad();
    settleAfter(Promise.reject(new Error("offline")));
    const again = render(<Probe />);
    again.unmount();
    render(<Probe />);
    await act(() => vi.advanceTimersByTimeAsync(SETTLE_MIN_MS));
    expect(shown()).toBe("settled");
  });

  it("stays settled: a screen mounted later starts its loops at once", async () => {
    const first = render(<Probe />);
    await act(() => vi.advanceTimersByTimeAsync(SETTLE_MIN_MS));
    first.unmount();
    render(<Probe />);
    expect(shown()).toBe("settled");
  });

  it("counts again from a new mount when the first screen left before settling", async () => {
    const first = render(<Probe />);
    await act(() => vi.advanceTimersByTimeAsync(SETTLE_MIN_MS - 500));
    first.unmount();
    render(<Probe />);
    await act(() => vi.advanceTimersByTimeAsync(SETTLE_MIN_MS - 1));
    expect(shown()).toBe("loading");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(shown()).toBe("settled");
  });
});
