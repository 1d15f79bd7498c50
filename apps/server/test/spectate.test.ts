import { CATALOGUE } from "@cardrealm/content";
import type { BattleState } from "@cardrealm/engine";
import { SOCIAL } from "@cardrealm/protocol";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ChannelClient, call, type HttpAnswer, newGuest } from "../../../bench/pvp/arena-client.ts";
import { buildApp } from "../src/app.ts";
import { publicSnapshot, stateAtTurnStart } from "../src/battles/spectate-view.ts";
import { loadGameContent } from "../src/content-bridge.ts";
import type { Db } from "../src/db/database.ts";
import { insertBlock, insertFriendship } from "../src/db/repositories/friends-repo.ts";
import { ManualClock } from "../src/realtime/room-clock.ts";
import { announceDialects, DIALECTS, freshDb, testConfig } from "./harness.ts";

announceDialects();

/**
 * Spectating a friend's PvP game and the players' emotes (issue 24 items 4
 * and 5) on one process: who may watch (the same 404 for every case that may
 * not), the 20-spectator limit, the view one turn behind with nothing hidden
 * in it, "N watching" to the players, emotes to the opponent and their 3 s gap.
 */
interface Person {
  id: number;
  token: string;
  c: ChannelClient;
  post: <T = unknown>(path: string, body?: unknown) => Promise<HttpAnswer<T>>;
}

interface View {
  game_id: string;
  live_turn: number;
  shown_turn: number;
  messages: Record<string, unknown>[];
  over: boolean;
  winner?: number | null;
  watchers: number;
}

const NOW = "2026-11-21T12:00:00.000Z";

