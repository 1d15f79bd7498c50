import { expect, test } from "@playwright/test";
import { finishBySurrender, matchTwo, playRounds } from "./arena-support.ts";
import {
  type Cluster,
  openSockets,
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
