import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openSqlite } from "../src/db/database.ts";

async function until(cond: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("SQLite checkpoints in a worker thread", () => {
  it("the server's connection never checkpoints; the worker copies the WAL into the file and nothing is lost", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "cardrealm-ckpt-")), "t.sqlite");
    const db = openSqlite(path);
    const raw = db.sqlite;
    if (!raw) throw new Error("openSqlite gives the raw connection");
    raw.exec("create table t (id integer primary key, body text not null)");
    const insert = raw.prepare("insert into t (body) values (?)");
    const body = "x".repeat(3_000);
    // The server's own connection never checkpoints (SQLite's default would, inside
    // the commit that finds the WAL over 1,000 pages, on the event loop) ...
    expect(raw.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
    for (let i = 0; i < 3_000; i++) insert.run(body);
    // ... the worker does, on its own connection, while the main thread goes on.
    await until(() => statSync(path).size > 3_000 * 3_000, "the worker's checkpoint");
    await db.close();

    const again = new SQLite(path, { readonly: true });
    expect(again.prepare("select count(*) as n from t").get()).toEqual({ n: 3_000 });
    again.close();
  });
});
