/**
 * Seeded randomness for the comic painter. Math.random is never used: a slide
 * is seeded from "chapter:slide", so a rebuild is byte-identical and the
 * committed comics can be checked for staleness.
 */

/** FNV-1a over the UTF-16 code units: a stable 32-bit seed. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: tiny and good enough for decoration. */
export class Rng {
  private state: number;

  constructor(seed: string) {
    this.state = hashString(seed);
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A fresh generator for one part of the picture, so parts do not shift each other. */
  fork(label: string): Rng {
    return new Rng(`${this.state}:${label}`);
  }
}
