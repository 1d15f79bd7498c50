import { availableParallelism, loadavg } from "node:os";
import { PVP } from "@cardrealm/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChannelClient, call, newGuest } from "../../../bench/pvp/arena-client.ts";
import type { ServerProcess } from "./process.ts";
import { arenaLevel, type SharedProcesses, startSharedProcesses } from "./shared-processes.ts";

/**
 * Item 4 of issue 23 on two real processes sharing Redis: a session ended on
 * one process (password change, operator) closes the player's socket on the
 * other within a second, with 4410, in the middle of a live arena game.
 * Runs only with REDIS_URL (sessions.test.ts covers one process).
 */
const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.warn("REDIS_URL unset: the two-process sessions test does not run.");

const OPERATOR = "operator-token-sessions-redis-0123456789";

describe.skipIf(!REDIS_URL)("ended sessions across two processes sharing Redis", () => {
  let shared: SharedProcesses;
  let one: ServerProcess;
  let two: ServerProcess;
  const clients: ChannelClient[] = [];

  beforeAll(async () => {
    shared = await startSharedProcesses(REDIS_URL ?? "", {
      count: 2,
      scratch: "t_sessredis",
      env: { OPERATOR_TOKENS: `ops=${OPERATOR}` },
    });
    [one, two] = shared.servers as [ServerProcess, ServerProcess];
  }, 150_000); // two processes start one after the other; each may take a minute under load

  afterAll(async () => {
    for (const c of clients) c.kill();
    await shared?.stop();
  }, 30_000);

  /** A guest in a live game against the arena bot, its socket on process two. */
  async function playerInLiveGame(player?: { id: number; token: string }) {
    const me = player ?? (await newGuest(two.url));
    await arenaLevel(shared.db, [me.id]);
    const socket = await ChannelClient.open(two.url, me);
    clients.push(socket);
    await socket.waitType("registered");
    const game = await call(one.url, me.token, "POST", "/api/game/pvp/bot");
    expect(game.status, JSON.stringify(game.body)).toBe(200);
    return { me, socket };
  }

  it("an operator's end-sessions on process one closes the live game's socket on process two", async () => {
    const { me, socket } = await playerInLiveGame();
    const r = await call(one.url, OPERATOR, "POST", "/api/operator/end-sessions", {
      user_id: me.id,
      reason: "stolen phone",
    });
    expect(r.status).toBe(200);
    const since = Date.now();
    const closed = await socket.closedAfter(since);
    // Signed out, within a second (on a machine with a core to spare; a run on
    // an overloaded machine gets its load's share: the processes wait their turn).
    const budget = 1000 * Math.max(1, (loadavg()[0] ?? 0) / availableParallelism());
    expect(closed.code).toBe(PVP.closeSignedOut);
    expect(closed.ms, `closed after ${closed.ms} ms (budget ${budget} ms)`).toBeLessThan(budget);
    // And it cannot come back with the ended token, on either process.
    const again = await ChannelClient.open(one.url, me);
    clients.push(again);
    expect((await again.closed).code).toBe(PVP.closeUnauthorized);
  }, 60_000);

  it("a password change on process one closes the other session's socket on process two", async () => {
    const g = await newGuest(one.url);
    const set = await call<{ jwtToken: string }>(one.url, g.token, "PUT", "/api/player/edit", {
      login: `sess${g.id}`,
      password: "first-pass",
    });
    expect(set.status).toBe(200);
    const phone = set.body.data?.jwtToken as string;
    // The laptop signs in too (a token of a later second than the phone's).
    let laptop = phone;
    while (laptop === phone) {
      const r = await call<{ jwtToken: string }>(one.url, null, "POST", "/api/login", {
        login: `sess${g.id}`,
        password: "first-pass",
      });
      laptop = r.body.data?.jwtToken as string;
      if (laptop === phone) await new Promise((r) => setTimeout(r, 250));
    }
    const { socket } = await playerInLiveGame({ id: g.id, token: laptop });
    const change = await call(one.url, phone, "PUT", "/api/player/edit", {
      login: `sess${g.id}`,
      password: "second-pass",
      current_password: "first-pass",
    });
    expect(change.status).toBe(200);
    const since = Date.now(); // the end took effect with this answer (the hashing before it is slow)
    const closed = await socket.closedAfter(since);
    // Signed out, within a second (on a machine with a core to spare; a run on
    // an overloaded machine gets its load's share: the processes wait their turn).
    const budget = 1000 * Math.max(1, (loadavg()[0] ?? 0) / availableParallelism());
    expect(closed.code).toBe(PVP.closeSignedOut);
    expect(closed.ms, `closed after ${closed.ms} ms (budget ${budget} ms)`).toBeLessThan(budget);
  }, 60_000);
});
