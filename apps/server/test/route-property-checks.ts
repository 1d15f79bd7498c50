/**
 * What a generated request may leave behind (every-route-property.test.ts):
 * snapshots of every table, "a refusal changed nothing", "every gem ledger
 * still sums to its balance", the error shape of a 4xx; and the real ids and
 * the deleted player's token the requests use.
 */
import { readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { ERROR_CODES } from "@cardrealm/protocol";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { expect } from "vitest";
import type { Db } from "../src/db/database.ts";
import { newGuest } from "./harness.ts";

/** Every table of the schema, read from the Database interface in schema.ts. */
export function schemaTables(): string[] {
  const source = readFileSync(new URL("../src/db/schema.ts", import.meta.url), "utf8");
  const block = /export interface Database \{([^}]*)\}/.exec(source)?.[1] ?? "";
  return [...block.matchAll(/^\s*(\w+):/gm)].map((m) => m[1] as string);
}
export const TABLES = schemaTables();

export type Snapshot = Record<string, string[]>;

export async function snapshot(db: Db): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const table of TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      db.kysely,
    );
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

/**
 * A refusal changed nothing: every table as before, except that the operator's
 * log may hold new rows recording this refusal (issue 23 item 9: every
 * attempt is written, with its outcome), never a "done" one.
 */
export function expectOnlyRefusalLogged(before: Snapshot, after: Snapshot, status: number): void {
  const { operator_actions: logBefore = [], ...restBefore } = before;
  const { operator_actions: logAfter = [], ...restAfter } = after;
  expect(restAfter).toEqual(restBefore);
  expect(logAfter.filter((row) => logBefore.includes(row)).length).toBe(logBefore.length);
  for (const row of logAfter.filter((r) => !logBefore.includes(r))) {
    const logged = JSON.parse(row) as { outcome: string; status: number };
    expect(logged.outcome).not.toBe("done");
    expect(logged.status).toBe(status);
  }
}

/** Each player's gems: the ledger's deltas add up to users.silver and its last balance is it. */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  const users = await db.kysely.selectFrom("users").select(["id", "silver"]).execute();
  const ledger = await db.kysely
    .selectFrom("gem_ledger")
    .select(["user_id", "delta", "balance_after"])
    .orderBy("id")
    .execute();
  for (const u of users) {
    const rows = ledger.filter((l) => Number(l.user_id) === Number(u.id));
    const sum = rows.reduce((s, l) => s + Number(l.delta), 0);
    expect({ user: u.id, sum }).toEqual({ user: u.id, sum: Number(u.silver) });
    expect(Number(rows.at(-1)?.balance_after ?? 0)).toBe(Number(u.silver));
  }
}

/**
 * The answer's JSON. The property sends odd accept-encoding headers ("*"
 * among them), and @fastify/compress then answers a large enough body
 * compressed, as it should: decoded by its content-encoding first.
 */
export function jsonOf(res: LightMyRequestResponse): unknown {
  const raw = res.rawPayload;
  const encoding = String(res.headers["content-encoding"] ?? "identity");
  const decoders: Record<string, (b: Buffer) => Buffer> = {
    gzip: gunzipSync,
    br: brotliDecompressSync,
    deflate: inflateSync,
    identity: (b) => b,
  };
  const decode = decoders[encoding];
  if (!decode) throw new Error(`unexpected content-encoding ${encoding}`);
  return JSON.parse(decode(raw).toString("utf8"));
}

export function expectErrorShape(res: LightMyRequestResponse, method: string): void {
  expect(String(res.headers["content-type"])).toMatch(/^application\/json/);
  if (method === "HEAD") return; // a HEAD answer has no body
  const body: unknown = jsonOf(res);
  expect(body).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
  const { code, message } = (body as { error: { code: string; message: string } }).error;
  expect(ERROR_CODES).toContain(code);
  expect(message.length).toBeGreaterThan(3);
}

/** Signs up a guest, then deletes every row of theirs: their token stays well signed. */
export async function deletedPlayersToken(db: Db, app: FastifyInstance): Promise<string> {
  const { user } = await newGuest(app);
  const tables = await db.kysely.introspection.getTables();
  for (const table of TABLES) {
    const owned = tables.find((x) => x.name === table)?.columns.some((c) => c.name === "user_id");
    if (owned)
      await sql`delete from ${sql.table(table)} where user_id = ${user.id}`.execute(db.kysely);
  }
  await db.kysely.deleteFrom("users").where("id", "=", user.id).execute();
  return user.jwtToken;
}

/**
 * Real ids, so a run reaches past "no such id": a battle's (given up, so a
 * replay too), its share id, a payment order's, the player's own id.
 */
export async function realIds(
  app: FastifyInstance,
  auth: Record<string, string>,
): Promise<string[]> {
  const post = async (url: string, payload: object) =>
    (await app.inject({ method: "POST", url, headers: auth, payload })).json() as {
      data?: unknown;
    };
  const started = (await post("/api/game/cpu/start", { cpu_id: 6 })).data as
    | { game_data?: { game_id?: string } }[]
    | undefined;
  const gameId = started?.at(-1)?.game_data?.game_id;
  if (gameId) await post("/api/game/cpu/giveup", { game_id: gameId });
  const share = gameId
    ? ((await post(`/api/replays/${gameId}/share`, {})).data as { share_id?: string } | undefined)
    : undefined;
  const order = (await post("/api/local/payment/create", { id: 1 })).data as
    | { order_id?: string }
    | undefined;
  const ids = [gameId, share?.share_id, order?.order_id];
  expect(ids.every((id) => typeof id === "string")).toBe(true);
  return ids as string[];
}
