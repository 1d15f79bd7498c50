import { expect, type Page, test } from "@playwright/test";
import { playerId } from "./arena-support.ts";
import {
  type Cluster,
  type ClusterPorts,
  clusterKey,
  requireClusterTools,
  socketHolder,
  startCluster,
  stopCluster,
} from "./cluster-support.ts";
import {
  backToMap,
  befriendByLink,
  blockAndRefuse,
  challengeAccepted,
  emotesBothWays,
  friendLink,
  liveGame,
  newPlayer,
  openFriends,
  playToEnd,
  recordReceived,
  rematch,
  secrets,
  watchedATurnBehind,
} from "./social-support.ts";

/**
 * Issue 24's social journey on the production shape: two server processes
 * sharing the database and Redis behind deploy/nginx.conf (cluster-support.ts),
 * three browsers through nginx. Ann and Bob hold their websockets on
 * DIFFERENT processes, so every challenge, rematch, emote and spectator frame
 * between them crosses Redis. nginx places each new websocket by itself
 * (least_conn, nothing sticky: a reconnect may land on either process), so the
 * journey puts Bob's on the other process than Ann's, checks where both are
 * in Redis, and requires that neither socket is opened again while the games
 * are played (a reconnect could move it: the check would then prove nothing).
 * Bob adds Ann by her link; Ann challenges Bob, he accepts and the game is
 * played to its end; a friend of Bob (Cy) watches it a turn behind and
 * receives nothing hidden; emotes go both ways and the 3 s gap holds across
 * the processes (two emotes at the same moment, one to each server's own
 * port: exactly one passes); a rematch is played; Ann blocks Bob and he is
 * refused.
 */

/** Apart from cluster.journey.ts's two clusters, which may run at the same time. */
const SOCIAL_PORTS: ClusterPorts = {
  proxy: Number(process.env.E2E_PORT_PROXY3 ?? 3193),
  servers: [Number(process.env.E2E_PORT_G ?? 3203), Number(process.env.E2E_PORT_H ?? 3213)],
};

/** The process (index) holding the player's websocket, once it registered somewhere. */
async function holderOf(cluster: Cluster, userId: number): Promise<number> {
  let at: number | null = null;
  await expect
    .poll(
      async () => {
        at = await socketHolder(cluster, userId);
        return at;
      },
      { timeout: 30_000, message: `player ${userId}'s websocket registered on a process` },
    )
    .not.toBeNull();
  return at ?? -1;
}

/**
 * Re-opens the page until its websocket sits on the other process than
 * `avoid`. nginx's least_conn gives a new connection to the process with the
 * fewest open ones, but the page's own HTTP requests and the other players'
 * sockets count too, so it can land a second player on the first one's
 * process; a reload opens a new socket, which nginx places again. Each
 * reload waits for the new socket's `registered` (the server set the
 * player's presence in Redis just before it) before asking Redis.
 */
async function moveAwayFrom(cluster: Cluster, page: Page, avoid: number): Promise<number> {
  const id = await playerId(page);
  let at = await holderOf(cluster, id);
  let tries = 0;
  for (; at === avoid && tries < 10; tries++) {
    const registered = page.waitForEvent("websocket", { timeout: 60_000 }).then((ws) =>
      ws.waitForEvent("framereceived", {
        predicate: (f) => String(f.payload).includes('"registered"'),
        timeout: 60_000,
      }),
    );
    await page.reload();
    await registered;
    at = await holderOf(cluster, id);
  }
  expect(at, "the player's websocket on the other process").not.toBe(avoid);
  console.log(`player ${id}: websocket on process ${at} after ${tries} reload(s)`);
  return at;
}

/** How many websockets a page opens from now on (counted as it opens them). */
interface SocketLog {
  opened: number;
}

function logSockets(page: Page): SocketLog {
  const log: SocketLog = { opened: 0 };
  page.on("websocket", () => {
    log.opened++;
  });
  return log;
}

/**
 * Both players' sockets are where they were placed, on different processes,
 * and neither page opened another one since (which nginx could have put anywhere).
 */
async function stillApart(
  cluster: Cluster,
  players: { name: string; page: Page; at: number; sockets: SocketLog }[],
): Promise<void> {
  for (const p of players) {
    expect(p.sockets.opened, `${p.name}'s page opened no new websocket`).toBe(0);
    expect(
      await holderOf(cluster, await playerId(p.page)),
      `${p.name} still on process ${p.at}`,
    ).toBe(p.at);
  }
}

