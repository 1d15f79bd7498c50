import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RouteEntry, routesOf } from "../src/http/route-table.ts";
import {
  announceDialects,
  DIALECTS,
  type DialectUnderTest,
  newGuest,
  type TestApp,
  testApp,
} from "./harness.ts";
import {
  deletedPlayersToken,
  expectErrorShape,
  expectLedgerBalanced,
  expectOnlyRefusalLogged,
  jsonOf,
  realIds,
  type Snapshot,
  snapshot,
} from "./route-property-checks.ts";
import {
  learnFields,
  requestArb,
  shapedBodyArb,
  shapedQueryArb,
} from "./route-property-requests.ts";

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
/** The route table, read from an app built the way the tests build it. */
async function routeTable(): Promise<readonly RouteEntry[]> {
  const t = await testApp("sqlite", APP_ENV);
  await t.app.ready();
  const routes = [...routesOf(t.app)];
  await t.app.close();
  return routes;
}
export const ROUTES = await routeTable();
export const routeName = (r: RouteEntry) => `${r.method} ${r.url}`;

/**
 * The sweep on one dialect. Each dialect has a test file of its own
 * (every-route-property.test.ts for SQLite, -postgres.test.ts), so two
 * workers share the sweep: on PostgreSQL alone it took 552 of the file's
 * 867 test-seconds, and the file ran last and alone at a full suite's end
 * (docs/testing.md). Skipped when the dialect is not under test.
 */
export function sweepEveryRoute(dialect: DialectUnderTest): void {
  describe.skipIf(!DIALECTS.includes(dialect))(
    `malformed requests to every route on ${dialect}`,
    () => {
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
          else if (typeof v === "object" && v !== null)
            for (const x of Object.values(v)) collect(x);
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
            expect([...statuses.keys()], `${route.name} never answered ${status}`).toContain(
              status,
            );
          for (const [status, n] of statuses) seen.set(status, (seen.get(status) ?? 0) + n);
          if ((route.method === "POST" || route.method === "PUT") && statuses.has(200))
            acceptedBodies.add(route.name);
        },
      );

      it("the generators got past every kind of check (so the properties were exercised)", () => {
        // Accepted calls, bad input, no or bad token, unknown partner, too large
        // a body, too long a path part, a wrong content type.
        expect([...seen.keys()]).toEqual(
          expect.arrayContaining([200, 400, 401, 404, 413, 414, 415]),
        );
        expect(acceptedBodies.size, [...acceptedBodies].join(", ")).toBeGreaterThanOrEqual(3);
      });
    },
  );
}
