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

/** background-position of a frame on the 6 x 4 sheet, in percent. */
export function framePosition(frame: number): string {
  const col = frame % GUIDE_SPRITE.columns;
  const row = Math.floor(frame / GUIDE_SPRITE.columns);
  const x = (col / (GUIDE_SPRITE.columns - 1)) * 100;
  const y = (row / (ROWS - 1)) * 100;
  return `${x}% ${y}%`;
}

/** Lyra, played from her sprite sheet at 12 frames a second. */
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
      style={{
        backgroundImage: `url(${SHEET_URL})`,
        backgroundSize: `${GUIDE_SPRITE.columns * 100}% ${ROWS * 100}%`,
        backgroundPosition: framePosition(frame),
        aspectRatio: `${GUIDE_SPRITE.width} / ${GUIDE_SPRITE.height}`,
      }}
    />
  );
}
