import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { newGuest, type TestApp, testApp, testConfig } from "./harness.ts";

/**
 * Issue 23 item 2: behind a proxy the throttles count the address the proxy
 * saw, never an X-Forwarded-For entry the client wrote itself. Every test
 * rotates a spoofed leftmost entry per request (what lifted every throttle
 * when the leftmost entry was taken) and expects the throttle to hold.
 * With REDIS_URL the same runs again with the counts in Redis, as a cluster
 * keeps them; each test's client address is fresh, since Redis keeps counts.
 */
const REDIS_URL = process.env.REDIS_URL;
const STORES = REDIS_URL ? (["memory", "redis"] as const) : (["memory"] as const);
const OPERATOR = "ops-operator-token-0123456789abcdef";

const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
/** A client address no other run has counted (documentation range). */
const freshAddress = () => `2001:db8:${hex()}:${hex()}::${hex()}`;
/** The address a client writes into X-Forwarded-For itself, a new one each call. */
let spoofs = 0;
const spoofed = () => `203.0.113.${(spoofs++ % 250) + 1}`;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

async function start(env: Record<string, string>, store: "memory" | "redis"): Promise<TestApp> {
  t = await testApp("sqlite", {
    ...env,
    ...(store === "redis" ? { REDIS_URL: REDIS_URL ?? "" } : {}),
  });
  return t;
}

/** A request as it arrives: from `peer` (the socket), with `forwardedFor` as X-Forwarded-For. */
function from(peer: string, forwardedFor: string) {
  return { remoteAddress: peer, headers: { "x-forwarded-for": forwardedFor } };
}

const signUp = (app: FastifyInstance, via: ReturnType<typeof from>) =>
  app.inject({ method: "POST", url: "/api/play-new-player", ...via }).then((r) => r.statusCode);

const logIn = (app: FastifyInstance, via: ReturnType<typeof from>, i: number) =>
  app
    .inject({
      method: "POST",
      url: "/api/login",
      payload: { login: `walker-${i}`, password: "not-the-password" },
      ...via,
    })
    .then((r) => r.statusCode);

const operatorCall = (app: FastifyInstance, via: ReturnType<typeof from>, token: string) =>
  app
    .inject({
      method: "GET",
      url: "/api/operator/players?q=1",
      remoteAddress: via.remoteAddress,
      headers: { ...via.headers, authorization: `Bearer ${token}` },
    })
    .then((r) => r.statusCode);

/** The statuses of `n` calls made one after the other. */
async function inTurn(n: number, call: (i: number) => Promise<number>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push(await call(i));
  return statuses;
}

/** A fresh guest asks for an unknown replay link: only the address's count can stop it. */
async function replayMiss(app: FastifyInstance, via: ReturnType<typeof from>, i: number) {
  const guest = await newGuest(app);
  const r = await app.inject({
    method: "GET",
    url: `/api/replays/shared/AAAAAAAAAAAAAAAAAAAA${String(i).padStart(2, "0")}`,
    remoteAddress: via.remoteAddress,
    headers: { ...via.headers, ...guest.auth },
  });
  return r.statusCode;
}

describe.each(STORES)("TRUST_PROXY=1 (one proxy), throttles counted in %s", (store) => {
  // The proxy at 127.0.0.1 appends the address it saw to what the client sent.
  const proxy = "127.0.0.1";
  const viaProxy = (client: string) => from(proxy, `${spoofed()}, ${client}`);

  it("sign-ups: a made-up leftmost entry does not make a new address; another client keeps its own count", async () => {
    const { app } = await start({ TRUST_PROXY: "1", SIGNUPS_PER_HOUR: "3" }, store);
    const client = freshAddress();
    expect(await inTurn(5, () => signUp(app, viaProxy(client)))).toEqual([200, 200, 200, 429, 429]);
    // Counted per player address, not per proxy (a plain `trustProxy: 1` is the proxy's).
    expect(await signUp(app, viaProxy(freshAddress()))).toBe(200);
  });

  it("sign-in calls per address", async () => {
    const { app } = await start({ TRUST_PROXY: "1", LOGINS_PER_MINUTE: "3" }, store);
    const client = freshAddress();
    expect(await inTurn(5, (i) => logIn(app, viaProxy(client), i))).toEqual([
      401, 401, 401, 429, 429,
    ]);
  });

  it("the operator console's lockout after 10 wrong tokens (the right token is never locked out)", async () => {
    const { app } = await start({ TRUST_PROXY: "1", OPERATOR_TOKENS: `ops=${OPERATOR}` }, store);
    const client = freshAddress();
    const wrong = (i: number) => `wrong-token-${i}-0123456789abcdef`;
    expect(await inTurn(11, (i) => operatorCall(app, viaProxy(client), wrong(i)))).toEqual([
      ...Array(10).fill(401),
      429,
    ]);
    // A made-up leftmost entry does not make a new address: the guesser stays locked out...
    expect(await operatorCall(app, viaProxy(client), wrong(11))).toBe(429);
    // ...while the operator's right token is never refused (issue 23 item 3), and another
    // client's guesses are still counted apart.
    expect(await operatorCall(app, viaProxy(client), OPERATOR)).toBe(200);
    expect(await operatorCall(app, viaProxy(freshAddress()), wrong(12))).toBe(401);
  });

  it("unknown replay links per address", async () => {
    const { app } = await start({ TRUST_PROXY: "1", REPLAY_SHARE_MISSES_PER_HOUR: "3" }, store);
    const client = freshAddress();
    expect(await inTurn(5, (i) => replayMiss(app, viaProxy(client), i))).toEqual([
      404, 404, 404, 429, 429,
    ]);
  });
});

