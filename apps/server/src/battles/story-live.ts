import type { BattleState } from "@cardrealm/engine";
import type { BattleRow } from "../db/repositories/battles-repo.ts";

/** What a move needs of a battle row that never changes after the insert. */
export type StoryRow = Pick<
  BattleRow,
  "id" | "user_id" | "mode" | "cpu_id" | "setup" | "created_at"
>;

/** A live story battle as this process last saved it: its fixed row and its state (at `state.version`). */
export interface LiveBattle {
  row: StoryRow;
  state: BattleState;
}

/** Live battles kept per process; the least recently played go first. */
export const LIVE_BATTLES_MAX = 2048;

/**
 * The story battles this process saved last, by battle id, so the next move
 * of the same battle skips reading and parsing its row (bench/api: the read
 * and `JSON.parse` of state and actions on every move). An entry is only a
 * guess: every save is conditional on the stored version and status
 * (battles-repo.ts, db/arena-move-batch.ts), so when another process moved,
 * ended or closed the battle since, the save changes nothing and the caller
 * drops the entry and plays the move again from the stored row
 * (story-battles.ts). Callers take an entry out while they play on it and
 * put the new state back only after its save committed.
 */
export function createLiveBattles(max = LIVE_BATTLES_MAX) {
  const entries = new Map<string, LiveBattle>();
  return {
    /** Takes the battle's entry out (the caller puts it back after a save). */
    take(id: string): LiveBattle | undefined {
      const hit = entries.get(id);
      if (hit) entries.delete(id);
      return hit;
    },
    /** The state just committed; a battle that is over is not kept. */
    put(live: LiveBattle): void {
      entries.delete(live.row.id);
      if (live.state.over) return;
      entries.set(live.row.id, live);
      if (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    forget(id: string): void {
      entries.delete(id);
    },
    get size(): number {
      return entries.size;
    },
  };
}

/** The fixed part of a stored row (not its state and actions text). */
export function storyRowOf(row: BattleRow): StoryRow {
  return {
    id: row.id,
    user_id: row.user_id,
    mode: row.mode,
    cpu_id: row.cpu_id,
    setup: row.setup,
    created_at: row.created_at,
  };
}
