import { ARENA_BOT } from "@cardrealm/content";

/** Animation timings of product.md section 4 (ms). */
export const TIMINGS = {
  cpuCard: 2000,
  ability: 700,
  attack: 500,
  attackBack: 300,
  removal: 400,
  popup: 700,
  enemyWait: 1000,
  enemyMessage: 1400,
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
