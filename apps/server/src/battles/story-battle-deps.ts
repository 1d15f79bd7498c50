import type { ChapterDef, OpponentDef } from "@cardrealm/content";
import type { Catalogue } from "@cardrealm/engine";
import type { Db } from "../db/database.ts";
import type { Progression } from "../progression/progression.ts";
import type { BattleVersions } from "./battle-versions.ts";
import type { TurnPlanner } from "./computer-player.ts";
import type { FaultHook } from "./fault-points.ts";
import type { PaidBattleRule } from "./paid-battles.ts";

/** What story battles (story-battles.ts) are built from. */
export interface StoryBattleDeps {
  db: Db;
  clock: () => number;
  catalogue: Catalogue;
  opponent: (id: number) => OpponentDef | undefined;
  /** Every computer opponent (the practice list picks the ones a player has met). */
  opponents: readonly OpponentDef[];
  chapterOf: (opponentId: number) => ChapterDef | undefined;
  bossIds: readonly number[];
  /** rules.md 4, "Paid battles" (paid-battles.ts): when a battle pays. */
  paidBattles: PaidBattleRule;
  planTurn: TurnPlanner;
  /** Tests only (BATTLE_SEED): makes every battle's shuffle and AI the same. */
  fixedSeed?: number | undefined;
  log?: { error(obj: unknown, msg: string): void };
  /** Daily tasks, season xp and rewards, rank score (progression/); settle calls it. */
  progression?: Pick<Progression, "onBattleFinished">;
  /** The running engine and catalogue versions, stamped on every new battle. */
  versions: BattleVersions;
  /** Crash points (fault-points.ts); tests pass a throwing hook. Default: CARDREALM_FAULT. */
  fault?: FaultHook;
}
