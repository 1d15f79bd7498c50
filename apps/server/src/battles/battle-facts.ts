import type { BattleState, Side } from "@cardrealm/engine";
import type { FactBattleMode, ServerFactData } from "@cardrealm/protocol";
import type { Executor } from "../db/executor.ts";
import type { BattleRow } from "../db/repositories/battles-repo.ts";
import { recordFact } from "../observability/analytics.ts";

/**
 * The battle facts of docs/analytics.md: `battle_start` with the insert of
 * the battle's row, `battle_end` with the settlement that finished it (which
 * happens once: a second settle finds the battle finished and returns
 * nothing), each in that write's transaction.
 */
const MODES: Record<string, FactBattleMode> = {
  cpu: "story",
  practice: "practice",
  bot: "arena_bot",
  pvp: "pvp",
  pvpbot: "arena_bot",
  friendly: "friendly",
};

export const factMode = (rowMode: string): FactBattleMode => MODES[rowMode] ?? "story";

/** `battle_start` for a player (a story battle's one human, or each human of an arena game). */
export function recordBattleStart(
  trx: Executor,
  row: Pick<BattleRow, "id" | "mode" | "cpu_id" | "created_at">,
  seat: { userId: number; side: Side },
): Promise<void> {
  const data = {
    battle_id: row.id,
    mode: factMode(row.mode),
    cpu_id: row.cpu_id === 0 ? null : row.cpu_id,
    side: seat.side,
  };
  return recordFact(trx, seat.userId, { name: "battle_start", data }, row.created_at);
}

/** `battle_end` for one player of a battle its settlement just finished. */
export function recordBattleEnd(
  trx: Executor,
  battle: { id: string; mode: string },
  state: Pick<BattleState, "winner" | "endReason" | "turn">,
  seat: { userId: number; side: Side; gems: number },
  now: string,
): Promise<void> {
  const outcome: ServerFactData["battle_end"]["outcome"] =
    state.winner === null ? "draw" : state.winner === seat.side ? "win" : "loss";
  const data = {
    battle_id: battle.id,
    mode: factMode(battle.mode),
    outcome,
    reason: state.endReason ?? "hp",
    turns: state.turn,
    gems: seat.gems,
  };
  return recordFact(trx, seat.userId, { name: "battle_end", data }, now);
}
