import { GUIDE_SPRITE } from "@cardrealm/protocol";
import { describe, expect, it } from "vitest";
import { SHEET_LAYOUT } from "./guide-sprite.tsx";

describe("Lyra's sprite sheet", () => {
  it("is the 6 x 4, 12 frames a second sheet whose steps tutorial.css hard-codes", () => {
    const rows = Math.ceil(GUIDE_SPRITE.frames / GUIDE_SPRITE.columns);
    expect({
      columns: GUIDE_SPRITE.columns,
      rows,
      fps: GUIDE_SPRITE.fps,
      idleFrames: GUIDE_SPRITE.frames / 2,
    }).toEqual(SHEET_LAYOUT);
  });
});