/** An emote straight to one server's own port (not through nginx), as `token`: the status. */
async function emoteAt(port: number, token: string, gameId: string, emote: string) {
  const r = await fetch(`http://127.0.0.1:${port}/api/game/pvp/emote`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ game_id: gameId, emote }),
  });
  return r.status;
}

test.describe("friends, a challenge, a spectator and emotes across two servers behind nginx", () => {
  requireClusterTools();
  let cluster: Cluster | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cluster = await startCluster({ ports: SOCIAL_PORTS });
  });

  test.afterAll(async () => {
    await stopCluster(cluster);
  });

  test("friend by link, a challenge to the end with a spectator and emotes, a rematch, a block", async ({
    browser,
  }) => {
    // Three browsers, two friendly games and a dozen reloads on two busy cores.
    test.setTimeout(480_000);
    if (!cluster) throw new Error("no cluster");
    const c = cluster;
    const { proxy } = c;
    const ann = await newPlayer(browser, proxy);
    const pages: Page[] = [ann];
    try {
      const annId = await playerId(ann);
      const annAt = await holderOf(c, annId);
      const annSockets = logSockets(ann);
      const annPanel = await openFriends(ann);
      const annLink = await friendLink(annPanel);

      // Bob adds Ann by her link (signed out, a new guest); then his socket is put on the other process.
      const bob = await befriendByLink(browser, annPanel, annLink, proxy);
      pages.push(bob);
      const bobAt = await moveAwayFrom(c, bob, annAt);
      const bobSockets = logSockets(bob);
      const players = [
        { name: "Ann", page: ann, at: annAt, sockets: annSockets },
        { name: "Bob", page: bob, at: bobAt, sockets: bobSockets },
      ];

      // Cy, a friend of Bob (his link), will watch; whichever process Cy
      // lands on, one of the two players' frames reach him from the other.
      const bobPanel = await openFriends(bob);
      const cy = await befriendByLink(browser, bobPanel, await friendLink(bobPanel), proxy);
      pages.push(cy);
      await bob.getByTestId("friends-close").click();
      const received = recordReceived(cy);

      // Ann challenges Bob across the processes; he accepts.
      await challengeAccepted(ann, annPanel, bob);
      const game = await liveGame(ann);
      expect(game.id).toMatch(/^[0-9a-f-]{36}$/);
      await stillApart(c, players);

      // Cy opens the watch link (his friends list's Watch).
      await cy.goto(`/?watch=${game.id}`);
      await expect(cy.getByTestId("battle-screen")).toBeVisible({ timeout: 90_000 });
      console.log(`Cy watches from process ${await holderOf(c, await playerId(cy))}`);
      await expect(ann.getByTestId("watchers-count")).toHaveText("1 watching", {
        timeout: 15_000,
      });
      await expect(bob.getByTestId("watchers-count")).toHaveText("1 watching");

      // Emotes both ways through the bar, one refused inside the gap.
      await emotesBothWays(ann, bob, game.id);
      // The gap is one for both processes: once Ann's slot (a Redis key) is
      // free, two emotes at the same moment, one to each server's own port:
      // exactly one passes, and Bob sees it.
      await expect.poll(() => clusterKey(c, `emote:${annId}`), { timeout: 10_000 }).toBeNull();
      const token = (await ann.evaluate(() => localStorage.getItem("jwtToken"))) ?? "";
      const statuses = await Promise.all(
        c.ports.servers.map((port) => emoteAt(port, token, game.id, "wow")),
      );
      expect(statuses.sort()).toEqual([200, 429]);
      await expect(bob.getByTestId("emote-bubble-theirs")).toHaveText("Wow!", {
        timeout: 10_000,
      });

      // Turns go by: Cy is shown the start of the turn before the live one, no hand's cards.
      await watchedATurnBehind(ann, bob, cy);

      // Played to the end (Bob surrenders); Cy is shown the end at once.
      await playToEnd(bob, ann);
      await expect(cy.getByTestId("watch-turn")).toContainText(" won.", { timeout: 15_000 });
      // Nothing Cy's page received, from either process, held a hidden thing.
      expect(received.length).toBeGreaterThan(3);
      expect(secrets(received)).toEqual([]);

      // A rematch, across the processes, played to its end.
      await rematch(ann, bob);
      await playToEnd(ann, bob);
      // Both games were played with the sockets where they were put.
      await stillApart(c, players);
      await backToMap(ann, bob);

      // Ann blocks Bob: his new request reaches nobody, her challenge link refuses him.
      await blockAndRefuse(ann, bob, annLink);
    } finally {
      for (const p of pages) await p.context().close();
    }
  });
});
