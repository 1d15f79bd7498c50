import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MEDIA_DIR, PUBLIC_DIR } from "./build.ts";
import { BACKDROPS, WIDTH } from "./rasterise.ts";

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

describe("baked backdrops (tools/art/rasterise.ts)", () => {
  for (const name of BACKDROPS) {
    it(`${name}.webp is a ${WIDTH}-wide WebP with its SVG's aspect ratio`, () => {
      const dir = join(PUBLIC_DIR, MEDIA_DIR);
      const svg = readFileSync(join(dir, `${name}.svg`), "utf8");
      const box = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
      expect(box).not.toBeNull();
      const size = webpSize(readFileSync(join(dir, `${name}.webp`)));
      expect(size.width).toBe(WIDTH);
      expect(size.height).toBe(Math.round((WIDTH * Number(box?.[2])) / Number(box?.[1])));
      // A real picture, not an empty canvas: blank 1920x1080 WebPs are ~1 KB.
      expect(statSync(join(dir, `${name}.webp`)).size).toBeGreaterThan(10_000);
    });
  }
});
