/**
 * Generators of malformed requests for every-route-property.test.ts: nasty
 * strings and values, bodies and queries shaped by the field names the
 * protocol's schemas declare (learnt per route from its refusals), path
 * segments, headers with good, forged, deleted and junk tokens, and whole
 * requests for one route.
 */
import * as protocol from "@cardrealm/protocol";
import fc from "fast-check";
import type { FastifyInstance, InjectOptions } from "fastify";
import { z } from "zod";
import type { RouteEntry } from "../src/http/route-table.ts";

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
export interface Field {
  path: string[];
  expects: string | undefined;
}

/**
 * Asks a route which body fields it wants: its 400 to `{}` names each
 * missing field and the type expected ("deck_number: Invalid input:
 * expected number, received undefined"). Generic: it reads the route's own
 * answer, so new fields (a signature, a timestamp) are picked up as they come.
 */
export async function learnFields(
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
export function shapedBodyArb(
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
export function shapedQueryArb(
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

export type Auth = "none" | "guest" | "staff" | "junk" | "deleted";

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

export interface GeneratedRequest {
  auth: Auth;
  options: InjectOptions;
}

export function requestArb(
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