describe("TRUST_PROXY=2 (a load balancer, then nginx)", () => {
  it("the client is the entry the first proxy wrote; entries left of it are ignored", async () => {
    const { app } = await start({ TRUST_PROXY: "2", SIGNUPS_PER_HOUR: "2" }, "memory");
    const client = freshAddress();
    // The client's own entry, the first proxy's (the client), the second proxy's (the first proxy).
    const via = () => from("127.0.0.1", `${spoofed()}, ${client}, 10.0.0.7`);
    expect(await inTurn(4, () => signUp(app, via()))).toEqual([200, 200, 429, 429]);
    expect(await signUp(app, from("127.0.0.1", `${spoofed()}, ${freshAddress()}, 10.0.0.7`))).toBe(
      200,
    );
  });
});

describe.each(STORES)("TRUST_PROXY as the proxies' addresses, counted in %s", (store) => {
  const env = { TRUST_PROXY: "10.0.0.2, 172.18.0.0/16", SIGNUPS_PER_HOUR: "2" };

  it("a client reaching the server port directly cannot name another address", async () => {
    const { app } = await start({ ...env, LOGINS_PER_MINUTE: "2" }, store);
    const client = freshAddress();
    const direct = () => from(client, `${spoofed()}, ${spoofed()}`);
    expect(await inTurn(4, () => signUp(app, direct()))).toEqual([200, 200, 429, 429]);
    expect(await inTurn(4, (i) => logIn(app, direct(), i))).toEqual([401, 401, 429, 429]);
  });

  it("through a listed proxy each player counts on their own address", async () => {
    const { app } = await start(env, store);
    const player = freshAddress();
    const via = (client: string) => from("172.18.0.5", `${spoofed()}, ${client}`);
    expect(await inTurn(3, () => signUp(app, via(player)))).toEqual([200, 200, 429]);
    expect(await signUp(app, via(freshAddress()))).toBe(200);
    // Two listed proxies in a row: the client is the first address that is not one.
    const chained = () => from("172.18.0.5", `${spoofed()}, ${player}, 10.0.0.2`);
    expect(await signUp(app, chained())).toBe(429);
  });
});

describe("the TRUST_PROXY setting", () => {
  it.each(["true", "*", "TRUE", "17", "0.0.0.0/0", "::/0", "10.0.0.0/33", "10.0.0.1,nginx", "1.5"])(
    "refuses %j at start with a line naming it",
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: TRUST_PROXY must be 0/,
      );
    },
  );

  it("reads 0 (the default), a hop count, or addresses and CIDRs", () => {
    expect(testConfig().trustProxy).toEqual({ kind: "none" });
    expect(testConfig({ TRUST_PROXY: "0" }).trustProxy).toEqual({ kind: "none" });
    expect(testConfig({ TRUST_PROXY: "1" }).trustProxy).toEqual({ kind: "hops", hops: 1 });
    expect(testConfig({ TRUST_PROXY: "10.0.0.2, fd00::/8,::1" }).trustProxy).toEqual({
      kind: "addresses",
      addresses: ["10.0.0.2", "fd00::/8", "::1"],
    });
  });
});
