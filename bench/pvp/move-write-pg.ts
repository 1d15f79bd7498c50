/**
 * What an arena move's row write costs on PostgreSQL, by how the action list
 * is kept: `append` rewrites battles.actions in the UPDATE (as
 * db/arena-move-batch.ts does), `moves` inserts the action into a table of its
 * own, `none` writes the state only (a lower bound). The table has the
 * battles table's three indexes; TOUCH=0 leaves updated_at (an indexed
 * column) alone, so PostgreSQL can update a row in its page without touching
 * the indexes (a HOT update) when FILL (the fillfactor, default 100) leaves
 * room. States and actions from STATES (a JSON-lines file of {state, action}
 * taken from a run; else a ~1 KB state of cards), 2,000 games of MOVES moves
 * in batches of BATCH, one statement a batch with synchronous_commit off, as
 * the server's writer sends it, on a scratch database made and dropped here.
 * Prints the wall time a move (the statement's round trip: PostgreSQL's work
 * and the driver's), this process's CPU a move, the tables' size and the
 * share of HOT updates.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/pvp/move-write-pg.ts append
 *   TOUCH=0 FILL=80 BENCH_DATABASE_URL=... npx tsx bench/pvp/move-write-pg.ts moves
 */
import pg from "pg";
import { moveSamples } from "./move-samples.ts";

const base = process.env.BENCH_DATABASE_URL;
if (!base) throw new Error("BENCH_DATABASE_URL is needed (a PostgreSQL server)");
const mode = process.argv[2] ?? "append";
const G = 2000;
const MOVES = Number(process.env.MOVES ?? 40);
const BATCH = Number(process.env.BATCH ?? 256);
const samples = moveSamples();

/** TOUCH=0: the move leaves updated_at (an indexed column) alone, so PostgreSQL can update in place (HOT). */
const TOUCH = process.env.TOUCH !== "0";
const FILL = Number(process.env.FILL ?? 0);
/** A game's setup (both decks and seats), stored with the row: about 1 KB. */
const SETUP = JSON.stringify({
  decks: [
    Array.from({ length: 30 }, (_, i) => 1000 + i),
    Array.from({ length: 30 }, (_, i) => 2000 + i),
  ],
  seats: [1, 2],
  seed: 123456789,
  mode: "pvp",
});
const name = `move_write_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const u = new URL(base);
u.pathname = `/${name}`;
const db = new pg.Client({ connectionString: u.toString() });
await db.connect();
try {
  await db.query(`create table battles (id varchar primary key, user_id integer not null, version integer not null, actions text not null, state text not null, setup text not null, updated_at varchar not null, status varchar not null)${FILL ? ` with (fillfactor = ${FILL})` : ""};
create unique index battles_one_active on battles (user_id) where status = 'active';
create index battles_user_updated on battles (user_id, updated_at);
create table battle_moves (battle_id varchar not null, seq integer not null, action text not null, primary key (battle_id, seq));`);
  const ids = Array.from({ length: G }, (_, g) => `game-${g}-${"x".repeat(24)}`);
  for (let g = 0; g < G; g += 500) {
    const chunk = ids.slice(g, g + 500);
    await db.query(
      "insert into battles select id, $4::integer + n, 0, '[]', $2, $3, '', 'active' from unnest($1::varchar[]) with ordinality as t(id, n)",
      [chunk, samples[0]?.state ?? "", SETUP, g],
    );
  }
  let n = 0;
  let busyMs = 0;
  const cpu0 = process.cpuUsage();
  const cpu = () => {
    const c = process.cpuUsage(cpu0);
    return (c.user + c.system) / 1000;
  };
  for (let v = 0; v < MOVES; v++) {
    for (let b = 0; b < G; b += BATCH) {
      const rows = ids.slice(b, b + BATCH);
      const params: unknown[] = [];
      const values = rows
        .map((id, i) => {
          const s = samples[(v * 31 + b + i) % samples.length] as { state: string; action: string };
          params.push(
            id,
            v,
            v + 1,
            s.action,
            s.state,
            `2026-12-07T13:${String(v).padStart(2, "0")}:00.000Z`,
          );
          const p = params.length - 6;
          return `($${p + 1}::varchar, $${p + 2}::integer, $${p + 3}::integer, $${p + 4}::text, $${p + 5}::text, $${p + 6}::varchar)`;
        })
        .join(",");
      const actions =
        mode === "append"
          ? `actions = case when battles.actions = '[]' then '[' || v.action || ']' else substr(battles.actions, 1, length(battles.actions) - 1) || ',' || v.action || ']' end,`
          : "";
      const moves =
        mode === "moves"
          ? ", moved as (insert into battle_moves select saved.id, v.version, v.action from saved join v on v.id = saved.id)"
          : "";
      const sqlText = `with relaxed as (select set_config('synchronous_commit', 'off', true)),
v (id, expected, version, action, state, now) as (values ${values}),
saved as (update battles set version = v.version, ${actions} state = v.state${TOUCH ? ", updated_at = v.now" : ""}
  from v, relaxed where battles.id = v.id and battles.version = v.expected and battles.status = 'active' returning battles.id)${moves}
select count(*) from saved`;
      const t0 = performance.now();
      await db.query(sqlText, params);
      busyMs += performance.now() - t0;
      n += rows.length;
    }
  }
  const size = await db.query(
    "select pg_total_relation_size('battles') + pg_total_relation_size('battle_moves') as bytes, (select n_tup_hot_upd::float / greatest(n_tup_upd, 1) from pg_stat_user_tables where relname = 'battles') as hot",
  );
  console.log(
    `${mode}: ${((busyMs * 1000) / n).toFixed(1)} us a move (${n} moves, batches of ${BATCH}, ${MOVES} moves a game), tables ${(Number(size.rows[0]?.bytes) / 1e6).toFixed(1)} MB, ${(Number(size.rows[0]?.hot) * 100).toFixed(0)} % of updates HOT (TOUCH=${TOUCH ? 1 : 0}, FILL=${FILL || 100}), client CPU ${((cpu() * 1000) / n).toFixed(1)} us a move`,
  );
} finally {
  await db.end();
  await admin.query(`drop database ${name}`);
  await admin.end();
}
