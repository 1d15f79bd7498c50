import { TYPING_DELAY_MS } from "@cardrealm/protocol";
import { useCallback, useEffect, useState } from "react";

/**
 * Types a text out one character every `delayMs` (product.md: 30 ms per
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
      setCount((c) => Math.min(text.length, c + 1));
    }, delayMs);
    return () => clearInterval(timer);
  }, [text, delayMs, done]);

  const finish = useCallback(() => setCount(text.length), [text]);
  return { shown: text.slice(0, count), done, finish };
}
