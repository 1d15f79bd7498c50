import { readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import * as protocol from "@cardrealm/protocol";
import { ERROR_CODES } from "@cardrealm/protocol";
import fc from "fast-check";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Db } from "../src/db/database.ts";
import { type RouteEntry, routesOf } from "../src/http/route-table.ts";
import { announceDialects, DIALECTS, newGuest, type TestApp, testApp } from "./harness.ts";

// FC_SEED=<seed from a failure's report> replays that run's requests.
if (process.env.FC_SEED) fc.configureGlobal({ seed: Number(process.env.FC_SEED) });

announceDialects();

/**
 * Issue 12: generated malformed requests to EVERY route of the route table
 * (recorded by src/http/route-table.ts as the app registers them, so routes
 * added later are covered without touching this file). Bodies, queries, path
 * parameters and headers come from generic generators; the only knowledge of
 * the API is the field names the protocol package's schemas declare, so a
 * run sometimes sends a valid-looking body. Properties:
 * - never a 5xx;
 * - a 4xx is `{ error: { code, message } }` with a protocol code, and no
 *   table of the schema changed (the request was refused, nothing happened);
 * - a 2xx under /api/ is `{ data: ... }`; it may change state (its body
 *   happened to be valid), but every player's gem ledger still sums to their
 *   balance.
 */

/** The operator console's and the metrics' tokens, so their routes exist and are reached. */
const OPERATOR_TOKEN = "property-test-operator-token-0123456789";
const METRICS_TOKEN = "property-test-metrics-token-0123";

/**
 * Settings for the app under test. Throttling added later may refuse a
 * burst from one address (a 429 still has to be the error shape, but then
 * the routes behind it are not exercised): raise its limits here. Every
 * optional part of the API is on: the operator console, /metrics and the
 * payment sandbox.
 */
const APP_ENV: Record<string, string> = {
  EVENTS_PER_MINUTE: "10000",
  LOGIN_FAILURES_PER_LOGIN: "1000000",
  OPERATOR_TOKENS: `property=${OPERATOR_TOKEN}`,
  METRICS_TOKEN,
  PAYMENT_SANDBOX: "1",
};

/** Runs per route (each run is one request, with or without a token). */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 30);

/**
 * Answers a route must give at least once over its runs, so the sweep is
 * known to reach past its checks: a login that is well formed but wrong
 * (401), the operator console and /metrics with their tokens (200). These
 * routes get more batches of runs until they do (at most ten).
 */
const MUST_SEE: Record<string, number[]> = {
  "POST /api/login": [401],
  "GET /api/operator/players": [200],
  "GET /metrics": [200],
};

/** Every table of the schema, read from the Database interface in schema.ts. */
function schemaTables(): string[] {
  const source = readFileSync(new URL("../src/db/schema.ts", import.meta.url), "utf8");
  const block = /export interface Database \{([^}]*)\}/.exec(source)?.[1] ?? "";
  return [...block.matchAll(/^\s*(\w+):/gm)].map((m) => m[1] as string);
}
const TABLES = schemaTables();

type Snapshot = Record<string, string[]>;

async function snapshot(db: Db): Promise<Snapshot> {
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
function expectOnlyRefusalLogged(before: Snapshot, after: Snapshot, status: number): void {
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
async function expectLedgerBalanced(db: Db): Promise<void> {
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

// ---- generic generators -------------------------------------------------

/** Field names the protocol's schemas declare (nested objects' too): the generic key pool. */
function protocolKeys(): string[] {
  const keys = new Set<string>();
  const walk = (schema: unknown, depth: number): void => {
    if (depth > 3) return;
    if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
      walk(schema.unwrap(), depth);
      return;
    }
    if (schema instanceof z.ZodArray) {
      walk(schema.element, depth + 1);
      return;
    }
    if (!(schema instanceof z.ZodObject)) return;
    for (const [k, v] of Object.entries(schema.shape as Record<string, unknown>)) {
      keys.add(k);
      walk(v, depth + 1);
    }
  };
  for (const value of Object.values(protocol)) walk(value, 0);
  return [...keys];
}
const KEYS = protocolKeys();

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 24,
});
const headerSafe = fc.string({
  unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});

/** Any UTF-16 code units: lone surrogates, NUL and every control character among them. */
const codeUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 16,
});

