/**
 * The season progress track (rules.md section 4): 30 levels reached with
 * season xp (a battle won 100, lost 40, plus each finished daily task). Every
 * level has a free reward and a paid one (the paid one only for season pass
 * holders); each is gems or a card. Reaching the last level also grants the
 * season finish: one of each vampire card.
 */
import { SEASON_FINISH_CARD_IDS } from "../catalogue.ts";

export const SEASON_LEVELS = 30;
/** Season xp each level costs (level n is reached at n x 300 xp). */
export const SEASON_LEVEL_XP = 300;
/** Season xp of a battle (rules.md section 4). */
export const SEASON_XP_WIN = 100;
export const SEASON_XP_LOSS = 40;

/** A "Season reward entry" of product.md section 3: gems, or a card with its id. */
export type SeasonReward =
  | { reward: "gems"; amount: number }
  | { reward: "card"; card: { id: number }; amount: number };

export interface SeasonLevelDef {
  /** 1 to 30. */
  level: number;
  /** Season xp needed in total to reach this level. */
  xp: number;
  free: SeasonReward;
  paid: SeasonReward;
}

const gems = (amount: number): SeasonReward => ({ reward: "gems", amount });
const card = (id: number, amount = 1): SeasonReward => ({ reward: "card", card: { id }, amount });

/** [free, paid] per level, 1 to 30. Cards every fifth level; vampire rares on the paid track. */
const REWARDS: ReadonlyArray<readonly [SeasonReward, SeasonReward]> = [
  [gems(20), gems(60)], // 1
  [gems(20), gems(60)],
  [gems(25), card(1119)],
  [gems(25), gems(80)],
  [card(1015), card(1125)], // 5
  [gems(30), gems(80)],
  [gems(30), gems(100)],
  [gems(35), card(1120)],
  [gems(35), gems(100)],
  [card(1021), card(1126)], // 10
  [gems(40), gems(120)],
  [gems(40), gems(120)],
  [gems(45), card(1121)],
  [gems(45), gems(140)],
  [card(1011), card(1127)], // 15
  [gems(50), gems(140)],
  [gems(50), gems(160)],
  [gems(55), card(1122)],
  [gems(55), gems(160)],
  [card(1025), card(1128)], // 20
  [gems(60), gems(180)],
  [gems(60), gems(180)],
  [gems(65), card(1124)],
  [gems(65), gems(200)],
  [card(1037), card(1125)], // 25
  [gems(70), gems(220)],
  [gems(70), gems(240)],
  [gems(80), card(1126)],
  [gems(90), gems(260)],
  [gems(150), gems(500)], // 30, plus the season finish
];

export const SEASON_TRACK: readonly SeasonLevelDef[] = REWARDS.map(([free, paid], i) => ({
  level: i + 1,
  xp: (i + 1) * SEASON_LEVEL_XP,
  free,
  paid,
}));

/** The season finish (the last level): one of each vampire card into the library. */
export const SEASON_FINISH_REWARD = {
  level: SEASON_LEVELS,
  cardIds: SEASON_FINISH_CARD_IDS,
} as const;

/** The level reached with this much season xp: 0 (none yet) to 30. */
export function seasonLevelForXp(xp: number): number {
  return Math.max(0, Math.min(SEASON_LEVELS, Math.floor(Math.max(0, xp) / SEASON_LEVEL_XP)));
}
