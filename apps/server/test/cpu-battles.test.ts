import { CATALOGUE } from "@cardrealm/content";
import type { Action, BattleState, Side } from "@cardrealm/engine";
import { legalActions } from "@cardrealm/engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ledgerFor } from "../src/db/repositories/ledger-repo.ts";
import { announceDialects, DIALECTS, newGuest, type TestApp, testApp } from "./harness.ts";

announceDialects();

type Msg = Record<string, unknown> & {
  game_data?: { game_id: string; version: number; active: string };
  player?: { hand: Record<string, number>; hp: number; table: unknown[] };
  cpu?: Record<string, unknown>;
  end_game?: {
    winner: string | null;
    result?: { rewards: { silver: number }; sesason_pass_bonus?: number };
  };
};

/** A computer that only ends its turn, defending: keeps these tests about the server. */
const passivePlanner = (state: BattleState, side: Side): Action[] => {
  const end = legalActions(state, CATALOGUE).find((a) => a.type === "end_turn" && a.side === side);
  return end ? [end] : [];
};

describe.each(DIALECTS)("story battles on %s", (dialect) => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeEach(async () => {
    t = await testApp(dialect, {}, { planTurn: passivePlanner });
    auth = (await newGuest(t.app)).auth;
  });
  afterEach(async () => {
    await t.app.close();
  });

  const post = (url: string, payload: unknown) =>
    t.app.inject({
      method: "POST",
      url,
      headers: auth,
      payload: payload as Record<string, unknown>,
    });
  const last = (msgs: Msg[]) => msgs[msgs.length - 1] as Msg;

  it("starts the first opponent and answers the opening state without secrets", async () => {
    const res = await post("/api/game/cpu/start", { cpu_id: 6 });
    expect(res.statusCode).toBe(200);
    const msgs = res.json().data as Msg[];
    const snap = last(msgs);
    expect(snap.game_data?.game_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(snap.player?.hand ?? {})).toHaveLength(5);
    const text = res.body;
    expect(text).not.toMatch(/"seed"|"rng"|"deck":\[/);
    expect(snap.cpu).not.toHaveProperty("hand");
  });

  it("refuses locked opponents, promo chapters and unknown ids with a reason", async () => {
    const second = await post("/api/game/cpu/start", { cpu_id: 5 });
    expect(second.statusCode).toBe(403);
    expect(second.json().error.message).toMatch(/^Beat .+ first\.$/);
    const chapter2 = await post("/api/game/cpu/start", { cpu_id: 2 });
    expect(chapter2.statusCode).toBe(403);
    expect(chapter2.json().error.message).toBe("Required chapter 1");
    expect((await post("/api/game/cpu/start", { cpu_id: 999 })).statusCode).toBe(404);
    expect((await post("/api/game/cpu/start", { cpu_id: "6" })).statusCode).toBe(400);
  });

  it("refuses a deck under 40 cards with the catalogue text", async () => {
    const me = (
      await t.app.inject({ method: "GET", url: "/api/player-details", headers: auth })
    ).json().data;
    const first = Object.keys(me.deck.cards)[0];
    await t.db.kysely
      .deleteFrom("deck_cards")
      .where("user_id", "=", me.id)
      .where("card_id", "=", Number(first))
      .execute();
    const res = await post("/api/game/cpu/start", { cpu_id: 6 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("The deck must contain at least 40 cards");
  });

  it("refuses an illegal play with the engine's reason and keeps the battle as it was", async () => {
    const start = (await post("/api/game/cpu/start", { cpu_id: 6 })).json().data as Msg[];
    const gameId = last(start).game_data?.game_id as string;
    const bad = await post("/api/game/cpu/play-card", {
      game_id: gameId,
      hand_key: 999_999,
      version: last(start).game_data?.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message.length).toBeGreaterThan(3);
    const current = (
      await t.app.inject({ method: "GET", url: "/api/game/cpu/current", headers: auth })
    ).json().data as Msg[];
    expect(last(current)).toEqual(last(start));
  });

  it("end turn answers the player's combat and the computer's whole turn; the battle resumes after a restart", async () => {
    const start = (await post("/api/game/cpu/start", { cpu_id: 6 })).json().data as Msg[];
    const gameId = last(start).game_data?.game_id as string;
    const end = await post("/api/game/cpu/end-turn", {
      game_id: gameId,
      player_attack: [0, 0, 0, 0, 0],
      version: last(start).game_data?.version,
    });
    expect(end.statusCode).toBe(200);
    const msgs = end.json().data as Msg[];
    expect(msgs.some((m) => "cpu_start_turn" in m)).toBe(true);
    expect(msgs.some((m) => "cpu_end_turn" in m)).toBe(true);
    expect(last(msgs).game_data?.active).toBe("player");

    // A "restart": a new app over the same database finds the battle where it stands.
    const again = await testApp(
      dialect,
      {},
      { planTurn: passivePlanner, db: t.db, keepDbOpen: true },
    );
    const current = (
      await again.app.inject({ method: "GET", url: "/api/game/cpu/current", headers: auth })
    ).json().data as Msg[];
    expect(last(current)).toEqual(last(msgs));
    await again.app.close();
  });

  it("a player has one active battle: starting another is refused, the same one is found again", async () => {
    const start = (await post("/api/game/cpu/start", { cpu_id: 6 })).json().data as Msg[];
    const again = (await post("/api/game/cpu/start", { cpu_id: 6 })).json().data as Msg[];
    expect(last(again).game_data?.game_id).toBe(last(start).game_data?.game_id);
  });

  it("giving up pays nothing (rules.md 4), ends the battle once and frees the player", async () => {
    const start = (await post("/api/game/cpu/start", { cpu_id: 6 })).json().data as Msg[];
    const gameId = last(start).game_data?.game_id as string;
    const [a, b] = await Promise.all([
      post("/api/game/cpu/giveup", { game_id: gameId }),
      post("/api/game/cpu/giveup", { game_id: gameId }),
    ]);
    const ok = [a, b].filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    const endMsg = ((ok[0]?.json().data ?? []) as Msg[]).find((m) => m.end_game);
    expect(endMsg?.end_game?.winner).toBe("cpu");
    expect(endMsg?.end_game?.result?.rewards.silver).toBe(0);
    expect(endMsg?.end_game?.result?.sesason_pass_bonus).toBeUndefined();
    const me = (
      await t.app.inject({ method: "GET", url: "/api/player-details", headers: auth })
    ).json().data;
    expect(me.silver).toBe(1000);
    const ledger = await ledgerFor(t.db.kysely, me.id);
    expect(ledger.filter((l) => l.reason === "battle_loss")).toHaveLength(0);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/game/cpu/current", headers: auth })).json()
        .data,
    ).toBeNull();
  });

  it("winning pays the tripled first-win reward, records the opponent in maps and unlocks the next", async () => {
    const start = (await post("/api/game/cpu/start", { cpu_id: 6 })).json().data as Msg[];
    const gameId = last(start).game_data?.game_id as string;
    // Play greedily: a unit into a free cell each turn, attack with everything.
    let state = last(start);
    let end: Msg | undefined;
    for (let turn = 0; turn < 80 && !end; turn++) {
      const table = (state.player?.table ?? []) as unknown[];
      const free = table.indexOf(0);
      for (const key of Object.keys(state.player?.hand ?? {})) {
        if (free < 0) break;
        const played = await post("/api/game/cpu/play-card", {
          game_id: gameId,
          version: state.game_data?.version,
          hand_key: Number(key),
          key: "table_key",
          value: free,
          side: "player",
        });
        if (played.statusCode === 200) {
          const msgs = played.json().data as Msg[];
          end = msgs.find((m) => m.end_game);
          state = last(msgs);
          break;
        }
      }
      if (end) break;
      const hand = Object.keys(state.player?.hand ?? {});
      const res = await post("/api/game/cpu/end-turn", {
        game_id: gameId,
        player_attack: [1, 1, 1, 1, 1],
        version: state.game_data?.version,
        ...(hand.length > 6 ? { discard_card: Number(hand[0]) } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      const msgs = res.json().data as Msg[];
      end = msgs.find((m) => m.end_game);
      state = last(msgs);
    }
    expect(end?.end_game?.winner).toBe("player");
    expect(end?.end_game?.result?.rewards.silver).toBe((30 + 10) * 3);
    const me = (
      await t.app.inject({ method: "GET", url: "/api/player-details", headers: auth })
    ).json().data;
    expect(me.maps).toEqual([6]);
    expect(me.silver).toBe(1000 + 120);
    expect((await post("/api/game/cpu/start", { cpu_id: 5 })).statusCode).toBe(200);
  });

  it("a move without a version, or with a stale one, is refused with 409 and nothing is applied", async () => {
    const start = (await post("/api/game/cpu/start", { cpu_id: 6 })).json().data as Msg[];
    const gameId = last(start).game_data?.game_id as string;
    const version = last(start).game_data?.version as number;
    const hand = Object.keys(last(start).player?.hand ?? {});
    const missing = [
      await post("/api/game/cpu/end-turn", { game_id: gameId, player_attack: [0, 0, 0, 0, 0] }),
      await post("/api/game/cpu/play-card", {
        game_id: gameId,
        hand_key: Number(hand[0]),
        key: "table_key",
        value: 0,
        side: "player",
      }),
      await post("/api/game/cpu/end-turn", {
        game_id: gameId,
        player_attack: [0, 0, 0, 0, 0],
        version: version + 7,
      }),
    ];
    expect(missing.map((r) => r.statusCode)).toEqual([409, 409, 409]);
    const current = (
      await t.app.inject({ method: "GET", url: "/api/game/cpu/current", headers: auth })
    ).json().data as Msg[];
    expect(last(current)).toEqual(last(start));
  });

  it("a double end-turn (two requests on one version) ends one turn", async () => {
    const start = (await post("/api/game/cpu/start", { cpu_id: 6 })).json().data as Msg[];
    const gameId = last(start).game_data?.game_id as string;
    const body = {
      game_id: gameId,
      player_attack: [0, 0, 0, 0, 0],
      version: last(start).game_data?.version,
    };
    const answers = await Promise.all([
      post("/api/game/cpu/end-turn", body),
      post("/api/game/cpu/end-turn", body),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const current = (
      await t.app.inject({ method: "GET", url: "/api/game/cpu/current", headers: auth })
    ).json().data as (Msg & { game_data: { turn: number } })[];
    const won = answers.find((r) => r.statusCode === 200)?.json().data as Msg[];
    expect(last(current)).toEqual(last(won));
    // One human turn and one computer turn since the start, not two of each.
    const turns = await t.db.kysely
      .selectFrom("battles")
      .select("actions")
      .where("id", "=", gameId)
      .executeTakeFirstOrThrow();
    const ends = (JSON.parse(turns.actions) as Action[]).filter(
      (a) => a.type === "end_turn" && a.side === 0,
    );
    expect(ends).toHaveLength(1);
  });

  it("rejects bad battle bodies with 400 and a message", async () => {
    for (const [url, body] of [
      ["/api/game/cpu/start", {}],
      ["/api/game/cpu/start", { cpu_id: -1 }],
      ["/api/game/cpu/play-card", { game_id: "x", hand_key: 1 }],
      [
        "/api/game/cpu/end-turn",
        { game_id: "00000000-0000-0000-0000-000000000000", player_attack: [1, 1] },
      ],
      ["/api/game/cpu/giveup", { game_id: 5 }],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message.length).toBeGreaterThan(3);
    }
    const unknown = await post("/api/game/cpu/giveup", {
      game_id: "00000000-0000-0000-0000-000000000000",
    });
    expect(unknown.statusCode).toBe(404);
  });
});
