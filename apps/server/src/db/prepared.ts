import type { Compilable, CompiledQuery } from "kysely";
import type { Executor } from "./executor.ts";

/**
 * A query built and compiled once per database (its transactions included), then run with new
 * parameters: Kysely builds and compiles every query anew (immutable nodes,
 * frozen objects, a visitor pass), which was about three quarters of a
 * primary-key lookup's CPU on the hot paths (bench/api, session 8). `build`
 * must put the varying values, in order, as the query's only parameters
 * (`params` replaces them); constants go in with `sql.lit` or as fixed
 * parameters listed by `fixed`.
 *
 *   const byId = prepared((db) => db.selectFrom("users").selectAll().where("id", "=", 0));
 *   const rows = await byId(db, [userId]);
 */
/** A prepared query: run it with its parameters, or read its compiled form (db/run-together.ts). */
export interface Prepared<R> {
  (db: Executor, params: readonly unknown[]): Promise<R[]>;
  /** The query compiled for this database's dialect (compiled once), with these parameters. */
  compiledFor(db: Executor, params: readonly unknown[]): CompiledQuery<R>;
}

export function prepared<R>(build: (db: Executor) => Compilable<R>): Prepared<R> {
  // Keyed by the dialect's adapter, which a database handle shares with every
  // transaction opened on it (the compiled SQL depends only on the dialect):
  // a query run inside transactions is compiled once too, not once per transaction.
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  const compiledFor = (db: Executor, params: readonly unknown[]): CompiledQuery<R> => {
    const key = db.getExecutor().adapter;
    let query = compiled.get(key);
    if (!query) {
      query = build(db).compile();
      compiled.set(key, query);
    }
    if (query.parameters.length !== params.length) {
      throw new Error(
        `prepared query takes ${query.parameters.length} parameters, given ${params.length}: ${query.sql}`,
      );
    }
    return { ...query, parameters: params };
  };
  const run = async (db: Executor, params: readonly unknown[]): Promise<R[]> => {
    const result = await db.executeQuery<R>(compiledFor(db, params));
    return result.rows;
  };
  return Object.assign(run, { compiledFor });
}
