import { GUIDE_SPRITE } from "@cardrealm/protocol";

/**
 * The sheet as a bitmap (tools/art/rasterise.ts bakes it from guide-girl.svg): an SVG image
 * of 400-odd elements was parsed, laid out and painted on the main thread in the map's first load.
 */
const SHEET_URL = "/static/media/guide-girl.webp";

/**
 * The sheet tutorial.css animates: 6 columns by 4 rows, 12 frames a second,
 * frames 0-11 idle and 12-23 talking. Its keyframes hard-code these numbers
 * (a row lasts 6 / 12 = 0.5 s; idle plays 2 rows, talking 4): the sprite test
 * checks them against GUIDE_SPRITE.
 */
export const SHEET_LAYOUT = { columns: 6, rows: 4, fps: 12, idleFrames: 12 } as const;

/**
 * Lyra, played from her sprite sheet by CSS alone: the sheet is one picture
 * on its own layer, stepped left through a row's frames while its holder
 * steps up through the rows. Both are transform animations in steps, which
 * the compositor runs (the sheet as a background-position ticked by React
 * re-drew the SVG on the main thread 12 times a second for the whole
 * tutorial: bench/web/lighthouse.ts, TBT).
 */
export function GuideSprite({ talking }: { talking: boolean }) {
  return (
    <div
      className="tutorial-guide"
      data-testid="tutorial-guide"
      data-talking={talking ? "true" : "false"}
      role="img"
      aria-label="Lyra, your guide"
      style={{ aspectRatio: `${GUIDE_SPRITE.width} / ${GUIDE_SPRITE.height}` }}
    >
      {/* A new key on a change of state starts both steppers together again (in phase). */}
      <div className="tutorial-guide__rows" key={talking ? "talking" : "idle"}>
        <img className="tutorial-guide__sheet" src={SHEET_URL} alt="" draggable={false} />
      </div>
    </div>
  );
}
