/**
 * The PvP arena: matching (queue, confirm, cancel), the one turn deadline
 * both players see, whole games with their private views and rewards, refused
 * moves, and the paid-battle rule. Clocks, drops and endings are in
 * pvp-arena-clock.test.ts; the test bed in pvp-arena-support.ts.
 */
import { CATALOGUE } from "@cardrealm/content";
import { type Action, type BattleSetup, createBattle, type Side, step } from "@cardrealm/engine";
import { PVP } from "@cardrealm/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChannelClient } from "../../../bench/pvp/arena-client.ts";
import { ledgerFor } from "../src/db/repositories/ledger-repo.ts";
import { announceDialects, DIALECTS, PAID_BATTLES_AT_DEFAULTS } from "./harness.ts";
import { arenaBed, bodiesFor, last, type Msg, type Player } from "./pvp-arena-support.ts";

announceDialects();

describe.each(DIALECTS)("the PvP arena on %s", (dialect) => {
  /** The server's settings (the paid-battle tests set the rule's production values). */
  let env: Record<string, string> = {};
  const t = arenaBed(dialect, () => env);

  it("both players get the server's one turn deadline and clock, in answers, frames and the reconnect snapshot", async () => {
    const a = await t.player();
    const b = await t.player();
    const m = await t.match(a, b);
    const row = await t.db.kysely
      .selectFrom("arena_games")
      .select("turn_deadline")
      .where("id", "=", m.gameId)
      .executeTakeFirstOrThrow();
    const deadline = Number(row.turn_deadline);
    for (const opening of [m.openingA, m.openingB]) {
      expect(opening.game_data?.turn_deadline).toBe(deadline);
      expect(opening.game_data?.server_time).toBe(t.clock.now());
      expect(opening.game_data?.idle_left).toBe(3);
    }
    // The mover's answer and the other's frame name the next turn's deadline.
    const mover = m.bySide.get(m.state.active) as Player;
    const waiter = m.bySide.get(m.state.active === 0 ? 1 : 0) as Player;
    t.clock.advance(4_000);
    const before = waiter.c.messages.length;
    const ended = await mover.post<Msg[]>("/api/game/pvp/end-turn", {
      game_id: m.gameId,
      version: m.state.version,
      player_attack: [0, 0, 0, 0, 0],
    });
    expect(ended.status).toBe(200);
    const next = last(ended.body.data ?? []).game_data;
    expect(next?.turn_deadline).toBe(t.clock.now() + PVP.turnMs);
    expect(next?.server_time).toBe(t.clock.now());
    const frame = await waiter.c.waitType("state", 5_000, before);
    expect(last(frame.data.messages as Msg[]).game_data?.turn_deadline).toBe(next?.turn_deadline);
    // A warning about a turn that is over is answered with the game, not 409.
    const warned = await mover.post<Msg[]>("/api/game/pvp/warning", { game_id: m.gameId });
    expect(warned.status).toBe(409); // the waiter's turn has time left
    const early = await waiter.post<Msg[]>("/api/game/pvp/warning", { game_id: m.gameId });
    expect(early.status).toBe(200); // it is the waiter's own turn: the game as it stands
    expect(last(early.body.data ?? []).game_data?.turn_deadline).toBe(next?.turn_deadline);
    // The reconnect snapshot after some time: the same deadline, the server's time now.
    t.clock.advance(10_000);
    waiter.c.kill();
    const back = await ChannelClient.open(t.base, waiter, { clearState: false });
    t.players.push({ ...waiter, c: back });
    const resume = await back.waitFor((x) => x.data.type === "state" && x.data.resume === true);
    const snap = last(resume.data.messages as Msg[]).game_data;
    expect(snap?.turn_deadline).toBe(next?.turn_deadline);
    expect(snap?.server_time).toBe(t.clock.now());
  });

  it("refuses the arena below level 3, queueing twice and queueing while in a battle", async () => {
    const low = await t.player(1);
    const locked = await low.post("/api/game/pvp/queue", { version: "1.21-p" });
    expect(locked.status).toBe(403);
    expect(locked.body.error?.message).toBe("Required chapter 2");

    const p = await t.player();
    expect((await p.post("/api/game/pvp/queue", { version: "1.21-p" })).status).toBe(200);
    const twice = await p.post("/api/game/pvp/queue", { version: "1.21-p" });
    expect(twice.status).toBe(409);
    expect(twice.body.error?.message).toBe("You are already in the queue.");
    expect((await p.post("/api/game/pvp/queue", {})).status).toBe(400);

    expect((await p.post("/api/game/pvp/cancel-queue")).body.data).toEqual({ in_queue: false });
    const bot = await p.post<Msg[]>("/api/game/pvp/bot");
    expect(bot.status).toBe(200);
    const busy = await p.post("/api/game/pvp/queue", { version: "1.21-p" });
    expect(busy.status).toBe(409);
    expect(busy.body.error?.message).toBe("Finish your arena battle first.");
    expect((await p.post("/api/game/pvp/bot")).status).toBe(409);
  });

  it("refuses confirming a match one is not in, and answers opponent_leave when the other cancels", async () => {
    const a = await t.player();
    const b = await t.player();
    const outsider = await t.player();
    await a.post("/api/game/pvp/queue", { version: 1 });
    await b.post("/api/game/pvp/queue", { version: 1 });
    const msg = await a.c.waitType("confirm_start_game");
    const players = msg.data.players as string;
    expect(msg.data.opponent).toMatchObject({ rank: "bronze" });

    const notMine = await outsider.post("/api/game/pvp/confirm-start-game", { players });
    expect(notMine.status).toBe(403);
    const unknown = await outsider.post("/api/game/pvp/confirm-start-game", {
      players: "00000000-0000-0000-0000-000000000000",
    });
    expect(unknown.status).toBe(404);

    expect(
      (await a.post<{ result: string }>("/api/game/pvp/confirm-start-game", { players })).body.data
        ?.result,
    ).toBe("waiting");
    await b.post("/api/game/pvp/cancel-queue");
    // a hears it at once over the channel (issue 24 item 6), not only at its next poll.
    const told = await a.c.waitType("opponent_leave");
    expect(told.data.players).toBe(players);
    expect(b.c.types()).not.toContain("opponent_leave");
    const left = await a.post<{ result: string }>("/api/game/pvp/confirm-start-game", { players });
    expect(left.body.data?.result).toBe("opponent_leave");
    // The outsider's failed confirm changed nothing; a is free to queue again.
    expect((await a.post("/api/game/pvp/queue", { version: 1 })).status).toBe(200);
  });

  it("two matched players play a whole game; each sees only their own view; rewards are paid once", async () => {
    const a = await t.player();
    const b = await t.player();
    const m = await t.match(a, b);
    expect(m.openingA.game_data?.isPvP).toBe(true);
    expect(m.openingA.player?.hand).toBeDefined();
    expect(m.openingA.cpu).not.toHaveProperty("hand");
    const actives = [m.openingA.game_data?.active, m.openingB.game_data?.active].sort();
    expect(actives).toEqual(["cpu", "player"]);

    let state = m.state;
    let seed = 1;
    for (let guard = 0; guard < 400 && !state.over; guard++) {
      const side = state.active;
      const mover = m.bySide.get(side) as Player;
      for (const step of bodiesFor(state, side, m.gameId, seed++)) {
        const r = await mover.post<Msg[]>(step.path, step.body);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        if (last(r.body.data ?? []).end_game) break;
      }
      state = await t.stateOf(m.gameId);
    }
    expect(state.over).toBe(true);

    for (const p of [a, b]) {
      const states = p.c.messages.filter((x) => x.data.type === "state");
      expect(states.length).toBeGreaterThan(0);
      const seqs = states.map((x) => x.data.seq as number);
      expect([...seqs].sort((x, y) => x - y)).toEqual(seqs); // in order
      expect(new Set(seqs).size).toBe(seqs.length); // never twice
      const text = JSON.stringify(states);
      expect(text).not.toMatch(/"seed"|"rng"|"deck":\[/);
      for (const s of states)
        for (const msg of s.data.messages as Msg[])
          if (msg.cpu) expect(msg.cpu).not.toHaveProperty("hand");
    }

    // The finish hook runs after the last answer: wait for both players' calls.
    await expect.poll(() => t.finished.length, { timeout: 10_000 }).toBe(2);
    expect(t.finished.map((f) => f.userId).sort()).toEqual([a.id, b.id].sort());
    const winner = t.finished.find((f) => f.won);
    const loser = t.finished.find((f) => !f.won);
    if (state.winner !== null) {
      expect(winner?.silver).toBe(50);
      expect(loser?.silver).toBe(10);
      expect(winner?.rankScoreAfter).toBe(20);
      expect(loser?.rankScoreAfter).toBe(0); // never below the rank's floor
    }
    for (const p of [a, b]) {
      const arena = (await ledgerFor(t.db.kysely, p.id)).filter((l) =>
        l.reason.startsWith("arena"),
      );
      expect(arena).toHaveLength(1);
    }
    // Every move appended its action to the stored list (in SQL, not from a
    // copy in memory): the list replays from the setup to the stored final
    // state, and the finish hook (daily tasks) saw the same list.
    const row = await t.db.kysely
      .selectFrom("battles")
      .select(["setup", "actions", "state"])
      .where("id", "=", m.gameId)
      .executeTakeFirstOrThrow();
    const actions = JSON.parse(row.actions) as Action[];
    expect(actions.length).toBeGreaterThan(10);
    let replay = createBattle(JSON.parse(row.setup) as BattleSetup, CATALOGUE);
    for (const action of actions) {
      const r = step(replay, action, CATALOGUE);
      expect(r.ok).toBe(true);
      if (r.ok) replay = r.state;
    }
    expect(replay).toEqual(JSON.parse(row.state));
    for (const f of t.finished) expect(f.actions).toEqual(actions);

    // Acting in the finished game is refused.
    const after = await a.post("/api/game/pvp/giveup", { game_id: m.gameId });
    expect(after.status).toBe(409);
  });

  it("refuses acting out of turn (409) and in another player's game (404), leaving the state as it was", async () => {
    const a = await t.player();
    const b = await t.player();
    const outsider = await t.player();
    const m = await t.match(a, b);
    const idle = m.bySide.get(m.state.active === 0 ? 1 : 0) as Player;
    const idleSide: Side = m.state.active === 0 ? 1 : 0;
    const key = m.state.sides[idleSide].hand[0]?.key ?? 0;
    const r = await idle.post("/api/game/pvp/play-card", {
      game_id: m.gameId,
      version: m.state.version,
      hand_key: key,
      cell: 0,
    });
    expect(r.status).toBe(409);
    expect(r.body.error?.message).toBe("It is not your turn.");
    const e = await idle.post("/api/game/pvp/end-turn", {
      game_id: m.gameId,
      version: m.state.version,
      player_attack: [0, 0, 0, 0, 0],
    });
    expect(e.status).toBe(409);
    const o = await outsider.post("/api/game/pvp/giveup", { game_id: m.gameId });
    expect(o.status).toBe(404);
    expect((await t.stateOf(m.gameId)).version).toBe(m.state.version);
  });

  it("answers a register with the pending match, so a reconnecting player can still confirm", async () => {
    const a = await t.player();
    const b = await t.player();
    await a.post("/api/game/pvp/queue", { version: 1 });
    await b.post("/api/game/pvp/queue", { version: 1 });
    const first = await a.c.waitType("confirm_start_game");
    a.c.kill();
    const again = await ChannelClient.open(t.base, a);
    t.players.push({ ...a, c: again });
    const resent = await again.waitType("confirm_start_game");
    expect(resent.data.players).toBe(first.data.players);
  });

  describe("with the paid-battle rule at its production values (rules.md 4)", () => {
    beforeAll(() => {
      env = { ...PAID_BATTLES_AT_DEFAULTS };
    });
    afterAll(() => {
      env = {};
    });

    it("two accounts trading wins by instant give-up earn nothing; rank score still moves", async () => {
      const a = await t.player();
      const b = await t.player();
      /** One game: `quitter` gives up at once; the winner's end_game, as its channel brings it. */
      async function trade(quitter: Player, winner: Player) {
        const m = await t.match(a, b);
        const before = winner.c.messages.length;
        t.clock.advance(5_000);
        const gave = await quitter.post<Msg[]>("/api/game/pvp/giveup", {
          game_id: m.gameId,
        });
        expect(gave.status).toBe(200);
        const quit = (gave.body.data ?? []).find((x) => x.end_game) as Msg;
        // The give-up rule leaves the quitter unpaid, without a paid-battle reason.
        expect(quit.end_game?.result).toMatchObject({ rewards: { silver: 0 }, season_xp: 0 });
        expect(quit.end_game?.result).not.toHaveProperty("unpaid");
        const heard = await winner.c.waitFor(
          (x) => x.data.type === "state" && (x.data.messages as Msg[]).some((s) => s.end_game),
          5_000,
          before,
        );
        return ((heard.data.messages as Msg[]).find((s) => s.end_game) as Msg).end_game;
      }
      const first = await trade(a, b);
      expect(first?.winner).toBe("player");
      const unpaidWin = { rewards: { silver: 0 }, unpaid: "too_short", season_xp: 0 };
      expect(first?.result).toMatchObject(unpaidWin);
      const second = await trade(b, a);
      expect(second?.result).toMatchObject(unpaidWin);

      for (const p of [a, b]) {
        const arena = (await ledgerFor(t.db.kysely, p.id)).filter((l) =>
          l.reason.startsWith("arena"),
        );
        expect(arena).toEqual([]);
      }
      const rows = await t.db.kysely
        .selectFrom("users")
        .select(["id", "season_xp", "rank_score"])
        .where("id", "in", [a.id, b.id])
        .orderBy("id")
        .execute();
      // a: lost (the floor keeps 0), then +20; b: +20, then -10.
      expect(rows.map((r) => [r.season_xp, r.rank_score])).toEqual([
        [0, 20],
        [0, 10],
      ]);
      await expect.poll(() => t.finished.length, { timeout: 10_000 }).toBe(4);
      expect(t.finished.map((f) => [f.silver, f.seasonXp])).toEqual([
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
      ]);
    });
  });
});
