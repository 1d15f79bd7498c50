import { ARENA_BOT } from "@cardrealm/content";

/**
 * Animation timings of product.md section 4 (ms). The reading lengths
 * (cpuCard, enemyMessage, yourTurnMessage) are how long a thing stays on
 * screen; the board does not stand still for all of it (docs/battle-pace.md):
 * the computer's card comes up `enemyLead` into "Enemy turn!", the board goes
 * on `cpuCardLead` into the card's 2000 ms and `abilityLead` into an
 * ability's glow, the blows of a turn overlap (`blowStagger` from one lunge's
 * start to the next's, each lunge its full 500 ms), and the player has the
 * board back while "Your turn!" shows.
 */
export const TIMINGS = {
  cpuCard: 2000,
  /** The board goes on this long after the computer's card comes up (it stays up cpuCard). */
  cpuCardLead: 400,
  ability: 700,
  /** The board goes on this long into an ability's glow when nothing dies of it (the glow stays `ability`). */
  abilityLead: 300,
  attack: 500,
  attackBack: 300,
  /** The next blow's lunge starts this long after the previous one's (the queue's 50 ms gap included). */
  blowStagger: 200,
  removal: 400,
  popup: 700,
  enemyWait: 1000,
  enemyMessage: 1400,
  /** The computer's first move comes this long after "Enemy turn!" shows (it stays up enemyMessage). */
  enemyLead: 300,
  discardMessage: 3000,
  yourTurnMessage: 1300,
  unitEnter: 450,
  spellCast: 700,
  allAttackGap: 100,
} as const;

/** Turn timers of product.md section 4 (seconds). */
export const TURN_SECONDS = {
  player: 50,
  playerFirst: 25,
  enemy: 50,
  warning: 6,
  /** After a player timeout in a computer game the timer restarts here (50 in PvP and vs 21). */
  afterTimeout: 10,
} as const;

/** The arena bot's opponent id (content's ARENA_BOT): it waits like a person, its games end in the arena. */
export const ARENA_BOT_ID = ARENA_BOT.id;
