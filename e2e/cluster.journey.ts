import { connect, type Socket } from "node:net";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { finishBySurrender, matchTwo, playRounds } from "./arena-support.ts";
import {
  type Answer,
  type Cluster,
  type ClusterPorts,
  freshLoopbackAddress,
  openSockets,
  requestFrom,
  requireClusterTools,
  startCluster,
  startServer,
  stopCluster,
  terminate,
} from "./cluster-support.ts";

/**
 * The production shape without containers: two server processes behind
 * nginx (deploy/nginx.conf, its upstreams pointed at local ports), sharing
 * Redis and one database (cluster-support.ts). Two players meet through the
 * proxy; in the middle of their game the process holding a player's
 * websocket gets SIGTERM (a deploy): it exits cleanly, its players reconnect
 * through the proxy to the other process and play on; the process comes
 * back; the game is finished.
 */
test.describe("two servers behind nginx", () => {
  requireClusterTools();
  let cluster: Cluster | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cluster = await startCluster();
  });

  test.afterAll(async () => {
    await stopCluster(cluster);
  });

  test("a server restarted in the middle of a game: its players move to the other and finish", async ({
    browser,
  }) => {
    test.setTimeout(420_000);
    if (!cluster) throw new Error("no cluster");
    const { proxy, servers, env } = cluster;
    const ports = cluster.ports.servers;
    const { contexts, a, b } = await matchTwo(browser, cluster.seed, [proxy, proxy]);
    try {
      await playRounds(a, b, 1);
      // The process holding the most of the two players' websockets goes down.
      const held = await Promise.all(ports.map(openSockets));
      expect((held[0] ?? 0) + (held[1] ?? 0), "both players' websockets are open").toBe(2);
      const victim = (held[0] ?? 0) >= (held[1] ?? 0) ? 0 : 1;
      const survivor = 1 - victim;
      const child = servers[victim];
      if (!child) throw new Error("no server to stop");
      expect(await terminate(child), "a clean exit after SIGTERM").toBe(0);
      servers[victim] = undefined;
      // Its players come back through the proxy on the other process.
      await expect.poll(() => openSockets(ports[survivor] ?? 0), { timeout: 30_000 }).toBe(2);
      // The game goes on there: every move is applied once (both boards agree each turn).
      await playRounds(a, b, 1);
      // The process comes back (a deploy's second half) and the game still finishes.
      servers[victim] = await startServer(ports[victim] ?? 0, env);
      await playRounds(a, b, 1);
      await finishBySurrender(a, b);
    } finally {
      for (const c of contexts) await c.close();
    }
  });
});

/** The second cluster's ports (throttles, connections, database blips), apart from the game's. */
const GUARD_PORTS: ClusterPorts = {
  proxy: Number(process.env.E2E_PORT_PROXY2 ?? 3163),
  servers: [Number(process.env.E2E_PORT_E ?? 3173), Number(process.env.E2E_PORT_F ?? 3183)],
};
/** Each per-address throttle's limit in that cluster. */
const LIMIT = 5;
const OPERATOR = "ops-cluster-token-0123456789abcdef";

/** A new made-up X-Forwarded-For each call: what a client rotates to look like many. */
let spoofs = 0;
const spoofed = () => `203.0.113.${(spoofs++ % 250) + 1}, 198.51.100.${spoofs % 250}`;

/** Answers in the game's error shape, read as `code` ("" when not that shape). */
function errorCode(a: Answer): string {
  try {
    const body = JSON.parse(a.body) as { error?: { code?: unknown } };
    return typeof body.error?.code === "string" ? body.error.code : "";
  } catch {
    return "";
  }
}

/**
 * Issue 23 items 2, 5 (proxy) and 7, through deploy/nginx.conf in front of
 * two servers with the real per-address throttles. Each check comes from a
 * loopback address of its own (the throttles count in Redis, shared by
 * every run of the hour).
 */
