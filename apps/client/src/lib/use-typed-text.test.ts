// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { nextStop, STEP_CHARS, useTypedText } from "./use-typed-text.ts";

describe("typing a few words a step", () => {
  it("ends a step at the first word's end at least STEP_CHARS on, at most twice that", () => {
    const text = "Oh! A new face in the Realm.";
    expect(nextStop(text, 0)).toBe(9); // "Oh! A new"
    expect(nextStop(text, 9)).toBe(17); // " face in"
    expect(nextStop("Supercalifragilistic and more", 0)).toBe(2 * STEP_CHARS);
    expect(nextStop("short", 0)).toBe(5);
  });

  describe("the hook", () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it("shows each step when its characters' time is up, at most ~4 steps a second", async () => {
      const text = "Oh! A new face in the Realm. I am Lyra, keeper of the old roads.";
      const { result } = renderHook(() => useTypedText(text, 30));
      expect(result.current.shown).toBe("");
      await act(() => vi.advanceTimersByTimeAsync(9 * 30 - 1));
      expect(result.current.shown).toBe("");
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(result.current.shown).toBe("Oh! A new");
      let steps = 1;
      let last = result.current.shown;
      while (!result.current.done) {
        await act(() => vi.advanceTimersByTimeAsync(30));
        if (result.current.shown !== last) {
          steps++;
          last = result.current.shown;
        }
      }
      expect(result.current.shown).toBe(text);
      const seconds = (text.length * 30) / 1000;
      expect(steps / seconds).toBeLessThanOrEqual(4.2);
    });

    it("finishes at once, and starts again on a new text", async () => {
      const { result, rerender } = renderHook(({ t }) => useTypedText(t, 30), {
        initialProps: { t: "The mountains are quiet tonight." },
      });
      act(() => result.current.finish());
      expect(result.current.done).toBe(true);
      expect(result.current.shown).toBe("The mountains are quiet tonight.");
      rerender({ t: "A second line." });
      expect(result.current.shown).toBe("");
      await act(() => vi.advanceTimersByTimeAsync(8 * 30));
      expect(result.current.shown).toBe("A second");
      await act(() => vi.advanceTimersByTimeAsync(6 * 30));
      expect(result.current.shown).toBe("A second line.");
    });
  });
});
