/**
 * Deck codes: a short URL-safe text for a deck list, to share or to import.
 * Format: base64url of [version=1, then per card: id-1000 as two bytes
 * (big-endian), amount as one byte], cards sorted by id.
 */
import type { CardAmount } from "./catalogue.ts";

const VERSION = 1;

// base64url by hand: content runs in the browser and in Node without DOM types.
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function toBase64Url(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += ALPHABET[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 4) {
    const chunk = text.slice(i, i + 4);
    let n = 0;
    for (let c = 0; c < 4; c++)
      n = (n << 6) | (c < chunk.length ? ALPHABET.indexOf(chunk[c] ?? "A") : 0);
    const count = chunk.length - 1;
    for (let b = 0; b < count; b++) bytes.push((n >> (16 - 8 * b)) & 0xff);
  }
  return Uint8Array.from(bytes);
}

export function encodeDeck(entries: readonly CardAmount[]): string {
  const sorted = [...entries].filter((e) => e.amount > 0).sort((a, b) => a.id - b.id);
  const bytes = new Uint8Array(1 + sorted.length * 3);
  bytes[0] = VERSION;
  sorted.forEach((e, i) => {
    const rel = e.id - 1000;
    bytes[1 + i * 3] = (rel >> 8) & 0xff;
    bytes[2 + i * 3] = rel & 0xff;
    bytes[3 + i * 3] = Math.min(255, e.amount);
  });
  return toBase64Url(bytes);
}

/** The deck list of a code, or null when the code is not one of ours. */
export function decodeDeck(code: string): CardAmount[] | null {
  const bytes = fromBase64Url(code.trim());
  if (!bytes || bytes.length < 1 || bytes[0] !== VERSION || (bytes.length - 1) % 3 !== 0)
    return null;
  const out: CardAmount[] = [];
  for (let i = 1; i < bytes.length; i += 3) {
    const id = 1000 + (((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
    const amount = bytes[i + 2] ?? 0;
    if (amount === 0) return null;
    out.push({ id, amount });
  }
  return out;
}
