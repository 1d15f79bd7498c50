/**
 * Cheap texture for the full-screen backdrops (world map, battle and login
 * backgrounds). These used `feTurbulence` grain, mottling and
 * `feDisplacementMap` edges, which Chromium rasterises on the CPU, pixel by
 * pixel, on every paint: seconds per frame on a throttled phone. Here the same
 * look comes from small bitmaps baked by `png.ts` (grain and cloudy
 * mottling), repeated by a `<pattern>`, and soft gradient blobs.
 */
import { type CloudTile, cloudDataUri, grainDataUri } from "./png.ts";
import { el, num, stops } from "./svg.ts";

/** A `<pattern>` def that repeats the seeded grain tile; fill a rect with `url(#id)`. */
export function grainPattern(id: string, seed: string): string {
  const size = 64; // pure noise: a small tile repeats without a visible seam or pattern
  return el(
    "pattern",
    { id, width: size, height: size, patternUnits: "userSpaceOnUse" },
    el("image", { href: grainDataUri(seed, size), width: size, height: size }),
  );
}

/**
 * A `<pattern>` def that repeats a baked cloud tile (see `cloudTilePng`),
 * drawn `scaleX` x `scaleY` times its pixel size: the soft mottling of
 * stone or sea. Fill a rect with `url(#id)`.
 */
export function cloudPattern(id: string, tile: CloudTile, scaleX: number, scaleY = scaleX): string {
  return el(
    "pattern",
    {
      id,
      width: tile.size,
      height: tile.size,
      patternUnits: "userSpaceOnUse",
      patternTransform: `scale(${num(scaleX, 2)} ${num(scaleY, 2)})`,
    },
    el("image", { href: cloudDataUri(tile), width: tile.size, height: tile.size }),
  );
}

/** A radial gradient def, `colour` at the centre fading out: a soft blob (clouds, glows). */
export function blobGradient(id: string, colour: string): string {
  return el(
    "radialGradient",
    { id },
    stops([
      [0, colour, 1],
      [0.55, colour, 0.55],
      [1, colour, 0],
    ]),
  );
}
