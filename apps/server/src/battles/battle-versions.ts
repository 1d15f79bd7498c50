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
