import { ReplayListSchema, ReplaySchema, ReplayShareSchema } from "@cardrealm/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadGameContent } from "../src/content-bridge.ts";
import { createReplays } from "../src/replays/replay-service.ts";
import { lastOf, type Msg, passivePlanner, playToEnd } from "./battle-play.ts";
import { announceDialects, DIALECTS, newGuest, type TestApp, testApp } from "./harness.ts";
import { insertPvpBattle, playedBattle, VERSIONS } from "./replay-fixtures.ts";

announceDialects();

type Guest = Awaited<ReturnType<typeof newGuest>>;

describe.each(DIALECTS)("replays on %s", (dialect) => {
  let t: TestApp;
  let ann: Guest;
  let bob: Guest;
  beforeEach(async () => {
    t = await testApp(dialect, {}, { planTurn: passivePlanner });
    ann = await newGuest(t.app);
    bob = await newGuest(t.app);
  });
  afterEach(async () => {
    await t.app.close();
  });

  const call = (who: Guest | null, method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: who ? who.auth : {},
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  /** Ann beats the first story opponent; answers the battle id and what she was sent last. */
  async function annWinsAStoryBattle() {
    const start = (await call(ann, "POST", "/api/game/cpu/start", { cpu_id: 6 })).json()
      .data as Msg[];
    const played = await playToEnd(t.app, ann.auth, start);
    expect(played.end?.end_game?.winner).toBe("player");
    return { id: lastOf(start).game_data?.game_id as string, ...played };
  }

  it("lists a finished story battle and rebuilds what the player's seat was sent", async () => {
    const { id, end, last } = await annWinsAStoryBattle();
    const list = await call(ann, "GET", "/api/replays");
    expect(list.statusCode).toBe(200);
    const rows = ReplayListSchema.parse(list.json().data);
    expect(rows).toEqual([
      expect.objectContaining({
        id,
        mode: "story",
        result: "win",
        available: true,
        share_id: null,
        opponent: expect.objectContaining({ cpu_id: 6, avatar: "/static/media/opponent-6.webp" }),
      }),
    ]);
    expect(rows[0]?.turns).toBeGreaterThan(1);

    const res = await call(ann, "GET", `/api/replays/${id}`);
    expect(res.statusCode).toBe(200);
    const replay = ReplaySchema.parse(res.json().data);
    expect(replay.engine_version).toBe(VERSIONS.engine);
    expect(replay.steps[0]?.kind).toBe("start");
    expect(replay.steps.slice(1).some((s) => s.by === "cpu" && s.kind === "end_turn")).toBe(true);
    // The last step closes the battle as the player saw it: same board, the pay she got.
    const final = res.json().data.steps.at(-1).messages as Msg[];
    expect(final.find((m) => m.end_game)?.end_game?.result?.rewards.silver).toBe(
      end?.end_game?.result?.rewards.silver,
    );
    expect(lastOf(final)).toEqual(lastOf(last));
    // Turn marks never go back.
    const turns = replay.steps.map((s) => s.turn);
    expect(turns).toEqual([...turns].sort((a, b) => a - b));
    expect(res.body).not.toMatch(/"setup"|"seed"|"rng"|"deck":\[/);
  });

  it("another player's battle answers 404 like a missing id; the share id opens it for anyone", async () => {
    const { id } = await annWinsAStoryBattle();
    const foreign = await call(bob, "GET", `/api/replays/${id}`);
    const missing = await call(bob, "GET", "/api/replays/00000000-0000-4000-8000-000000000000");
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json().error.message).toBe("No such replay.");
    expect((await call(bob, "POST", `/api/replays/${id}/share`)).statusCode).toBe(404);
    expect((await call(bob, "GET", "/api/replays")).json().data).toEqual([]);

    const shared = await call(ann, "POST", `/api/replays/${id}/share`);
    expect(shared.statusCode).toBe(200);
    const share = ReplayShareSchema.parse(shared.json().data);
    expect(share.share_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(share.path).toBe(`/?replay=${share.share_id}`);
    expect(share.share_id).not.toContain(id.replaceAll("-", "").slice(0, 8));
    // Idempotent: the same id again, and the list shows it.
    expect((await call(ann, "POST", `/api/replays/${id}/share`)).json().data).toEqual(share);
    expect((await call(ann, "GET", "/api/replays")).json().data[0].share_id).toBe(share.share_id);

    const viaLink = await call(bob, "GET", `/api/replays/shared/${share.share_id}`);
    expect(viaLink.statusCode).toBe(200);
    const replay = ReplaySchema.parse(viaLink.json().data);
    expect(replay.player.name).toBe(
      (await call(ann, "GET", "/api/player-details")).json().data.nickname,
    );
    expect(replay.share_id).toBe(share.share_id);
    expect(viaLink.json().data.steps).toEqual(
      (await call(ann, "GET", `/api/replays/${id}`)).json().data.steps,
    );

    // Guessing: an unknown share id, a malformed one, no token.
    const unknown = await call(bob, "GET", "/api/replays/shared/AAAAAAAAAAAAAAAAAAAAAA");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("No such replay.");
    expect((await call(bob, "GET", "/api/replays/shared/short")).statusCode).toBe(400);
    expect((await call(bob, "GET", "/api/replays/not-a-uuid")).statusCode).toBe(400);
    expect((await call(null, "GET", `/api/replays/shared/${share.share_id}`)).statusCode).toBe(401);
    expect((await call(null, "GET", "/api/replays")).statusCode).toBe(401);
  });

  it("a PvP game replays for each seat with its own hand only, and lists for both players", async () => {
    const played = playedBattle(
      4242,
      [0, 1],
      Array.from({ length: 40 }, (_, i) => i * 7),
    );
    const id = await insertPvpBattle(t.db, ann.user.id, bob.user.id, played);
    const a = ReplaySchema.parse((await call(ann, "GET", `/api/replays/${id}`)).json().data);
    const b = ReplaySchema.parse((await call(bob, "GET", `/api/replays/${id}`)).json().data);
    expect(a.mode).toBe("arena");
    expect([a.player.name, a.opponent.name]).toEqual(["Ann", "Bob"]);
    expect([b.player.name, b.opponent.name]).toEqual(["Bob", "Ann"]);
    expect(a.opponent.cpu_id).toBeNull();
    expect(a.steps).toHaveLength(played.actions.length + 1);
    // Each seat's snapshots hold its own hand as the engine had it, never the other's.
    for (const [replay, side] of [
      [a, 0],
      [b, 1],
    ] as const) {
      replay.steps.forEach((s, i) => {
        const snap = lastOf(s.messages as Msg[]);
        const hand = Object.values(snap.player?.hand ?? {}).sort();
        const truth = (played.states[i]?.sides[side].hand ?? []).map((h) => h.card).sort();
        expect(hand).toEqual(truth);
        expect(snap.cpu).not.toHaveProperty("hand");
        expect(snap.game_data?.game_id).toBe(id);
      });
    }
    const results = [a.result, b.result].sort();
    expect(results).toEqual(played.final.winner === null ? ["draw", "draw"] : ["loss", "win"]);
    const bobs = ReplayListSchema.parse((await call(bob, "GET", "/api/replays")).json().data);
    expect(bobs.map((r) => r.id)).toEqual([id]);
  });

  it("the arena bot game replays as an arena game, tagged as the arena tagged it live", async () => {
    await t.db.kysely
      .updateTable("users")
      .set({ level: 3 })
      .where("id", "=", ann.user.id)
      .execute();
    const start = (await call(ann, "POST", "/api/game/pvp/bot", {})).json().data as Msg[];
    const id = lastOf(start).game_data?.game_id as string;
    const gaveUp = await call(ann, "POST", "/api/game/pvp/giveup", { game_id: id });
    expect(gaveUp.statusCode, gaveUp.body).toBe(200);
    const live = gaveUp.json().data as Msg[];
    const res = await call(ann, "GET", `/api/replays/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const replay = res.json().data;
    expect(replay).toEqual(
      expect.objectContaining({
        // Listed as a person's arena game: nothing in the history says "bot".
        mode: "arena",
        result: "loss",
        // The bot passes for a player (issue 24 item 7): a players' portrait, no bot art.
        opponent: expect.objectContaining({
          cpu_id: null,
          avatar: expect.stringMatching(/^\/static\/media\/avatar-\d\.svg$/),
        }),
      }),
    );
    expect(replay.steps.map((s: { kind: string }) => s.kind)).toEqual(["start", "give_up"]);
    // The same messages as live, but the clock (which meant something only live).
    // The clock, and the end panel's rank change and season xp (live only: the
    // replay's end_game carries the gems the seat was paid).
    const withoutClock = (msgs: Msg[]) =>
      msgs.map((m) => {
        const result = (m.end_game as { result?: Record<string, unknown> } | undefined)?.result;
        if (result) {
          delete result.rank_delta;
          delete result.season_xp;
        }
        if (!m.game_data) return m;
        const {
          server_time: _t,
          turn_deadline: _d,
          ...game_data
        } = m.game_data as Record<string, unknown>;
        return { ...m, game_data };
      });
    expect(withoutClock(replay.steps[1].messages)).toEqual(withoutClock(live));
  });

  it("lists the newest 30 finished battles, newest first; concurrent shares answer one id", async () => {
    const played = playedBattle(99, [0, 0], [1, 2, 3]);
    const ids: string[] = [];
    for (let i = 0; i < 33; i++) {
      const at = new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString();
      ids.push(await insertPvpBattle(t.db, ann.user.id, bob.user.id, played, at));
    }
    const list = ReplayListSchema.parse((await call(bob, "GET", "/api/replays")).json().data);
    expect(list.map((r) => r.id)).toEqual(ids.slice(3).reverse());
    const shares = await Promise.all(
      Array.from({ length: 6 }, () => call(bob, "POST", `/api/replays/${ids[5]}/share`)),
    );
    const answered = new Set(shares.map((r) => r.json().data.share_id));
    expect(answered.size).toBe(1);
    const rows = await t.db.kysely.selectFrom("replay_shares").selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({ battle_id: ids[5], user_id: bob.user.id, side: 1 }),
    ]);
  });

  it("a battle of another version, or one that no longer replays, is unavailable: listed, 409, never 500", async () => {
    const { id } = await annWinsAStoryBattle();
    await t.db.kysely
      .updateTable("battles")
      .set({ engine_version: "0.0.1-old" })
      .where("id", "=", id)
      .execute();
    const listed = (await call(ann, "GET", "/api/replays")).json().data;
    expect(listed[0]).toEqual(expect.objectContaining({ id, available: false }));
    const refused = await call(ann, "GET", `/api/replays/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("replay_unavailable");
    expect(refused.json().error.message).toMatch(/earlier version of the game/);

    // Same versions, but the stored final state is not where the actions lead.
    const other = playedBattle(7, [1, 2], [1, 2, 3, 4, 5, 6]);
    const pvp = await insertPvpBattle(t.db, ann.user.id, bob.user.id, other);
    const tampered = { ...other.final, sides: other.final.sides.map((s) => ({ ...s, hp: 1 })) };
    await t.db.kysely
      .updateTable("battles")
      .set({ state: JSON.stringify(tampered) })
      .where("id", "=", pvp)
      .execute();
    const diverged = await call(bob, "GET", `/api/replays/${pvp}`);
    expect(diverged.statusCode).toBe(409);
    expect(diverged.json().error.code).toBe("replay_unavailable");
    const bobs = (await call(bob, "GET", "/api/replays")).json().data;
    expect(bobs[0]).toEqual(expect.objectContaining({ id: pvp, available: false }));
  });

  it("an active battle is no replay; a rebuilt replay is served from the cache", async () => {
    const start = (await call(ann, "POST", "/api/game/cpu/start", { cpu_id: 6 })).json()
      .data as Msg[];
    const active = lastOf(start).game_data?.game_id as string;
    expect((await call(ann, "GET", `/api/replays/${active}`)).statusCode).toBe(404);
    expect((await call(ann, "GET", "/api/replays")).json().data).toEqual([]);
    await playToEnd(t.app, ann.auth, start);

    const replays = createReplays({
      db: t.db,
      clock: () => t.clock.now,
      catalogue: loadGameContent().catalogue,
      versions: VERSIONS,
    });
    const first = await replays.get(ann.user.id, active);
    const second = await replays.get(ann.user.id, active);
    expect(first.ok && second.ok).toBe(true);
    expect(replays.rebuildCount()).toBe(1);
    expect(second).toEqual(first);
  });
});

describe("guessing share ids is throttled", () => {
  it("past the limit of unknown ids a player and their address are refused 429", async () => {
    const t = await testApp("sqlite", { REPLAY_SHARE_MISSES_PER_HOUR: "3" });
    try {
      const guest = await newGuest(t.app);
      const get = (shareId: string) =>
        t.app.inject({
          method: "GET",
          url: `/api/replays/shared/${shareId}`,
          headers: guest.auth,
        });
      for (let i = 0; i < 3; i++)
        expect((await get(`AAAAAAAAAAAAAAAAAAAAA${i}`)).statusCode).toBe(404);
      const refused = await get("BBBBBBBBBBBBBBBBBBBBBB");
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe("rate_limited");
      expect(refused.headers["retry-after"]).toBeDefined();
      // The address is counted too: a fresh guest from it guesses no further.
      const other = await newGuest(t.app);
      const fresh = await t.app.inject({
        method: "GET",
        url: "/api/replays/shared/CCCCCCCCCCCCCCCCCCCCCC",
        headers: other.auth,
      });
      expect(fresh.statusCode).toBe(429);
    } finally {
      await t.app.close();
    }
  });
});