/** What no text holds (NUL, lone surrogates) and a one-line field must not (controls). */
const notText = fc.constantFrom(
  "\u0000",
  "\ud800",
  "\u0000",
  "\udfff",
  "\u0000",
  "\udc00",
  "\u001b",
  "\n",
);

/**
 * A plausible value with one bad character put in it: it passes a field's
 * length and type checks, so only a text check stops it before the database.
 */
const spoiled = (plausibleText: fc.Arbitrary<string>) =>
  fc
    .tuple(plausibleText, notText, fc.nat())
    .map(
      ([s, bad, at]) => `${s.slice(0, at % (s.length + 1))}${bad}${s.slice(at % (s.length + 1))}`,
    );

/** Strings that break parsers and checks. */
const nastyString = fc.oneof(
  printable,
  fc.string({ unit: "grapheme", maxLength: 12 }),
  // Full Unicode (astral planes too), and raw code units with lone surrogates and NUL.
  fc.string({ unit: "binary", maxLength: 12 }),
  codeUnits,
  fc.constantFrom(
    "",
    " ",
    "null",
    "0",
    "-1",
    "1e309",
    "NaN",
    "../../etc/passwd",
    "' or 1=1 --",
    "<script>alert(1)</script>",
    "\u0000",
    "\ud800",
    "__proto__",
    "💥".repeat(50),
  ),
  fc.integer({ min: 200, max: 6000 }).map((n) => "x".repeat(n)),
);

/**
 * Values of any type; with the plausible ones (small numbers, ids, uuids,
 * short words) a body is sometimes valid, so the 2xx side runs too.
 */
const plausible = (words: readonly string[]) =>
  fc.oneof(
    fc.integer({ min: 0, max: 5 }),
    fc.integer({ min: 1000, max: 1100 }),
    fc.uuid(),
    fc.constantFrom(...words),
    fc.stringMatching(/^[a-z][a-z0-9]{3,12}$/),
  );

function valueArb(words: readonly string[]): fc.Arbitrary<unknown> {
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      plausible(words),
      nastyString,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), printable), tie("value"), { maxKeys: 4 }),
    ),
  }));
  return value;
}

/** A body field a route named in its answer to `{}`, with the type it said it expects. */
interface Field {
  path: string[];
  expects: string | undefined;
}

/**
 * Asks a route which body fields it wants: its 400 to `{}` names each
 * missing field and the type expected ("deck_number: Invalid input:
 * expected number, received undefined"). Generic: it reads the route's own
 * answer, so new fields (a signature, a timestamp) are picked up as they come.
 */
async function learnFields(
  app: FastifyInstance,
  route: RouteEntry,
  authorization: string,
  words: readonly string[],
): Promise<Field[]> {
  if (route.method === "HEAD" || route.websocket) return [];
  // A GET names its query's fields the same way.
  const get = route.method === "GET";
  const url = route.url
    .split("/")
    .map((s) => (s.startsWith(":") || s === "*" ? (words[0] ?? "x") : s))
    .join("/");
  const fields = new Map<string, Field>();
  // Twice: the second pass fills the first one's objects, so nested fields show.
  let probe: Record<string, unknown> = {};
  for (let pass = 0; pass < 2; pass++) {
    const res = await app.inject({
      method: route.method as InjectOptions["method"],
      url,
      headers: get ? { authorization } : { authorization, "content-type": "application/json" },
      ...(get ? {} : { payload: JSON.stringify(probe) }),
    });
    if (res.statusCode !== 400) break;
    const message = String((res.json() as { error?: { message?: string } }).error?.message ?? "");
    const details = message.replace(/^[^:]*(body|query): /, "").split("; ");
    for (const d of details) {
      const m = /^([\w.]+): .*?(?:expected (\w+))?(?:,|$)/.exec(d);
      if (!m?.[1]) continue;
      fields.set(m[1], { path: m[1].split("."), expects: m[2] });
      if (m[2] === "object") probe = { ...probe, [m[1]]: {} };
    }
  }
  return [...fields.values()].filter((f) => f.expects !== "object");
}

