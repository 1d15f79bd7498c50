import { createHash } from "node:crypto";
import { ENGINE_VERSION } from "@cardrealm/engine";

/** What a stored battle was created with (battles.engine_version, catalogue_version). */
export interface BattleVersions {
  engine: string;
  catalogue: string;
}

/** The running build's versions: the engine's constant and a digest of the served catalogue. */
export function currentBattleVersions(catalogue: unknown): BattleVersions {
  const digest = createHash("sha256").update(JSON.stringify(catalogue)).digest("hex");
  return { engine: ENGINE_VERSION, catalogue: digest.slice(0, 16) };
}

/**
 * A battle made by another engine or catalogue version: its stored state may
 * not mean the same to this build, so it is closed, not played on
 * (docs/decisions.md). Rows from before the columns existed (null) play on.
 */
export function isForeign(
  row: { engine_version: string | null; catalogue_version: string | null },
  current: BattleVersions,
): boolean {
  return (
    (row.engine_version !== null && row.engine_version !== current.engine) ||
    (row.catalogue_version !== null && row.catalogue_version !== current.catalogue)
  );
}

/**
 * A new battle's stored row, the same for both modes: active, no actions
 * yet, the opening state and the versions it was made with. `cpuId` is the
 * story opponent (0 for arena games: story's start resumes a row by cpu_id).
 */
export function newBattleRow(b: {
  id: string;
  userId: number;
  mode: string;
  cpuId: number;
  setup: unknown;
  state: { version: number };
  now: string;
  versions: BattleVersions;
}) {
  return {
    id: b.id,
    user_id: b.userId,
    mode: b.mode,
    cpu_id: b.cpuId,
    status: "active",
    setup: JSON.stringify(b.setup),
    actions: "[]",
    state: JSON.stringify(b.state),
    version: b.state.version,
    winner: null,
    rewards: null,
    created_at: b.now,
    updated_at: b.now,
    finished_at: null,
    engine_version: b.versions.engine,
    catalogue_version: b.versions.catalogue,
  };
}
