import { A, B, scenario, T, testCatalogue } from "@cardrealm/testkit";
import { describe, expect, it } from "vitest";
import { createBattle } from "./create.ts";
import { view } from "./view.ts";

describe("view", () => {
  it("shows the viewer's hand with keys, only counts of the enemy hand and both decks", () => {
    const s = scenario().give(A, T.ogre).give(B, T.harpy, 2).deck(B, [T.troll]);
    const v = view(s.state, A, s.catalogue);
    expect(v.player.hand).toEqual([{ key: s.keyOf(T.ogre, A), card: T.ogre }]);
    expect(v.cpu).not.toHaveProperty("hand");
    expect(v.cpu.hand_count).toBe(2);
    expect(v.cpu.deck_count).toBe(1);
    expect(v.player.deck_count).toBe(20);
    expect(v.myTurn).toBe(true);
    expect(v.phase).toBe("play_card");
    expect(view(s.state, B, s.catalogue).phase).toBe("enemy_turn");
  });

  it("shows effective stats (auras included) and readiness", () => {
    const s = scenario().onTable(A, 0, T.banner).onTable(A, 1, T.footman);
    const v = view(s.state, A, s.catalogue);
    expect(v.player.table[1]).toMatchObject({
      card: T.footman,
      attack: 3,
      hp: 4,
      maxHp: 4,
      ready: true,
    });
    expect(v.player.table[0]).toMatchObject({ ready: false });
    expect(view(s.state, B, s.catalogue).cpu.table[1]).toMatchObject({ attack: 3, ready: true });
  });

  it("names the winner from the viewer's side", () => {
    const s = scenario();
    s.act({ type: "give_up", side: B });
    expect(view(s.state, A, s.catalogue)).toMatchObject({ winner: "player", phase: "end_game" });
    expect(view(s.state, B, s.catalogue)).toMatchObject({ winner: "cpu", endReason: "give_up" });
  });

  it("never contains the enemy hand, any deck order, the seed or the rng state", () => {
    const deckA = Array.from(
      { length: 40 },
      (_, i) => [T.footman, T.ogre, T.harpy][i % 3] ?? T.ogre,
    );
    const deckB = Array.from({ length: 40 }, (_, i) => [T.troll, T.viper][i % 2] ?? T.troll);
    const seed = 987654321;
    const state = createBattle(
      {
        seed,
        sides: [
          { name: "a", deck: deckA },
          { name: "b", deck: deckB },
        ],
        opener: 0,
      },
      testCatalogue,
    );
    const json = JSON.stringify(view(state, A, testCatalogue));
    expect(json).not.toMatch(/"deck"|"rng"|"seed"/);
    expect(json).not.toContain(String(seed));
    expect(json).not.toContain(String(state.rng));
    expect(json).not.toContain(JSON.stringify(state.sides[A].deck));
    for (const h of state.sides[B].hand) expect(json).not.toContain(`"key":${h.key}`);
    expect(json).not.toContain(String(T.troll));
    expect(json).not.toContain(String(T.viper));
  });
});
