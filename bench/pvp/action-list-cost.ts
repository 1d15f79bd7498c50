/**
 * What an arena move's row write costs on SQLite: the action list rewritten
 * in the UPDATE (battles.actions, as db/arena-move-batch.ts does) against an
 * INSERT into a moves table, for 2,000 games of 60 moves in batches of 64 at
 * synchronous=NORMAL, on a scratch file. STATE sets the state's size (bytes).
 *
 *   npx tsx bench/pvp/action-list-cost.ts append
 *   npx tsx bench/pvp/action-list-cost.ts moves
 *   STATE=1500 npx tsx bench/pvp/action-list-cost.ts append
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";

const dir = mkdtempSync(join(tmpdir(), "cardrealm-action-list-"));
const path = join(dir, "t.db");
const db = new Database(path);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
db.exec(`create table battles (id text primary key, version integer, actions text, state text, updated_at text, status text);
create table battle_moves (battle_id text not null, seq integer not null, action text not null, primary key (battle_id, seq)) without rowid;`);
const G = 2000,
  MOVES = 60;
const state = JSON.stringify({ x: "a".repeat(Number(process.env.STATE ?? 4000)) });
const ins = db.prepare("insert into battles values (?, 0, '[]', ?, '', 'active')");
db.transaction(() => {
  for (let g = 0; g < G; g++) ins.run(`game-${g}-xxxxxxxxxxxxxxxxxxxx`, state);
})();
const APPEND =
  "case when actions = '[]' then '[' || ? || ']' else substr(actions, 1, length(actions) - 1) || ',' || ? || ']' end";
const upA = db.prepare(
  `update battles set version = ?, actions = ${APPEND}, state = ?, updated_at = ? where id = ? and version = ? and status = 'active'`,
);
const upB = db.prepare(
  `update battles set version = ?, state = ?, updated_at = ? where id = ? and version = ? and status = 'active'`,
);
const insM = db.prepare("insert into battle_moves values (?, ?, ?)");
const action = JSON.stringify({ type: "play_card", side: 0, card: 12345, slot: 3 });
const mode = process.argv[2];
const t0 = process.hrtime.bigint();
let n = 0;
for (let v = 0; v < MOVES; v++) {
  for (let b = 0; b < G; b += 64) {
    db.transaction(() => {
      for (let g = b; g < Math.min(G, b + 64); g++) {
        const id = `game-${g}-xxxxxxxxxxxxxxxxxxxx`;
        if (mode === "append") upA.run(v + 1, action, action, state, "now", id, v);
        else {
          upB.run(v + 1, state, "now", id, v);
          insM.run(id, v + 1, action);
        }
        n++;
      }
    })();
  }
  if (v % 10 === 9) db.pragma("wal_checkpoint(PASSIVE)");
}
const us = Number(process.hrtime.bigint() - t0) / 1000 / n;
console.log(mode, "state", state.length, "us/move", us.toFixed(1));
db.close();
rmSync(dir, { recursive: true, force: true });