/** A string that could well be valid (a real id among them), or one spoiled by a bad character. */
function stringFieldArb(words: readonly string[], numbers: readonly number[]) {
  const plausibleText = fc.oneof(
    { arbitrary: fc.constantFrom(...words), weight: 2 },
    { arbitrary: fc.uuid(), weight: 1 },
    // Short words: a login, a password, a nickname.
    { arbitrary: fc.stringMatching(/^[a-z][a-z0-9]{5,12}$/), weight: 3 },
    { arbitrary: fc.constantFrom(...numbers).map(String), weight: 1 },
  );
  return fc.oneof(
    { arbitrary: plausibleText, weight: 3 },
    { arbitrary: spoiled(plausibleText), weight: 2 },
  );
}

/** A value of the expected type that could well be valid, or anything at all. */
function fieldValueArb(f: Field, words: readonly string[], numbers: readonly number[]) {
  const typed: fc.Arbitrary<unknown> =
    f.expects === "number"
      ? fc.oneof(fc.constantFrom(...numbers), fc.integer({ min: 0, max: 5 }))
      : f.expects === "boolean"
        ? fc.boolean()
        : f.expects === "array"
          ? fc.array(fc.constantFrom(...numbers), { maxLength: 3 })
          : stringFieldArb(words, numbers);
  return fc.oneof({ arbitrary: typed, weight: 4 }, { arbitrary: valueArb(words), weight: 1 });
}

/** Objects of the fields a route asked for: often valid, sometimes one field off. */
function shapedBodyArb(
  fields: readonly Field[],
  words: readonly string[],
  numbers: readonly number[],
): fc.Arbitrary<string> {
  return fc
    .tuple(
      ...fields.map((f) => fc.option(fieldValueArb(f, words, numbers), { freq: 6 })),
      fc.option(fc.tuple(printable, valueArb(words)), { freq: 4 }),
    )
    .map((values) => {
      const body: Record<string, unknown> = {};
      fields.forEach((f, i) => {
        const v = values[i];
        if (v === null) return;
        let at = body;
        for (const key of f.path.slice(0, -1)) {
          const next = at[key];
          if (typeof next === "object" && next !== null) at = next as Record<string, unknown>;
          else {
            const inner: Record<string, unknown> = {};
            at[key] = inner;
            at = inner;
          }
        }
        at[f.path.at(-1) as string] = v;
      });
      const extra = values[fields.length] as [string, unknown] | null;
      if (extra) body[`x_${extra[0]}`] = extra[1];
      return JSON.stringify(body);
    });
}

/** A query of the fields a GET asked for: often valid, sometimes one value off. */
function shapedQueryArb(
  fields: readonly Field[],
  words: readonly string[],
  numbers: readonly number[],
): fc.Arbitrary<string> {
  return fc
    .tuple(...fields.map((f) => fc.option(fieldValueArb(f, words, numbers), { freq: 6 })))
    .map((values) => {
      const pairs = fields.flatMap((f, i) =>
        values[i] === null
          ? []
          : [
              `${pct(f.path.join("."))}=${pct(typeof values[i] === "string" ? values[i] : JSON.stringify(values[i]))}`,
            ],
      );
      return pairs.length ? `?${pairs.join("&")}` : "";
    });
}

function bodyArb(
  words: readonly string[],
  shaped: fc.Arbitrary<string> | undefined,
): fc.Arbitrary<string | undefined> {
  const value = valueArb(words);
  const object = fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), printable), value, {
    maxKeys: 5,
  });
  return fc.oneof(
    ...(shaped ? [{ arbitrary: shaped, weight: 12 }] : []),
    fc.constant(undefined),
    object.map((o) => JSON.stringify(o)),
    // A plausible object plus an extra key no schema has.
    fc.tuple(object, printable, value).map(([o, k, v]) => JSON.stringify({ ...o, [`x_${k}`]: v })),
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    // Not JSON (sent with a JSON content type most of the time).
    fc.oneof(
      printable,
      fc.constantFrom("{", "[1,", "{'a':1}", "undefined", '{"a":}', "\u0000", "\ufeff{}"),
    ),
    // Deep nesting and sizes around the 16 KB body limit.
    fc.integer({ min: 50, max: 8000 }).map((n) => "[".repeat(n) + "]".repeat(n)),
    fc.integer({ min: 10_000, max: 20_000 }).map((n) => JSON.stringify({ a: "y".repeat(n) })),
  );
}

