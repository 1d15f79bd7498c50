import { RANDOM_NICKNAME } from "@cardrealm/protocol";

/**
 * The default nickname: a new guest gets one (player-service.ts), and so does
 * the arena bot (battles/arena-bot-identity.ts), so the bot's name looks like
 * a player's. Six random characters (product.md section 2, local play's
 * "random 6-character nickname"; protocol RANDOM_NICKNAME).
 *
 * `pick(n)` answers an integer in [0, n): node's randomInt, or a seeded draw.
 */
export function defaultNickname(pick: (n: number) => number): string {
  const { alphabet, length } = RANDOM_NICKNAME;
  let name = "";
  for (let i = 0; i < length; i++) name += alphabet[pick(alphabet.length)];
  return name;
}

/** Whether a nickname has the default nickname's shape (tests and docs). */
export const DEFAULT_NICKNAME_PATTERN = new RegExp(
  `^[${RANDOM_NICKNAME.alphabet}]{${RANDOM_NICKNAME.length}}$`,
);
