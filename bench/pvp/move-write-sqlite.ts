/**
 * The writer's batch on SQLite with the battles table's indexes: a move that
 * writes updated_at while an index covers it (before migration 0017) against
 * one that writes no indexed column (`left`). 2,000 games of 40 moves in
 * batches of 64 at synchronous=NORMAL on a scratch file; states and actions
 * from STATES (JSON lines of {state, action} from a run) or a ~1 KB state.
 * Prints the time and the WAL bytes a move.
 *
 *   npx tsx bench/pvp/move-write-sqlite.ts touch|left
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { moveSamples } from "./move-samples.ts";

const samples = moveSamples();
const touch = process.argv[2] !== "left";
const dir = mkdtempSync(join(tmpdir(), "cardrealm-move-write-"));
const db = new Database(join(dir, "t.db"));
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
db.pragma("wal_autocheckpoint = 0");
db.exec(`create table battles (id text primary key, user_id integer not null, version integer, actions text, state text, setup text, updated_at text, status text);
create unique index battles_one_active on battles (user_id) where status = 'active';
create index battles_user_updated on battles (user_id, updated_at);`);
const G = 2000;
const MOVES = 40;
const idOf = (g: number) => `game-${g}-${"x".repeat(24)}`;
const ins = db.prepare("insert into battles values (?, ?, 0, '[]', ?, ?, '', 'active')");
db.transaction(() => {
  for (let g = 0; g < G; g++)
    ins.run(idOf(g), (g * 7919) % 100000, samples[0]?.state, "s".repeat(1000));
})();
db.pragma("wal_checkpoint(TRUNCATE)");
const APPEND =
  "case when actions = '[]' then '[' || ? || ']' else substr(actions, 1, length(actions) - 1) || ',' || ? || ']' end";
const up = db.prepare(
  `update battles set version = ?, actions = ${APPEND}, state = ?${touch ? ", updated_at = ?" : ""} where id = ? and version = ? and status = 'active'`,
);
let walBytes = 0;
let n = 0;
const t0 = process.hrtime.bigint();
for (let v = 0; v < MOVES; v++) {
  for (let b = 0; b < G; b += 64) {
    db.transaction(() => {
      for (let g = b; g < Math.min(G, b + 64); g++) {
        const s = samples[(v * 31 + g) % samples.length] as { state: string; action: string };
        const at = `2026-12-07T13:${String(v).padStart(2, "0")}:${String(g % 60).padStart(2, "0")}.000Z`;
        if (touch) up.run(v + 1, s.action, s.action, s.state, at, idOf(g), v);
        else up.run(v + 1, s.action, s.action, s.state, idOf(g), v);
        n++;
      }
    })();
  }
  walBytes += statSync(join(dir, "t.db-wal")).size;
  db.pragma("wal_checkpoint(TRUNCATE)");
}
const us = Number(process.hrtime.bigint() - t0) / 1000 / n;
console.log(
  `${touch ? "updated_at written (indexed)" : "no indexed column written"}: ${us.toFixed(1)} us a move, ${(walBytes / n / 1024).toFixed(2)} KB of WAL a move`,
);
db.close();
rmSync(dir, { recursive: true, force: true });
