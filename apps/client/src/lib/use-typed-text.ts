import { TYPING_DELAY_MS } from "@cardrealm/protocol";
import { useCallback, useEffect, useState } from "react";

/**
 * The least a step of typing adds: the text grows a few words at a time, each
 * step ending at a word's end (at most twice this far on, for a long word), and
 * each step comes when its characters' time is up, so the speed stays one
 * character every `delayMs`. About 3 repaints a second instead of 11 for
 * threes: each repaint is a frame the page draws while the map's first load is
 * still running (bench/RESULTS.md, "The map's Lighthouse TBT").
 */
export const STEP_CHARS = 8;

/** Where the step of typing that starts at `from` ends (an index into `text`). */
export function nextStop(text: string, from: number, step: number = STEP_CHARS): number {
  const least = Math.min(text.length, from + step);
  const most = Math.min(text.length, from + 2 * step);
  const space = text.indexOf(" ", least);
  return space === -1 || space > most ? most : space;
}

/**
 * Types a text out at one character every `delayMs` (product.md: 30 ms per
 * character), in steps of a few words (`nextStop`). `finish` shows the whole
 * text at once; a new text restarts.
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
    const stop = nextStop(text, count);
    const timer = setTimeout(() => setCount(stop), delayMs * (stop - count));
    return () => clearTimeout(timer);
  }, [text, delayMs, done, count]);

  const finish = useCallback(() => setCount(text.length), [text]);
  return { shown: text.slice(0, count), done, finish };
}
