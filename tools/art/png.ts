/**
 * A tiny PNG encoder (8-bit grey + alpha, no filters) and the seeded grain
 * tile the full-screen backdrops repeat instead of an `feTurbulence` filter:
 * Chromium draws turbulence on the CPU for every pixel on every paint, while
 * a repeated 128 x 128 bitmap costs next to nothing.
 */
import { deflateSync } from "node:zlib";
import { Rng } from "../shared/rng.ts";

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 as PNG chunks use it (ISO 3309, the same as zip and gzip). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const body = Buffer.concat([head.subarray(4), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([head.subarray(0, 4), body, crc]);
}

/** Colour types this encoder writes: 2 channels (grey + alpha) or 4 (red, green, blue, alpha). */
export type PngChannels = 2 | 4;

/**
 * A PNG of `width` x `height` 8-bit pixels, `channels` bytes each (grey,
 * alpha or red, green, blue, alpha). With `sub`, every row uses the "Sub"
 * filter (each byte minus the same channel of the pixel to its left), which
 * turns flat colour and smooth alpha into runs of small numbers that deflate
 * well; pure noise deflates better unfiltered.
 */
export function encodePng(
  width: number,
  height: number,
  channels: PngChannels,
  pixels: Uint8Array,
  sub: boolean,
): Buffer {
  if (pixels.length !== width * height * channels) {
    throw new Error("pixel count does not match the size");
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = channels === 2 ? 4 : 6; // colour type: grey + alpha, or RGBA
  // compression, filter and interlace methods stay 0
  const stride = width * channels;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    raw[row] = sub ? 1 : 0; // filter type: Sub or None
    for (let i = 0; i < stride; i++) {
      const here = pixels[y * stride + i] ?? 0;
      const left = sub && i >= channels ? (pixels[y * stride + i - channels] ?? 0) : 0;
      raw[row + 1 + i] = (here - left) & 0xff;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

/**
 * Film grain that tiles seamlessly: each pixel independently a dark or a pale
 * speck, or nothing, with a few alpha levels (few levels compress well).
 * `density` is the share of pixels that carry a speck.
 */
export function grainTilePng(seed: string, size = 128, density = 0.55): Buffer {
  const rng = new Rng(seed);
  const px = new Uint8Array(size * size * 2);
  for (let i = 0; i < size * size; i++) {
    if (!rng.chance(density)) continue;
    const dark = rng.chance(0.8);
    px[i * 2] = dark ? 0 : 236;
    px[i * 2 + 1] = (dark ? 50 : 30) + rng.int(0, 3) * 45;
  }
  return encodePng(size, size, 2, px, false);
}

/** The grain tile as a `data:` URI, to embed in an SVG `<image>` (the SVG stays one self-contained file). */
export function grainDataUri(seed: string, size = 128, density = 0.55): string {
  return `data:image/png;base64,${grainTilePng(seed, size, density).toString("base64")}`;
}

/** Smoothstep-weighted value noise on an `n` x `n` lattice that wraps, sampled at (u, v) in [0, 1). */
function wrappedValueNoise(lattice: Float64Array, n: number, u: number, v: number): number {
  const x = u * n;
  const y = v * n;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const at = (i: number, j: number): number => lattice[((j + n) % n) * n + ((i + n) % n)] ?? 0;
  const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * sx;
  const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * sx;
  return top + (bottom - top) * sy;
}

export type CloudTile = {
  seed: string;
  /** Tile side in pixels. */
  size: number;
  /** Lattice cells across the tile for the first octave; each next octave doubles it. */
  cells: number;
  octaves: number;
  /** Colour of every pixel, "#rrggbb". */
  colour: string;
  /** Alpha = clamp(gain * n + bias) for noise n in [0, 1], as feColorMatrix did with turbulence. */
  gain: number;
  bias: number;
};

/**
 * Fractal value noise that tiles seamlessly, as one colour with a varying
 * alpha: the soft cloudy patches `feTurbulence` used to give, baked once.
 */
export function cloudTilePng(o: CloudTile): Buffer {
  const rng = new Rng(o.seed);
  const layers: { n: number; amp: number; lattice: Float64Array }[] = [];
  for (let k = 0, n = o.cells, amp = 1; k < o.octaves; k++, n *= 2, amp /= 2) {
    const lattice = new Float64Array(n * n);
    for (let i = 0; i < lattice.length; i++) lattice[i] = rng.next();
    layers.push({ n, amp, lattice });
  }
  const values = new Float64Array(o.size * o.size);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let y = 0; y < o.size; y++) {
    for (let x = 0; x < o.size; x++) {
      let v = 0;
      for (const l of layers)
        v += l.amp * wrappedValueNoise(l.lattice, l.n, x / o.size, y / o.size);
      values[y * o.size + x] = v;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  const r = Number.parseInt(o.colour.slice(1, 3), 16);
  const g = Number.parseInt(o.colour.slice(3, 5), 16);
  const b = Number.parseInt(o.colour.slice(5, 7), 16);
  const px = new Uint8Array(o.size * o.size * 4);
  for (let i = 0; i < values.length; i++) {
    const n = ((values[i] ?? 0) - lo) / (hi - lo || 1);
    const a = Math.min(1, Math.max(0, o.gain * n + o.bias));
    // alpha in steps of 4 (64 levels): no visible banding at the opacities used, half the bytes
    px.set([r, g, b, Math.min(255, Math.round((a * 255) / 4) * 4)], i * 4);
  }
  return encodePng(o.size, o.size, 4, px, true);
}

/** A cloud tile as a `data:` URI for an SVG `<image>`. */
export function cloudDataUri(o: CloudTile): string {
  return `data:image/png;base64,${cloudTilePng(o).toString("base64")}`;
}
