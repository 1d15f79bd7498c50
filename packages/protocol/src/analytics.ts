/**
 * The analytics events the server records itself, where it knows the fact
 * (docs/analytics.md): one row per fact, written in the transaction that
 * makes the fact, so a retried request or a lost race writes none. A client
 * may not send these names to POST /api/player/events (its own events, such
 * as `login` or `client_error`, are the player's word, not a fact).
 */
export const SERVER_FACTS = [
  "battle_start",
  "battle_end",
  "box_opened",
  "purchase",
  "season_pass",
  "tutorial_step",
  "arena_queue",
] as const;
export type ServerFactName = (typeof SERVER_FACTS)[number];

/** How a battle is played: story (cpu), practice, the arena (pvp, its bot) or a friendly game. */
export type FactBattleMode = "story" | "practice" | "pvp" | "arena_bot" | "friendly";

/** Each fact's data (the `data` column, JSON). */
export interface ServerFactData {
  battle_start: { battle_id: string; mode: FactBattleMode; cpu_id: number | null; side: 0 | 1 };
  battle_end: {
    battle_id: string;
    mode: FactBattleMode;
    outcome: "win" | "loss" | "draw";
    reason: string;
    turns: number;
    gems: number;
  };
  box_opened: { box_id: number; price: number; cards_added: number; cashback: number };
  purchase: { order_id: string; box_id: number; gems: number; price: number; partner: string };
  season_pass: { price: number };
  tutorial_step: { from: string; step: string; active: boolean };
  arena_queue: { rank_score: number };
}

export function isServerFact(name: string): name is ServerFactName {
  return (SERVER_FACTS as readonly string[]).includes(name);
}
