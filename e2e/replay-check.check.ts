import { join } from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { currentBattleVersions } from "../apps/server/src/battles/battle-versions.ts";
import { loadGameContent } from "../apps/server/src/content-bridge.ts";
import { rebuildReplay } from "../apps/server/src/replays/replay-builder.ts";

/**
 * Issue 16: "a test replays every battle the journeys played". Runs after
 * the journeys project (playwright.config.ts, project replay-check), opens
 * their SQLite database read-only and rebuilds, with the server's own
 * replay builder, the replay of every finished battle for each seat: each
 * must reach exactly the final state the server stored. Battles closed
 * unplayed (another game version) have no end and are not replays.
 */

interface Row {
  id: string;
  mode: string;
  setup: string;
  actions: string;
  state: string;
  engine_version: string | null;
  catalogue_version: string | null;
}

test("every battle the journeys finished replays to its stored final state, for both seats", () => {
  const dataDir = process.env.E2E_DATA_DIR;
  expect(dataDir, "E2E_DATA_DIR names the journeys' data folder").toBeTruthy();
  const db = new Database(join(dataDir ?? "", "cardrealm.sqlite"), {
    readonly: true,
    fileMustExist: true,
  });
  let rows: Row[];
  try {
    rows = db
      .prepare(
        "select id, mode, setup, actions, state, engine_version, catalogue_version from battles where status = 'finished'",
      )
      .all() as Row[];
  } finally {
    db.close();
  }
  const played = rows.filter((r) => (JSON.parse(r.state) as { over?: boolean }).over === true);
  // Never passes empty: the journeys win, lose and give up battles of every mode.
  expect(played.length).toBeGreaterThan(0);
  const content = loadGameContent();
  const versions = currentBattleVersions(content.apiCards);
  const failures: string[] = [];
  for (const row of played) {
    for (const side of [0, 1] as const) {
      const r = rebuildReplay(row, side, content.catalogue, versions);
      if (!r.ok) failures.push(`${row.mode} ${row.id} seat ${side}: ${r.reason} (${r.detail})`);
      else expect(JSON.parse(JSON.stringify(r.final))).toEqual(JSON.parse(row.state));
    }
  }
  expect(failures).toEqual([]);
  const modes = [...new Set(played.map((r) => r.mode))].sort();
  test.info().annotations.push({
    type: "replayed",
    description: `${played.length} battles (${modes.join(", ")}), both seats`,
  });
});
