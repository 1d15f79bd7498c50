import type { EndGameMsg } from "@cardrealm/engine";
import { useEffect, useState } from "react";

type Result = NonNullable<EndGameMsg["result"]>;

/** Counts from 0 up to `to` over about 0.8 s (at once with reduced motion). */
function useCountUp(to: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const reduced =
      typeof window.matchMedia === "function" &&
      window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (reduced || to === 0 || typeof requestAnimationFrame !== "function") {
      setShown(to);
      return;
    }
    const start = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const t = Math.min(1, (now - start) / 800);
      setShown(Math.round(to * (1 - (1 - t) ** 3)));
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [to]);
  return shown;
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");

/**
 * The arena's end-panel lines (issue 24 item 6): the change of the rank
 * score (+/-) and the season xp this battle paid, counting up. Nothing when
 * the server sent neither (story battles).
 */
export function ArenaResultLines({ result }: { result: Result | undefined }) {
  const delta = result?.rank_delta;
  const xp = result?.season_xp;
  const rank = useCountUp(delta ?? 0);
  const gained = useCountUp(xp ?? 0);
  if (delta === undefined && xp === undefined) return null;
  const tone = (delta ?? 0) > 0 ? "up" : (delta ?? 0) < 0 ? "down" : "same";
  return (
    <ul className="arena-result" data-testid="end-game-arena">
      {delta !== undefined && (
        <li
          className={`arena-result__line arena-result__line--${tone}`}
          data-testid="end-game-rank"
          aria-label={`Rank score ${signed(delta)}`}
        >
          <span className="arena-result__label">Rank score</span>
          <b className="arena-result__value">{signed(rank)}</b>
        </li>
      )}
      {xp !== undefined && (
        <li
          className="arena-result__line arena-result__line--xp"
          data-testid="end-game-xp"
          aria-label={`Season xp +${xp}`}
        >
          <span className="arena-result__label">Season xp</span>
          <b className="arena-result__value">+{gained}</b>
        </li>
      )}
    </ul>
  );
}
