import { TYPING_DELAY_MS } from "@cardrealm/protocol";
import { useCallback, useEffect, useState } from "react";

/**
 * Characters added per update: the text grows by three characters every three
 * `delayMs`, the same speed as one every `delayMs`, with a third of the
 * re-renders, layouts and paints (a phone's main thread was busy with the
 * typing for the first seconds of the map: bench/web/lighthouse.ts, TBT).
 */
export const CHARS_PER_TICK = 3;

/**
 * Types a text out at one character every `delayMs` (product.md: 30 ms per
 * character). `finish` shows the whole text at once; a new text restarts.
 */
export function useTypedText(
  text: string,
  delayMs: number = TYPING_DELAY_MS,
): { shown: string; done: boolean; finish: () => void } {
  const [count, setCount] = useState(0);
  const [current, setCurrent] = useState(text);
  if (current !== text) {
    setCurrent(text);
    setCount(0);
  }
  const done = count >= text.length;

  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => {
      setCount((c) => Math.min(text.length, c + CHARS_PER_TICK));
    }, delayMs * CHARS_PER_TICK);
    return () => clearInterval(timer);
  }, [text, delayMs, done]);

  const finish = useCallback(() => setCount(text.length), [text]);
  return { shown: text.slice(0, count), done, finish };
}
