/** The PNG encoder writes files a PNG reader accepts and whose pixels read back as given. */
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cloudTilePng, crc32, encodePng, grainTilePng } from "./png.ts";

type Decoded = { width: number; height: number; colourType: number; pixels: Uint8Array };

/** A minimal PNG reader: checks signature, chunk CRCs and undoes the None and Sub row filters. */
function decode(png: Buffer): Decoded {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let at = 8;
  let width = 0;
  let height = 0;
  let colourType = 0;
  const idat: Buffer[] = [];
  const types: string[] = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + len);
    expect(png.readUInt32BE(at + 8 + len), `CRC of ${type}`).toBe(
      crc32(png.subarray(at + 4, at + 8 + len)),
    );
    types.push(type);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[8]).toBe(8);
      colourType = data[9] ?? -1;
    }
    if (type === "IDAT") idat.push(data);
    at += 12 + len;
  }
  expect(types[0]).toBe("IHDR");
  expect(types.at(-1)).toBe("IEND");
  const channels = colourType === 4 ? 2 : 4;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  expect(raw.length).toBe((stride + 1) * height);
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    expect([0, 1]).toContain(filter);
    for (let i = 0; i < stride; i++) {
      const byte = raw[y * (stride + 1) + 1 + i] ?? 0;
      const left = filter === 1 && i >= channels ? (pixels[y * stride + i - channels] ?? 0) : 0;
      pixels[y * stride + i] = (byte + left) & 0xff;
    }
  }
  return { width, height, colourType, pixels };
}

describe("png", () => {
  it("computes the standard CRC-32 check value", () => {
    expect(crc32(Buffer.from("123456789", "latin1"))).toBe(0xcbf43926);
  });

  it("round-trips grey + alpha and RGBA pixels, filtered or not", () => {
    const ga = Uint8Array.from({ length: 3 * 2 * 2 }, (_, i) => (i * 37) % 256);
    const rgba = Uint8Array.from({ length: 3 * 2 * 4 }, (_, i) => (i * 53 + 7) % 256);
    for (const sub of [false, true]) {
      expect(decode(encodePng(3, 2, 2, ga, sub))).toEqual({
        width: 3,
        height: 2,
        colourType: 4,
        pixels: ga,
      });
      expect(decode(encodePng(3, 2, 4, rgba, sub)).pixels).toEqual(rgba);
    }
  });

  it("refuses a pixel buffer of the wrong length", () => {
    expect(() => encodePng(4, 4, 2, new Uint8Array(10), false)).toThrow(/pixel count/);
  });

  it("bakes a grain tile of dark and pale specks on transparent, the same for the same seed", () => {
    const png = grainTilePng("t", 64);
    expect(grainTilePng("t", 64).equals(png)).toBe(true);
    expect(grainTilePng("u", 64).equals(png)).toBe(false);
    const { width, pixels } = decode(png);
    expect(width).toBe(64);
    const alphas = pixels.filter((_, i) => i % 2 === 1);
    const clear = alphas.filter((a) => a === 0).length;
    expect(clear / alphas.length).toBeGreaterThan(0.3);
    expect(clear / alphas.length).toBeLessThan(0.7);
  });

  it("bakes cloud noise that wraps: opposite edges of the tile match closely", () => {
    const size = 64;
    const { pixels } = decode(
      cloudTilePng({ seed: "c", size, cells: 4, octaves: 3, colour: "#4d3373", gain: 1, bias: 0 }),
    );
    const alpha = (x: number, y: number): number => pixels[(y * size + x) * 4 + 3] ?? 0;
    expect([pixels[0], pixels[1], pixels[2]]).toEqual([0x4d, 0x33, 0x73]);
    let edgeJump = 0;
    let innerJump = 0;
    for (let y = 0; y < size; y++) {
      edgeJump += Math.abs(alpha(size - 1, y) - alpha(0, y));
      innerJump += Math.abs(alpha(31, y) - alpha(32, y));
    }
    // across the seam the noise moves no more than between two inner neighbours (plus slack)
    expect(edgeJump).toBeLessThan(innerJump * 2 + size * 4);
    const all = Array.from({ length: size * size }, (_, i) => pixels[i * 4 + 3] ?? 0);
    expect(Math.max(...all) - Math.min(...all)).toBeGreaterThan(200);
  });
});
