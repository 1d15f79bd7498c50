/**
 * `npm run season-end`: runs the season-end job once against the configured
 * database (DATABASE_URL or the SQLite file under DATA_DIR), then exits.
 *
 *   npm run season-end              end the open season if its end time has come
 *   npm run season-end -- --force   end the open season now
 *   npm run season-end -- --status  only show the open season
 *
 * The server runs the same job on its own at the season's end; this command
 * is for operators (an early end, a catch-up after downtime, cron).
 */

import { ConfigError, loadConfig } from "../config.ts";
import { loadGameContent } from "../content-bridge.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { createProgression } from "./progression.ts";
import { createSeasonEnd } from "./season-end.ts";

const USAGE = "usage: npm run season-end [-- --force | --status]";

async function main(argv: string[]): Promise<number> {
  const flags = new Set(argv);
  for (const f of flags) {
    if (f !== "--force" && f !== "--status") {
      console.error(`unknown option ${f}\n${USAGE}`);
      return 2;
    }
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  // Content is loaded only to fail early on a broken checkout.
  loadGameContent();
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const clock = Date.now;
    const progression = createProgression({ db, clock });
    const open = await progression.ensureSeason();
    if (flags.has("--status")) {
      console.log(`open season ${open.id}, ends ${open.ends_at}`);
      return 0;
    }
    const job = createSeasonEnd({ db, clock, progression });
    const r = await job.run({ force: flags.has("--force") });
    if (r.closed) console.log(`closed season ${r.closed}: ${r.players} players recorded`);
    else console.log(`season ${open.id} is not over yet (ends ${open.ends_at}); nothing closed`);
    console.log(`rank rewards paid: ${r.paid}`);
    console.log(`open season ${r.open.id}, ends ${r.open.ends_at}`);
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error("season-end failed:", err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