/** Field names only secrets use, anywhere in what was sent. */
function secrets(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secrets(v, `${path}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (k === "seed" || k === "rng" || (k === "deck" && Array.isArray(v))) out.push(`${path}.${k}`);
    if (k === "hand" && v !== null && typeof v === "object" && Object.keys(v).length > 0)
      out.push(`${path}.hand`);
    out.push(...secrets(v, `${path}.${k}`));
  }
  return out;
}

describe.each(DIALECTS)("spectating and emotes on %s", (dialect) => {
  let app: FastifyInstance;
  let db: Db;
  let base: string;
  let clock: ManualClock;
  const people: Person[] = [];

  beforeEach(async () => {
    clock = new ManualClock();
    db = await freshDb(dialect);
    app = await buildApp({
      config: testConfig(),
      db,
      content: loadGameContent(),
      clock: () => clock.now(),
      seasonSchedule: false,
      arena: { roomClock: clock, heartbeatMs: 0 },
    });
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterEach(async () => {
    for (const p of people.splice(0)) p.c.kill();
    await app.close();
  });

  async function person(): Promise<Person> {
    const g = await newGuest(base);
    await db.kysely.updateTable("users").set({ level: 3 }).where("id", "=", g.id).execute();
    const c = await ChannelClient.open(base, g);
    await c.waitType("registered");
    const p: Person = {
      ...g,
      c,
      post: (path, body) => call(base, g.token, "POST", path, body ?? {}),
    };
    people.push(p);
    return p;
  }

  const befriend = (a: Person, b: Person) => insertFriendship(db.kysely, a.id, b.id, NOW);

  async function stateOf(gameId: string): Promise<BattleState> {
    const row = await db.kysely
      .selectFrom("battles")
      .select("state")
      .where("id", "=", gameId)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.state) as BattleState;
  }

  /** a and b queue and confirm: their game, and who sits on which side. */
  async function match(a: Person, b: Person) {
    await a.post("/api/game/pvp/queue", { version: "1" });
    await b.post("/api/game/pvp/queue", { version: "1" });
    const players = (await a.c.waitType("confirm_start_game")).data.players as string;
    await a.post("/api/game/pvp/confirm-start-game", { players });
    const started = await b.post<{ game_id: string }>("/api/game/pvp/confirm-start-game", {
      players,
    });
    const gameId = started.body.data?.game_id as string;
    const state = await stateOf(gameId);
    const seat = await db.kysely
      .selectFrom("arena_seats")
      .select("side")
      .where("user_id", "=", a.id)
      .executeTakeFirstOrThrow();
    const bySide = seat.side === 0 ? [a, b] : [b, a];
    return { gameId, bySide: bySide as [Person, Person], state };
  }

  /** The active player ends the turn without attacking. */
  async function endTurn(gameId: string, bySide: [Person, Person]): Promise<BattleState> {
    const s = await stateOf(gameId);
    const r = await bySide[s.active].post("/api/game/pvp/end-turn", {
      game_id: gameId,
      version: s.version,
      player_attack: [0, 0, 0, 0, 0],
    });
    expect(r.status).toBe(200);
    return stateOf(gameId);
  }

  it("a friend of either player watches; a stranger, a blocked friend, a player and an unknown game get the same 404", async () => {
    const a = await person();
    const b = await person();
    const friend = await person();
    const stranger = await person();
    const blocked = await person();
    await befriend(friend, a);
    await befriend(blocked, a);
    await insertBlock(db.kysely, b.id, blocked.id, NOW);
    const m = await match(a, b);

    const refusals = [
      await stranger.post("/api/game/pvp/watch", { game_id: m.gameId }),
      await blocked.post("/api/game/pvp/watch", { game_id: m.gameId }),
      await a.post("/api/game/pvp/watch", { game_id: m.gameId }),
      await friend.post("/api/game/pvp/watch", { game_id: "00000000-0000-0000-0000-000000000000" }),
    ];
    for (const r of refusals) {
      expect(r.status).toBe(404);
      expect(r.body.error).toEqual({
        code: "not_found",
        message: "There is no game of a friend to watch here.",
      });
    }
    expect((await friend.post("/api/game/pvp/watch", { game_id: "x" })).status).toBe(400);
    expect((await friend.post("/api/game/pvp/watch", {})).status).toBe(400);
    expect(a.c.types()).not.toContain("watchers");

    const ok = await friend.post<View>("/api/game/pvp/watch", { game_id: m.gameId });
    expect(ok.status).toBe(200);
    // Turn 1 is running: nothing is released yet.
    expect(ok.body.data).toMatchObject({ live_turn: 1, shown_turn: 0, messages: [], watchers: 1 });
    for (const p of [a, b]) {
      const w = await p.c.waitType("watchers");
      expect(w.data).toEqual({ type: "watchers", game_id: m.gameId, count: 1 });
    }
    // Unwatching tells the players too.
    const before = a.c.messages.length;
    expect((await friend.post("/api/game/pvp/unwatch", { game_id: m.gameId })).status).toBe(200);
    const w0 = await a.c.waitFor((x) => x.data.type === "watchers", 5_000, before);
    expect(w0.data.count).toBe(0);
    // A finished game is not watchable either.
    await a.post("/api/game/pvp/giveup", { game_id: m.gameId });
    const over = await friend.post("/api/game/pvp/watch", { game_id: m.gameId });
    expect(over.status).toBe(404);
  });

  it("the spectator sees each turn's start one turn late, public only, and the end at once", async () => {
    const a = await person();
    const b = await person();
    const fan = await person();
    await befriend(fan, b);
    const m = await match(a, b);
    expect((await fan.post("/api/game/pvp/watch", { game_id: m.gameId })).status).toBe(200);
    const setup = JSON.parse(
      (
        await db.kysely
          .selectFrom("battles")
          .select("setup")
          .where("id", "=", m.gameId)
          .executeTakeFirstOrThrow()
      ).setup,
    );

    for (let turn = 2; turn <= 4; turn++) {
      const from = fan.c.messages.length;
      const live = await endTurn(m.gameId, m.bySide);
      expect(live.turn).toBe(turn);
      const got = await fan.c.waitFor((x) => x.data.type === "spectate", 5_000, from);
      const view = got.data.view as View;
      expect(view.live_turn).toBe(turn);
      expect(view.shown_turn).toBe(turn - 1);
      // Exactly the public snapshot of the state as the previous turn began.
      const actions = JSON.parse(
        (
          await db.kysely
            .selectFrom("battles")
            .select("actions")
            .where("id", "=", m.gameId)
            .executeTakeFirstOrThrow()
        ).actions,
      );
      const expected = stateAtTurnStart(setup, actions, CATALOGUE, turn - 1) as BattleState;
      expect(expected.turn).toBe(turn - 1);
      expect(view.messages).toEqual([publicSnapshot(expected, CATALOGUE, m.gameId)]);
      expect(secrets(view)).toEqual([]);
    }
    // A reload (watch again) answers the same view, and counts the spectator once.
    const again = await fan.post<View>("/api/game/pvp/watch", { game_id: m.gameId });
    expect(again.body.data).toMatchObject({ live_turn: 4, shown_turn: 3, watchers: 1 });
    // The end releases everything: the final state, its winner.
    const from = fan.c.messages.length;
    await m.bySide[0].post("/api/game/pvp/giveup", { game_id: m.gameId });
    const end = await fan.c.waitFor(
      (x) => x.data.type === "spectate" && (x.data.view as View).over,
      5_000,
      from,
    );
    const final = end.data.view as View;
    expect(final.winner).toBe(1);
    expect(final.messages).toEqual([publicSnapshot(await stateOf(m.gameId), CATALOGUE, m.gameId)]);
    // Everything the spectator's socket carried: no secret of either seat.
    expect(secrets(fan.c.messages.map((x) => x.data))).toEqual([]);
  });

  it("a spectator whose socket registers after a turn was released gets that view on register", async () => {
    const a = await person();
    const b = await person();
    // The watch link's page: it asks to watch before its socket has registered.
    const late = await newGuest(base);
    await insertFriendship(db.kysely, late.id, a.id, NOW);
    const m = await match(a, b);
    const first = await call<View>(base, late.token, "POST", "/api/game/pvp/watch", {
      game_id: m.gameId,
    });
    expect(first.body.data).toMatchObject({ live_turn: 1, shown_turn: 0, messages: [] });
    // Turn 2 starts while the spectator has no channel session: its release reaches no one.
    expect((await endTurn(m.gameId, m.bySide)).turn).toBe(2);
    const c = await ChannelClient.open(base, late);
    people.push({ ...late, c, post: (path, body) => call(base, late.token, "POST", path, body) });
    const got = await c.waitType("spectate");
    const view = got.data.view as View;
    expect(view).toMatchObject({ game_id: m.gameId, live_turn: 2, shown_turn: 1, over: false });
    expect(view.messages).toHaveLength(1);
    expect(secrets(view)).toEqual([]);
    // The players' own registers carry no spectator's view.
    const again = await ChannelClient.open(base, a);
    people.push({ ...a, c: again });
    await again.waitType("registered");
    await again.waitFor((x) => x.data.type === "state" && x.data.resume === true);
    expect(again.types()).not.toContain("spectate");
  });

  it(`at most ${SOCIAL.maxWatchers} spectators; the next one gets a clear 409 and changes nothing`, async () => {
    const a = await person();
    const b = await person();
    const m = await match(a, b);
    const fans: { id: number; token: string }[] = [];
    for (let i = 0; i <= SOCIAL.maxWatchers; i++) {
      const g = await newGuest(base);
      await insertFriendship(db.kysely, g.id, a.id, NOW);
      fans.push(g);
    }
    for (const f of fans.slice(0, SOCIAL.maxWatchers)) {
      const r = await call(base, f.token, "POST", "/api/game/pvp/watch", { game_id: m.gameId });
      expect(r.status).toBe(200);
    }
    const late = fans[SOCIAL.maxWatchers] as { token: string };
    const full = await call(base, late.token, "POST", "/api/game/pvp/watch", { game_id: m.gameId });
    expect(full.status).toBe(409);
    expect(full.body.error?.message).toBe("This game already has 20 spectators; try again later.");
    const last = await a.c.waitFor((x) => x.data.type === "watchers" && x.data.count === 20);
    expect(last.data.count).toBe(20);
    // One leaves: the late one gets in.
    const first = fans[0] as { token: string };
    await call(base, first.token, "POST", "/api/game/pvp/unwatch", { game_id: m.gameId });
    const now = await call<View>(base, late.token, "POST", "/api/game/pvp/watch", {
      game_id: m.gameId,
    });
    expect(now.status).toBe(200);
    expect(now.body.data?.watchers).toBe(20);
  });

  it("emotes reach the opponent, one every 3 s per player (429 in between), only from a player of a live game", async () => {
    const a = await person();
    const b = await person();
    const fan = await person();
    await befriend(fan, a);
    const m = await match(a, b);
    const sent = await a.post("/api/game/pvp/emote", { game_id: m.gameId, emote: "greetings" });
    expect(sent.status).toBe(200);
    const got = await b.c.waitType("emote");
    expect(got.data).toEqual({ type: "emote", game_id: m.gameId, emote: "greetings" });
    expect(a.c.types()).not.toContain("emote");

    clock.advance(2_000);
    const soon = await a.post("/api/game/pvp/emote", { game_id: m.gameId, emote: "wow" });
    expect(soon.status).toBe(429);
    expect(soon.body.error).toEqual({
      code: "rate_limited",
      message: "One emote every 3 s: wait 1 s.",
    });
    // The other player's gap is their own.
    expect(
      (await b.post("/api/game/pvp/emote", { game_id: m.gameId, emote: "thanks" })).status,
    ).toBe(200);
    clock.advance(1_000);
    const from = b.c.messages.length;
    expect((await a.post("/api/game/pvp/emote", { game_id: m.gameId, emote: "wow" })).status).toBe(
      200,
    );
    expect((await b.c.waitFor((x) => x.data.type === "emote", 5_000, from)).data.emote).toBe("wow");
    expect(b.c.messages.filter((x) => x.data.type === "emote")).toHaveLength(2);

    // Bad input changes nothing and says why.
    clock.advance(5_000);
    expect(
      (await a.post("/api/game/pvp/emote", { game_id: m.gameId, emote: "dance" })).status,
    ).toBe(400);
    expect(
      (await fan.post("/api/game/pvp/emote", { game_id: m.gameId, emote: "wow" })).status,
    ).toBe(404);
    await a.post("/api/game/pvp/giveup", { game_id: m.gameId });
    const over = await b.post("/api/game/pvp/emote", { game_id: m.gameId, emote: "well_played" });
    expect(over.status).toBe(409);
    expect(a.c.messages.filter((x) => x.data.type === "emote")).toHaveLength(1);
  });
});
