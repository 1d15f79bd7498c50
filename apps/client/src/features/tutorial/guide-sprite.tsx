import { GUIDE_SPRITE } from "@cardrealm/protocol";
import { useEffect, useState } from "react";

const SHEET_URL = "/static/media/guide-girl.svg";
const ROWS = Math.ceil(GUIDE_SPRITE.frames / GUIDE_SPRITE.columns);
/** Frames 0-11 are idle; the talking mouth is on 12-23. */
const IDLE_FRAMES = GUIDE_SPRITE.frames / 2;

/** Which frame of the sheet shows at `tick` (12 a second). */
export function guideFrame(tick: number, talking: boolean): number {
  return talking ? tick % GUIDE_SPRITE.frames : tick % IDLE_FRAMES;
}

/**
 * How far the whole 6 x 4 sheet moves so `frame` shows in the window: a CSS
 * transform in percent of the sheet's own size.
 */
export function frameTranslate(frame: number): string {
  const col = frame % GUIDE_SPRITE.columns;
  const row = Math.floor(frame / GUIDE_SPRITE.columns);
  const x = (col / GUIDE_SPRITE.columns) * 100;
  const y = (row / ROWS) * 100;
  return `translate(${x === 0 ? 0 : -x}%, ${y === 0 ? 0 : -y}%)`;
}

/**
 * Lyra, played from her sprite sheet at 12 frames a second. The sheet is one
 * picture on its own layer, slid behind a frame-sized window: it is drawn
 * once, and a new frame only moves the layer. (As a background-position the
 * SVG sheet was re-drawn on the main thread 12 times a second, ~20-80 ms each
 * on a throttled phone, for the whole tutorial.)
 */
export function GuideSprite({ talking }: { talking: boolean }) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    if (still) return;
    const timer = setInterval(() => setTick((t) => t + 1), 1000 / GUIDE_SPRITE.fps);
    return () => clearInterval(timer);
  }, []);
  const frame = guideFrame(tick, talking);
  return (
    <div
      className="tutorial-guide"
      data-testid="tutorial-guide"
      data-frame={frame}
      role="img"
      aria-label="Lyra, your guide"
      style={{ aspectRatio: `${GUIDE_SPRITE.width} / ${GUIDE_SPRITE.height}` }}
    >
      <img
        className="tutorial-guide__sheet"
        src={SHEET_URL}
        alt=""
        draggable={false}
        style={{
          width: `${GUIDE_SPRITE.columns * 100}%`,
          height: `${ROWS * 100}%`,
          transform: frameTranslate(frame),
        }}
      />
    </div>
  );
}
