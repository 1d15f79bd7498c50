/**
 * The pool of default nicknames: a new guest gets one (player-service.ts),
 * and so does the arena bot (battles/arena-bot-identity.ts), so the bot's
 * name looks like a player's: a word of this list and four digits.
 */
export const GUEST_NAMES = ["Wanderer", "Seeker", "Drifter", "Stranger", "Pilgrim", "Nightwalker"];

/** `pick(n)` answers an integer in [0, n): node's randomInt, or a seeded draw. */
export function defaultNickname(pick: (n: number) => number): string {
  return `${GUEST_NAMES[pick(GUEST_NAMES.length)]}${1000 + pick(9000)}`;
}
