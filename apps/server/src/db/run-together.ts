import { CompiledQuery } from "kysely";
import type { DialectName } from "./database.ts";
import type { Executor } from "./executor.ts";
import type { Prepared } from "./prepared.ts";

/** One prepared statement with its parameters, to be run with others (`runTogether`). */
export interface Part {
  query: Prepared<unknown>;
  params: readonly unknown[];
}

/** The combined statements, by the SQL of their parts (a handful of shapes a caller). */
const combined = new Map<string, string>();

/**
 * The parts' SQL as one PostgreSQL statement: each part a data-modifying
 * common table expression, `WITH s0 AS (...), s1 AS (...) SELECT * FROM s0`,
 * its `$n` parameters renumbered after the parts before it. PostgreSQL runs
 * every part whether the final SELECT reads it or not, all against the same
 * snapshot: the parts must not read what another part writes.
 */
function combinedSql(parts: readonly CompiledQuery<unknown>[]): string {
  const key = parts.map((p) => p.sql).join("\u0000");
  const known = combined.get(key);
  if (known !== undefined) return known;
  let offset = 0;
  const bodies = parts.map((p, i) => {
    // Only `$n` parameters: a quoted literal could hold a `$` the renumbering would change.
    if (p.sql.includes("'") || p.sql.includes("$$")) {
      throw new Error(`runTogether takes no quoted literal: ${p.sql}`);
    }
    const body = p.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
    offset += p.parameters.length;
    return `s${i} as (${body})`;
  });
  const sql = `with ${bodies.join(", ")} select * from s0`;
  combined.set(key, sql);
  return sql;
}

/**
 * Runs prepared writes in order, inside the caller's transaction, and answers
 * the first part's RETURNING rows. On PostgreSQL they go as ONE statement (one
 * round trip instead of one each: a box's charge, ledger, cards, record and
 * fact were five; bench/api, session 19); on SQLite, in process, one after
 * another. Either way the caller must check the first part's rows and throw
 * (rolling the transaction back) when it wrote nothing: the other parts have
 * run by then.
 */
export async function runTogether<R>(
  trx: Executor,
  dialect: DialectName,
  parts: readonly [{ query: Prepared<R>; params: readonly unknown[] }, ...Part[]],
): Promise<R[]> {
  if (dialect === "sqlite") {
    const [first, ...rest] = parts;
    const rows: R[] = await first.query(trx, first.params);
    for (const part of rest) await part.query(trx, part.params);
    return rows;
  }
  const compiled = parts.map((p) => p.query.compiledFor(trx, p.params));
  const result = await trx.executeQuery<R>(
    CompiledQuery.raw(
      combinedSql(compiled),
      compiled.flatMap((c) => c.parameters),
    ),
  );
  return result.rows;
}
