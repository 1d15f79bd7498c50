import type { BattleEvent } from "@cardrealm/engine";
import { describe, expect, it } from "vitest";
import { botEmoteAt, botEmoteForStep } from "../src/battles/arena-bot-emotes.ts";

/** The arena bot emotes sparingly and the same way for the same game (its seed). */
describe("the arena bot's emotes", () => {
  const seeds = Array.from({ length: 2_000 }, (_, i) => (i * 2_654_435_761) >>> 0);
  const playing = { over: false, winner: null };
  const secondTurn: BattleEvent[] = [{ type: "turn_start", side: 1, turn: 2 }];

  it("greets sometimes as the second turn begins, and at no other turn", () => {
    const greeted = seeds.filter((s) => botEmoteForStep(s, 1, playing, secondTurn) === "greetings");
    expect(greeted.length / seeds.length).toBeGreaterThan(0.3);
    expect(greeted.length / seeds.length).toBeLessThan(0.5);
    for (const s of seeds.slice(0, 200)) {
      expect(botEmoteForStep(s, 1, playing, [{ type: "turn_start", side: 0, turn: 3 }])).toBeNull();
      expect(botEmoteForStep(s, 1, playing, [])).toBeNull();
    }
  });

  it("says well played at its loss more often than at its win, never at a draw", () => {
    const rate = (winner: 0 | 1) =>
      seeds.filter((s) => botEmoteForStep(s, 1, { over: true, winner }, []) === "well_played")
        .length / seeds.length;
    expect(rate(0)).toBeGreaterThan(0.4);
    expect(rate(0)).toBeLessThan(0.6);
    expect(rate(1)).toBeGreaterThan(0.1);
    expect(rate(1)).toBeLessThan(0.3);
    for (const s of seeds.slice(0, 200))
      expect(botEmoteForStep(s, 1, { over: true, winner: null }, [])).toBeNull();
  });

  it("is decided by the seed: the same game emotes the same way every time", () => {
    for (const s of seeds.slice(0, 200)) {
      expect(botEmoteAt(s, "opening")).toBe(botEmoteAt(s, "opening"));
      expect(botEmoteAt(s, "bot_lost")).toBe(botEmoteAt(s, "bot_lost"));
    }
    // The moments are drawn independently: a greeting says nothing of the farewell.
    const both = seeds.filter((s) => botEmoteAt(s, "opening") && botEmoteAt(s, "bot_lost"));
    expect(both.length / seeds.length).toBeGreaterThan(0.12);
    expect(both.length / seeds.length).toBeLessThan(0.28);
  });
});