const contentTypeArb = fc.oneof(
  { arbitrary: fc.constant("application/json"), weight: 16 },
  fc.constantFrom(
    undefined,
    "application/json; charset=utf-8",
    "application/JSON",
    "application/json; charset=latin1",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/xml",
    "application/jsonx",
    "json",
  ),
);

/** Percent-encodes every byte outside A-Z a-z 0-9 - _ . ~ (lone surrogates too, as UTF-8 of U+FFFD). */
const pct = (s: string) =>
  [...Buffer.from(s, "utf8")]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");

/** A path segment: plausible, junk (encoded), broken escapes or too long. */
function segmentArb(words: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...words), weight: 4 },
    fc.stringMatching(/^[a-z0-9]{1,12}$/),
    nastyString.map((s) => pct(s.slice(0, 300))),
    fc.constantFrom("%zz", "%E0%A4%A", "%", "%2F", "..", "%00", "a%20b", "%ED%A0%80", "%C0%80"),
    // A real id with a bad character in it.
    spoiled(fc.constantFrom(...words)).map(pct),
  );
}

function queryArb(words: readonly string[]): fc.Arbitrary<string> {
  const part = fc.oneof(
    fc.constantFrom(...KEYS, "token"),
    headerSafe.map((s) => s.replace(/[#&=]/g, "")),
  );
  const value = fc.oneof(
    nastyString.map((s) => pct(s.slice(0, 200))),
    fc.constantFrom("%zz", "%", "[]", "a[b]=c", "1&1", "", "%00", "%ED%A0%80"),
    fc.constantFrom(...words).map(pct),
    spoiled(fc.constantFrom(...words)).map(pct),
  );
  return fc
    .array(fc.tuple(part, value), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}` : ""));
}

type Auth = "none" | "guest" | "staff" | "junk" | "deleted";

function headersArb(
  token: string,
  deletedToken: string,
  staffToken: string | undefined,
): fc.Arbitrary<{ auth: Auth; headers: Record<string, string> }> {
  const authorization = fc.oneof(
    fc.constant<[Auth, string | undefined]>(["none", undefined]),
    // The operator's or the metrics' token, on their own routes.
    ...(staffToken
      ? [
          {
            arbitrary: fc.constant<[Auth, string | undefined]>(["staff", `Bearer ${staffToken}`]),
            weight: 12,
          },
        ]
      : []),
    { arbitrary: fc.constant<[Auth, string | undefined]>(["guest", `Bearer ${token}`]), weight: 5 },
    fc.constant<[Auth, string | undefined]>(["guest", `bearer   ${token}`]),
    // A genuine token whose player no longer exists.
    fc.constant<[Auth, string | undefined]>(["deleted", `Bearer ${deletedToken}`]),
    headerSafe.map<[Auth, string | undefined]>((s) => ["junk", `Bearer ${s}`]),
    fc
      .constantFrom("Bearer", "Basic YTpi", "Token abc", `Bearer ${token} extra`, `${token}`)
      .map<[Auth, string | undefined]>((s) => ["junk", s]),
    // The guest's token with one character changed: a forged signature or payload.
    fc
      .nat({ max: token.length - 1 })
      .map<[Auth, string | undefined]>((i) => [
        "junk",
        `Bearer ${token.slice(0, i)}${token[i] === "A" ? "B" : "A"}${token.slice(i + 1)}`,
      ]),
  );
  const odd = fc.dictionary(
    fc.constantFrom(
      "x-forwarded-for",
      "accept",
      "accept-encoding",
      "cookie",
      "origin",
      "x-request-id",
      "content-encoding",
    ),
    headerSafe,
    { maxKeys: 2 },
  );
  return fc
    .tuple(authorization, contentTypeArb, odd)
    .map(([[auth, authorizationHeader], contentType, extra]) => ({
      auth,
      headers: {
        ...extra,
        ...(authorizationHeader !== undefined ? { authorization: authorizationHeader } : {}),
        ...(contentType !== undefined ? { "content-type": contentType } : {}),
      },
    }));
}

interface GeneratedRequest {
  auth: Auth;
  options: InjectOptions;
}

function requestArb(
  route: RouteEntry,
  token: string,
  deletedToken: string,
  staffToken: string | undefined,
  words: readonly string[],
  shaped: { body?: fc.Arbitrary<string>; query?: fc.Arbitrary<string> },
): fc.Arbitrary<GeneratedRequest> {
  const segments = route.url.split("/");
  const path = fc
    .tuple(
      ...segments.map((s) => (s.startsWith(":") || s === "*" ? segmentArb(words) : fc.constant(s))),
    )
    .map((parts) => parts.join("/"));
  return fc
    .tuple(
      path,
      shaped.query
        ? fc.oneof({ arbitrary: shaped.query, weight: 3 }, queryArb(words))
        : queryArb(words),
      headersArb(token, deletedToken, staffToken),
      bodyArb(words, shaped.body),
      // From many addresses, so the per-address throttles (the operator
      // token's 10 failures a minute) do not close a route for the rest of its runs.
      fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.23.${a}.${b}`),
    )
    .map(([p, query, { auth, headers }, body, remoteAddress]) => ({
      auth,
      options: {
        method: route.method as InjectOptions["method"],
        url: `${p}${query}`,
        remoteAddress,
        headers,
        ...(body !== undefined ? { payload: body } : {}),
      },
    }));
}

// ---- the properties --------------------------------------------------------

/**
 * The answer's JSON. The property sends odd accept-encoding headers ("*"
 * among them), and @fastify/compress then answers a large enough body
 * compressed, as it should: decoded by its content-encoding first.
 */
function jsonOf(res: LightMyRequestResponse): unknown {
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

function expectErrorShape(res: LightMyRequestResponse, method: string): void {
  expect(String(res.headers["content-type"])).toMatch(/^application\/json/);
  if (method === "HEAD") return; // a HEAD answer has no body
  const body: unknown = jsonOf(res);
  expect(body).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
  const { code, message } = (body as { error: { code: string; message: string } }).error;
  expect(ERROR_CODES).toContain(code);
  expect(message.length).toBeGreaterThan(3);
}

/** Signs up a guest, then deletes every row of theirs: their token stays well signed. */
async function deletedPlayersToken(db: Db, app: FastifyInstance): Promise<string> {
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
async function realIds(app: FastifyInstance, auth: Record<string, string>): Promise<string[]> {
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

/** The route table, read from an app built the way the tests build it. */
async function routeTable(): Promise<readonly RouteEntry[]> {
  const t = await testApp("sqlite", APP_ENV);
  await t.app.ready();
  const routes = [...routesOf(t.app)];
  await t.app.close();
  return routes;
}
const ROUTES = await routeTable();
const routeName = (r: RouteEntry) => `${r.method} ${r.url}`;

describe("the route table", () => {
  it("holds every route the app answers, /wss included", async () => {
    expect(ROUTES.length).toBeGreaterThan(40);
    expect(ROUTES).toContainEqual({ method: "GET", url: "/wss", websocket: true });
    expect(ROUTES.map(routeName)).toEqual(
      expect.arrayContaining([
        "POST /api/auth",
        "GET /api/:partner/payment/boxes",
        "GET /livez",
        // Issue 16: replays and deck challenges.
        "GET /api/replays",
        "GET /api/replays/:id",
        "POST /api/replays/:id/share",
        "GET /api/replays/shared/:share_id",
        "GET /api/game/practice/opponents",
        "POST /api/game/practice/start",
        // Issue 23 item 6: the optional parts are on in this file.
        "GET /api/operator/players",
        "POST /api/operator/refund",
        "POST /api/operator/suspend",
        "GET /metrics",
        "POST /api/:partner/payment/sandbox-pay",
      ]),
    );
  });
});

describe.each(DIALECTS)("malformed requests to every route on %s", (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let words: string[];
  let numbers: number[];
  let deletedToken: string;
  /** Every status any route answered, over the whole file. */
  const seen = new Map<number, number>();
  /** POST/PUT routes that accepted some generated body (the services ran). */
  const acceptedBodies = new Set<string>();
  beforeAll(async () => {
    t = await testApp(dialect, APP_ENV);
    app = t.app;
    await app.ready();
    // Plausible words: what the server itself publishes (the partner's name...).
    const settings = (await app.inject({ method: "GET", url: "/api/settings" })).json() as {
      data: Record<string, string>;
    };
    words = [...new Set(Object.values(settings.data).filter((v) => v.length < 40))];
    // Plausible numbers: the ids and amounts the catalogue publishes.
    const { auth } = await newGuest(app);
    const found = new Set<number>([1, 2, 3]);
    const collect = (v: unknown): void => {
      if (typeof v === "number" && Number.isInteger(v) && v > 0 && v < 1e6) found.add(v);
      else if (Array.isArray(v)) for (const x of v.slice(0, 40)) collect(x);
      else if (typeof v === "object" && v !== null) for (const x of Object.values(v)) collect(x);
    };
    for (const url of ["/api/boxes", "/api/cards", "/api/player-details"])
      collect((await app.inject({ method: "GET", url, headers: auth })).json());
    numbers = [...found].slice(0, 300);
    words.push(...(await realIds(app, auth)));
    deletedToken = await deletedPlayersToken(t.db, app);
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(ROUTES.map((r) => ({ ...r, name: routeName(r) })))(
    "$name: never 5xx, always the error shape, a refusal changes nothing",
    async (route) => {
      // A fresh guest per route: what one route's 2xx did does not steer the next.
      const guest = await newGuest(app);
      const staffToken = route.url.startsWith("/api/operator/")
        ? OPERATOR_TOKEN
        : route.url === "/metrics"
          ? METRICS_TOKEN
          : undefined;
      const authorization = staffToken ? `Bearer ${staffToken}` : guest.auth.authorization;
      const fields = await learnFields(app, route, authorization, words);
      const shaped = !fields.length
        ? {}
        : route.method === "GET"
          ? { query: shapedQueryArb(fields, words, numbers) }
          : { body: shapedBodyArb(fields, words, numbers) };
      const statuses = new Map<number, number>();
      let known: Snapshot | undefined;
      // Batches of runs until the route has answered what MUST_SEE asks of
      // it (10 batches at most); each batch on the next seed when FC_SEED is set.
      const mustSee = MUST_SEE[route.name] ?? [];
      for (
        let batch = 0;
        batch === 0 || (batch < 10 && mustSee.some((status) => !statuses.has(status)));
        batch++
      )
        await fc.assert(
          fc.asyncProperty(
            requestArb(route, guest.user.jwtToken, deletedToken, staffToken, words, shaped),
            async (req) => {
              // A refused run leaves every table as it was (balances, ledger,
              // decks, battles, sessions, orders, the operator's log): its
              // snapshot is the next run's.
              const before = known ?? (await snapshot(t.db));
              known = undefined;
              const res = await app.inject(req.options);
              statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
              expect(res.statusCode, res.body).toBeLessThan(500);
              if (res.statusCode >= 400) {
                expectErrorShape(res, route.method);
                const after = await snapshot(t.db);
                expectOnlyRefusalLogged(before, after, res.statusCode);
                known = after;
                return;
              }
              const json = /^application\/json/.test(String(res.headers["content-type"]));
              if (res.statusCode < 300 && route.method !== "HEAD" && json)
                expect(Object.keys(jsonOf(res) as object)).toEqual(["data"]);
              // Outside the API (the simulator's page, the client's files) HTML,
              // text and redirects are fine; under /api/ everything is JSON.
              if (route.url.startsWith("/api/")) expect(json).toBe(true);
              await expectLedgerBalanced(t.db);
            },
          ),
          {
            numRuns: RUNS,
            ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) + batch } : {}),
          },
        );
      if (process.env.PROPERTY_VERBOSE)
        console.log(
          route.name,
          fields.map((f) => `${f.path.join(".")}:${f.expects}`).join(","),
          JSON.stringify([...statuses].sort((a, b) => a[0] - b[0])),
        );
      for (const status of mustSee)
        expect([...statuses.keys()], `${route.name} never answered ${status}`).toContain(status);
      for (const [status, n] of statuses) seen.set(status, (seen.get(status) ?? 0) + n);
      if ((route.method === "POST" || route.method === "PUT") && statuses.has(200))
        acceptedBodies.add(route.name);
    },
  );

  it("the generators got past every kind of check (so the properties were exercised)", () => {
    // Accepted calls, bad input, no or bad token, unknown partner, too large
    // a body, too long a path part, a wrong content type.
    expect([...seen.keys()]).toEqual(expect.arrayContaining([200, 400, 401, 404, 413, 414, 415]));
    expect(acceptedBodies.size, [...acceptedBodies].join(", ")).toBeGreaterThanOrEqual(3);
  });
});
