/**
 * "Repositories are the only code with SQL" (docs/architecture.md). Biome's
 * noRestrictedImports keeps kysely, pg and better-sqlite3 out of every server
 * source outside db/, but a service could still build a query through the
 * `db.kysely` handle it is given without importing anything: this test reads
 * every source outside db/ for query-builder calls and raw SQL.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = join(dirname(fileURLToPath(import.meta.url)), "..", "src");

/** Every server source outside db/ must hold no SQL (only db/ and its repositories do). */
const SQL_HOME = "db";

const QUERY =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`|\.(prepare|exec)\(\s*["'`]/;

function files(path: string): string[] {
  const full = join(src, path);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full).flatMap((name) => files(join(path, name)));
}

describe("layering", () => {
  it("no server source outside db/ builds SQL", () => {
    const outside = readdirSync(src).filter((name) => name !== SQL_HOME);
    expect(outside.length).toBeGreaterThan(10);
    const offenders = outside
      .flatMap(files)
      .filter((f) => f.endsWith(".ts"))
      .flatMap((f) =>
        readFileSync(f, "utf8")
          .split("\n")
          .map((line, i) => ({ where: `${relative(src, f)}:${i + 1}`, line }))
          .filter(({ line }) => QUERY.test(line) && !line.trim().startsWith("*")),
      )
      .map(({ where, line }) => `${where}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });

  it("battles/ answers refusals in domain words, never HTTP, in files of at most ~400 lines", () => {
    const battles = files("battles").filter((f) => f.endsWith(".ts"));
    const http = battles.filter((f) =>
      /from "\.\.\/http\/|HttpError/.test(readFileSync(f, "utf8")),
    );
    expect(http.map((f) => relative(src, f))).toEqual([]);
    const long = battles
      .map((f) => ({ f: relative(src, f), lines: readFileSync(f, "utf8").split("\n").length }))
      .filter((x) => x.lines > 420);
    expect(long).toEqual([]);
  });

  it("would notice a query in a service", () => {
    expect(QUERY.test('    await k.selectFrom("users").selectAll().execute();')).toBe(true);
    expect(QUERY.test("    await sql`select 1`.execute(db);")).toBe(true);
  });
});
