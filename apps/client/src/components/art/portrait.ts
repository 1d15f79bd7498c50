/** How many portraits the human-opponent set has (tools/avatars/make-avatars.py). */
export const AVATAR_COUNT = 8;

/**
 * The picture of the opponent's castle and end panel: a story or bot
 * opponent has its own art (opponent-N.webp, baked from its SVG by tools/art/rasterise.ts); a human (PvP, cpu id 0) gets one
 * of our avatar set, always the same for the same name.
 */
export function opponentPortrait(cpuId: number, name: string): string {
  if (cpuId > 0) return `/static/media/opponent-${cpuId}.webp`;
  let h = 0;
  for (const ch of name) h = (Math.imul(h, 31) + (ch.codePointAt(0) ?? 0)) >>> 0;
  return `/static/media/avatar-${h % AVATAR_COUNT}.svg`;
}