test.describe("behind nginx: made-up addresses, connection floods and database blips", () => {
  // One cluster for the three tests, one after the other in one worker.
  test.describe.configure({ mode: "default" });
  requireClusterTools();
  let cluster: Cluster | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cluster = await startCluster({
      ports: GUARD_PORTS,
      env: {
        SIGNUPS_PER_HOUR: String(LIMIT),
        LOGINS_PER_MINUTE: String(LIMIT),
        REPLAY_SHARE_MISSES_PER_HOUR: String(LIMIT),
        OPERATOR_TOKENS: `ops=${OPERATOR}`,
      },
    });
  });

  test.afterAll(async () => {
    await stopCluster(cluster);
  });

  test("a made-up X-Forwarded-For lifts no throttle", async () => {
    if (!cluster) throw new Error("no cluster");
    const proxy = cluster.proxy;
    /** A request from `source` that claims another address each time. */
    const from =
      (source: string) =>
      (
        method: "GET" | "POST",
        path: string,
        opts: { headers?: Record<string, string>; body?: unknown } = {},
      ) =>
        requestFrom(proxy, source, method, path, {
          ...opts,
          headers: { "x-forwarded-for": spoofed(), ...opts.headers },
        });
    const codesOf = async (n: number, call: (i: number) => Promise<Answer>) => {
      const answers: Answer[] = [];
      for (let i = 0; i < n; i++) answers.push(await call(i));
      for (const a of answers.filter((x) => x.status === 429))
        expect(errorCode(a), a.body).toBe("rate_limited");
      return answers.map((a) => a.status);
    };
    const allowed = (status: number) => Array(LIMIT).fill(status);

    const signUp = from(freshLoopbackAddress());
    expect(await codesOf(LIMIT + 2, () => signUp("POST", "/api/play-new-player"))).toEqual([
      ...allowed(200),
      429,
      429,
    ]);

    const logIn = from(freshLoopbackAddress());
    const logins = await codesOf(LIMIT + 2, (i) =>
      logIn("POST", "/api/login", { body: { login: `nobody-${i}`, password: "not-it-at-all" } }),
    );
    expect(logins).toEqual([...allowed(401), 429, 429]);

    // The operator console locks an address out after 10 wrong tokens.
    const operator = from(freshLoopbackAddress());
    const tries = await codesOf(11, (i) =>
      operator("GET", "/api/operator/players?q=1", {
        headers: { authorization: `Bearer wrong-${i}-0123456789abcdefghij` },
      }),
    );
    expect(tries).toEqual([...Array(10).fill(401), 429]);

    // Unknown replay links: each asked by a new player (signed up from an
    // address of their own), so only the guessing address's count can stop it.
    const guesser = from(freshLoopbackAddress());
    const misses = await codesOf(LIMIT + 1, async (i) => {
      const player = await requestFrom(
        proxy,
        freshLoopbackAddress(),
        "POST",
        "/api/play-new-player",
      );
      const token = (JSON.parse(player.body) as { data: { jwtToken: string } }).data.jwtToken;
      return guesser(
        "GET",
        `/api/replays/shared/AAAAAAAAAAAAAAAAAAAA${String(i).padStart(2, "0")}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
    });
    expect(misses).toEqual([...allowed(404), 429]);
  });

  test("nginx's own refusals answer in the error shape: a 65th connection of one address (429), a body over 64 KB (413)", async () => {
    if (!cluster) throw new Error("no cluster");
    const { proxy } = cluster;
    const source = freshLoopbackAddress();
    const held: Socket[] = [];
    try {
      // 64 requests that nginx has read the head of and waits on the body for.
      for (let i = 0; i < 64; i++) {
        const socket = connect({
          host: "127.0.0.1",
          port: cluster.ports.proxy,
          localAddress: source,
        });
        socket.on("error", () => {});
        socket.write(
          "POST /api/player/events HTTP/1.1\r\nHost: cardrealm\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n",
        );
        held.push(socket);
      }
      let refused: Answer | undefined;
      await expect
        .poll(
          async () => {
            refused = await requestFrom(proxy, source, "GET", "/api/settings");
            return refused.status;
          },
          { timeout: 15_000 },
        )
        .toBe(429);
      expect(refused?.contentType).toMatch(/^application\/json/);
      expect(errorCode(refused as Answer)).toBe("rate_limited");
      // Another address is served meanwhile.
      expect(
        (await requestFrom(proxy, freshLoopbackAddress(), "GET", "/api/settings")).status,
      ).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
    // Its connections closed, the address is served again.
    await expect
      .poll(async () => (await requestFrom(proxy, source, "GET", "/api/settings")).status, {
        timeout: 15_000,
      })
      .toBe(200);
    const tooLarge = await requestFrom(proxy, source, "POST", "/api/login", {
      body: { login: "x".repeat(70_000), password: "long-enough" },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.contentType).toMatch(/^application\/json/);
    expect(errorCode(tooLarge)).toBe("bad_request");
  });

  test("PostgreSQL's backends killed under load: no 502, every answer JSON, the game recovers", async () => {
    // Locally on SQLite only; CI always sets DATABASE_URL (scripts/test.mjs insists).
    test.skip(
      !cluster?.pgDatabase && !process.env.CI,
      "the servers run on SQLite (set DATABASE_URL)",
    );
    test.setTimeout(180_000);
    const { proxy, pgDatabase } = cluster as Cluster;
    const source = freshLoopbackAddress();
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await requestFrom(proxy, source, "POST", "/api/play-new-player");
      expect(r.status, r.body).toBe(200);
      tokens.push((JSON.parse(r.body) as { data: { jwtToken: string } }).data.jwtToken);
    }
    // Four players keep asking (reads and writes) while the database's sessions are killed.
    const answers: Answer[] = [];
    let stop = false;
    const load = tokens.map(async (token, i) => {
      const headers = { authorization: `Bearer ${token}` };
      for (let n = 0; !stop; n++) {
        answers.push(
          n % 2 === 0
            ? await requestFrom(proxy, source, "GET", "/api/player-details", { headers })
            : await requestFrom(proxy, source, "POST", "/api/player/events", {
                headers,
                body: { event: { name: `blip-${i}`, data: { n } } },
              }),
        );
      }
    });
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    let killed = 0;
    try {
      for (let round = 0; round < 8; round++) {
        // Only this cluster's own scratch database's sessions, never anyone else's.
        const r = await admin.query<{ n: number }>(
          `select count(*)::int as n from (
             select pg_terminate_backend(pid) as done from pg_stat_activity
             where datname = $1 and pid <> pg_backend_pid()
           ) t where done`,
          [pgDatabase],
        );
        killed += r.rows[0]?.n ?? 0;
        // Then wait for the game to answer a player again before the next blip.
        const seen = answers.length;
        await expect
          .poll(() => answers.slice(seen).some((a) => a.status === 200), { timeout: 30_000 })
          .toBe(true);
      }
    } finally {
      stop = true;
      await Promise.all(load);
      await admin.end();
    }
    expect(killed, "database sessions killed").toBeGreaterThan(0);
    const byStatus: Record<number, number> = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    console.log(
      `database blips: ${killed} sessions killed; answers by status ${JSON.stringify(byStatus)}`,
    );
    expect(byStatus[502] ?? 0, "nginx found no live server (502)").toBe(0);
    expect(byStatus[504] ?? 0, "nginx timed out (504)").toBe(0);
    const notJson = answers.filter(
      (a) => !a.contentType.startsWith("application/json") || errorOrData(a) === null,
    );
    expect(notJson.map((a) => `${a.status} ${a.body.slice(0, 80)}`)).toEqual([]);
  });
});

/** The body as the game's JSON (`{data}` or `{error}`), or null. */
function errorOrData(a: Answer): unknown {
  try {
    const body = JSON.parse(a.body) as Record<string, unknown>;
    return "data" in body || "error" in body ? body : null;
  } catch {
    return null;
  }
}
