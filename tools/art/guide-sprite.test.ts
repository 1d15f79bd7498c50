import { readFileSync } from "node:fs";
import { join } from "node:path";
import { GUIDE_SPRITE } from "@cardrealm/protocol";
import { describe, expect, it } from "vitest";
import { MEDIA_DIR, PUBLIC_DIR } from "./build.ts";
import {
  GUIDE_COLUMNS,
  GUIDE_FRAME_H,
  GUIDE_FRAME_W,
  GUIDE_FRAMES,
  guideSpriteSvg,
} from "./guide-sprite.ts";

describe("the guide's sprite sheet", () => {
  it("matches product.md: 6 columns, 24 frames of 573 x 607, as the client plays it", () => {
    expect([GUIDE_COLUMNS, GUIDE_FRAMES, GUIDE_FRAME_W, GUIDE_FRAME_H]).toEqual([
      GUIDE_SPRITE.columns,
      GUIDE_SPRITE.frames,
      GUIDE_SPRITE.width,
      GUIDE_SPRITE.height,
    ]);
    const svg = guideSpriteSvg();
    expect(svg).toContain(`viewBox="0 0 ${6 * 573} ${4 * 607}"`);
    expect(svg.match(/<g id="f\d+"/g)).toHaveLength(24);
    // Blink and talk really differ between frames.
    const frames = svg.split('<g id="f').slice(1);
    expect(
      new Set(frames.map((f) => f.replace(/^\d+" transform="[^"]*"/, ""))).size,
    ).toBeGreaterThan(12);
  });

  it("is one small committed file, rebuilt identically", () => {
    const committed = readFileSync(join(PUBLIC_DIR, MEDIA_DIR, "guide-girl.svg"), "utf8");
    expect(committed).toBe(guideSpriteSvg());
    expect(committed.length).toBeLessThan(40_000);
  });
});
