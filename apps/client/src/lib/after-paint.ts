import { startTransition, useEffect, useState } from "react";

/**
 * `value` as it was one painted frame after it last changed (starting at
 * `initial`): the frame that answers a click paints first, and whatever
 * follows the new value (a screen, a window's content, a list of cards) is
 * built after that paint instead of holding it (bench/web/inp.ts). With
 * `transition`, the late update is a transition a next change can interrupt.
 */
export function useAfterPaint<T>(value: T, initial: T = value, transition = false): T {
  const [shown, setShown] = useState(initial);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (transition) startTransition(() => setShown(value));
        else setShown(value);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value, shown, transition]);
  return shown;
}
