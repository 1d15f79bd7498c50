import { describe, expect, it } from "vitest";
import { T, TEST_CARDS, testCatalogue } from "./cards.ts";
import { randomDeck } from "./decks.ts";
import { playRandomGame } from "./fuzz.ts";
import { A, B, enemyUnit, scenario } from "./scenario.ts";
import { loadTrace, saveTrace } from "./trace.ts";

describe("scenario builder", () => {
  it("arranges hands, tables, hp and resources, then drives the real engine", () => {
    const s = scenario()
      .give(A, T.fireball)
      .onTable(B, 2, T.ogre)
      .hp(B, 30)
      .resources(A, { fire: 2 });
    expect(s.hand(A)).toEqual([T.fireball]);
    expect(s.unit(B, 2)).toMatchObject({ card: T.ogre, attack: 5, hp: 6 });
    s.play(T.fireball, { target: enemyUnit(2) });
    expect(s.resource(A, "fire").amount).toBe(0);
    expect(s.unit(B, 2)?.hp).toBe(3);
  });

  it("throws with the engine's error code when a play is refused", () => {
    const s = scenario().give(A, T.footman);
    expect(() => s.play(T.footman)).toThrow(/bad_cell/);
  });
});

describe("test cards", () => {
  it("cover every keyword, trigger, effect and target selector", () => {
    const keywords = new Set(TEST_CARDS.flatMap((c) => Object.keys(c.keywords ?? {})));
    const triggers = new Set(TEST_CARDS.flatMap((c) => c.abilities.map((a) => a.trigger)));
    const effects = new Set(TEST_CARDS.flatMap((c) => c.abilities.map((a) => a.effect.kind)));
    const targets = new Set(TEST_CARDS.flatMap((c) => c.abilities.map((a) => a.target)));
    expect([...keywords].sort()).toEqual(
      ["first_strike", "flying", "lifesteal", "pierce", "poison", "regenerate", "wall"].sort(),
    );
    expect(triggers.size).toBe(7);
    expect(effects.size).toBe(14);
    expect(targets.size).toBe(10);
    expect(TEST_CARDS.every((c) => c.id >= 9001)).toBe(true);
    expect(new Set(TEST_CARDS.map((c) => c.id)).size).toBe(TEST_CARDS.length);
  });
});

describe("traces", () => {
  it("save and load round-trip", () => {
    const r = playRandomGame(3, testCatalogue, [randomDeck(1), randomDeck(2)]);
    expect(loadTrace(saveTrace(r.trace))).toEqual(r.trace);
  });

  it("load refuses what is not a trace", () => {
    expect(() => loadTrace("[]")).toThrow();
    expect(() =>
      loadTrace('{"engineVersion":"1","seed":1,"opener":2,"sides":[],"actions":[]}'),
    ).toThrow();
  });
});
