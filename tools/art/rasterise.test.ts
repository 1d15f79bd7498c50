import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { OPPONENTS } from "@cardrealm/content";
import { describe, expect, it } from "vitest";
import { CARD_DIR, PUBLIC_DIR } from "./build.ts";
import {
  BACKDROPS,
  bakeTargets,
  cardSvgs,
  PORTRAIT_WIDTH,
  readManifest,
  SPRITES,
  sourceHash,
  WIDTH,
} from "./rasterise.ts";

const STALE =
  "bitmaps are stale: run `npm run art:rasterise -w @cardrealm/tools` and commit apps/client/public";

/** Width and height from a WebP's header ("VP8X" extended, or plain lossy "VP8 "). */
function webpSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.toString("ascii", 0, 4)).toBe("RIFF");
  expect(bytes.toString("ascii", 8, 12)).toBe("WEBP");
  const chunk = bytes.toString("ascii", 12, 16);
  if (chunk === "VP8X")
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  expect(chunk).toBe("VP8 ");
  return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
}

/** The viewBox size of an SVG file. */
function viewBox(svg: string): { width: number; height: number } {
  const box = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  expect(box).not.toBeNull();
  return { width: Number(box?.[1]), height: Number(box?.[2]) };
}

const targets = bakeTargets();
const manifest = readManifest();

describe("baked bitmaps (tools/art/rasterise.ts)", () => {
  it("bakes the four backdrops, every opponent's portrait, the sprite sheets and both panels of every card", () => {
    expect(targets.filter((t) => t.width === WIDTH).map((t) => t.webp)).toEqual(
      BACKDROPS.map((b) => `static/media/${b}.webp`),
    );
    const cards = cardSvgs();
    expect(cards.length).toBeGreaterThan(0);
    expect(targets.filter((t) => t.width === PORTRAIT_WIDTH).map((t) => t.webp)).toEqual(
      [...OPPONENTS].sort((a, b) => a.id - b.id).map((o) => `static/media/opponent-${o.id}.webp`),
    );
    expect(targets.map((t) => t.webp)).toEqual(
      expect.arrayContaining(SPRITES.map((s) => `static/media/${s.name}.webp`)),
    );
    expect(targets.length).toBe(
      BACKDROPS.length + OPPONENTS.length + SPRITES.length + cards.length,
    );
  });

  it("every bitmap is a WebP of its width with its SVG's aspect ratio", () => {
    const wrong: string[] = [];
    for (const t of targets) {
      const box = viewBox(readFileSync(join(PUBLIC_DIR, t.svg), "utf8"));
      const size = webpSize(readFileSync(join(PUBLIC_DIR, t.webp)));
      const height = Math.round((t.width * box.height) / box.width);
      if (size.width !== t.width || size.height !== height)
        wrong.push(`${t.webp}: ${size.width}x${size.height}, want ${t.width}x${height}`);
    }
    expect(wrong, STALE).toEqual([]);
  });

  it("every bitmap was baked from the SVG as it is now", () => {
    const stale = targets
      .filter((t) => manifest[t.svg] !== sourceHash(readFileSync(join(PUBLIC_DIR, t.svg))))
      .map((t) => t.svg);
    expect(stale, STALE).toEqual([]);
  });

  it("holds a real picture, not an empty canvas", () => {
    // Blank 1920x1080 WebPs are ~1 KB; a blank 300x225 one is under 200 bytes.
    const blank = targets.filter((t) => {
      const bytes = statSync(join(PUBLIC_DIR, t.webp)).size;
      return bytes < (t.width === WIDTH ? 10_000 : 1_000);
    });
    expect(blank.map((t) => t.webp)).toEqual([]);
  });

  it("leaves no card bitmap without its SVG", () => {
    const dir = join(PUBLIC_DIR, CARD_DIR);
    const orphans = readdirSync(dir).filter(
      (n) => n.endsWith(".webp") && !cardSvgs().includes(n.replace(/\.webp$/, ".svg")),
    );
    expect(orphans, STALE).toEqual([]);
  });
});
