/**
 * Battle refusals on the wire (issue 14: battles/ answers refusals in domain
 * words, the routes map them). The texts and codes a client reads must stay
 * what they were when battles/ threw HTTP errors itself; these are the ones
 * no other test pins.
 */
import { MESSAGES } from "@cardrealm/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { announceDialects, DIALECTS, newGuest, type TestApp, testApp } from "./harness.ts";

announceDialects();

type Msg = { game_data?: { game_id: string; version: number } };

describe.each(DIALECTS)("battle refusals on %s", (dialect) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let userId: number;
  beforeEach(async () => {
    t = await testApp(dialect);
    const g = await newGuest(t.app);
    auth = g.auth;
    userId = g.user.id;
    await t.db.kysely.updateTable("users").set({ level: 3 }).where("id", "=", userId).execute();
  });
  afterEach(async () => {
    await t.app.close();
  });

  const post = async (url: string, payload: Record<string, unknown> = {}, headers = auth) => {
    const r = await t.app.inject({ method: "POST", url, headers, payload });
    return { status: r.statusCode, body: r.json() as { data?: Msg[]; error?: unknown } };
  };
  const gameOf = (data: Msg[] | undefined) => data?.at(-1)?.game_data;

  it("a deck under the minimum: 400 deck_too_small on the story start, the arena bot and the queue", async () => {
    const me = (
      await t.app.inject({ method: "GET", url: "/api/player-details", headers: auth })
    ).json().data as { deck: { cards: Record<string, number> } };
    const first = Number(Object.keys(me.deck.cards)[0]);
    await t.db.kysely
      .deleteFrom("deck_cards")
      .where("user_id", "=", userId)
      .where("card_id", "=", first)
      .execute();
    const tooSmall = { error: { code: "deck_too_small", message: MESSAGES.deckTooSmall } };
    for (const [url, body] of [
      ["/api/game/cpu/start", { cpu_id: 6 }],
      ["/api/game/cpu/start", { cpu_id: 21 }],
      ["/api/game/pvp/bot", {}],
      ["/api/game/pvp/queue", { version: "1.21-p" }],
    ] as const) {
      const r = await post(url, body);
      expect([url, r.status, r.body]).toEqual([url, 400, tooSmall]);
    }
  });

  it("another player's game, an unknown match and a finished battle are refused in the usual shape", async () => {
    const other = await newGuest(t.app);
    const story = gameOf((await post("/api/game/cpu/start", { cpu_id: 6 })).body.data);
    await t.db.kysely
      .updateTable("users")
      .set({ level: 3 })
      .where("id", "=", other.user.id)
      .execute();
    const arena = gameOf((await post("/api/game/pvp/bot", {}, other.auth)).body.data);
    expect(story?.game_id).toBeTruthy();
    expect(arena?.game_id).toBeTruthy();
    const noSuch = { error: { code: "not_found", message: "No such battle." } };

    // Someone else's arena game, through either route family.
    const pvpMove = await post("/api/game/pvp/end-turn", {
      game_id: arena?.game_id,
      player_attack: [0, 0, 0, 0, 0],
      version: arena?.version,
    });
    expect(pvpMove).toEqual({ status: 404, body: noSuch });
    const cpuMove = await post("/api/game/cpu/giveup", { game_id: arena?.game_id });
    expect(cpuMove).toEqual({ status: 404, body: noSuch });

    const match = await post("/api/game/pvp/confirm-start-game", {
      players: "00000000-0000-4000-8000-000000000000",
    });
    expect(match).toEqual({
      status: 404,
      body: { error: { code: "not_found", message: "No such match." } },
    });

    // A move without a version: 409, nothing applied.
    const unversioned = await post("/api/game/cpu/end-turn", {
      game_id: story?.game_id,
      player_attack: [0, 0, 0, 0, 0],
    });
    expect(unversioned.status).toBe(409);
    expect(unversioned.body).toMatchObject({ error: { code: "conflict" } });

    expect((await post("/api/game/cpu/giveup", { game_id: story?.game_id })).status).toBe(200);
    const again = await post("/api/game/cpu/giveup", { game_id: story?.game_id });
    expect(again).toEqual({
      status: 409,
      body: { error: { code: "conflict", message: "This battle is over." } },
    });
  });
});
