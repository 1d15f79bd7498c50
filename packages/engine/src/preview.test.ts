/**
 * The combat preview: worked examples from a player's view, and a property
 * over random battles that the preview's certain lanes match what ending the
 * turn really does (step), with chance and hidden information marked.
 */

import {
  A,
  B,
  DECKABLE_TEST_CARDS,
  randomDeck,
  scenario,
  T,
  testCatalogue,
} from "@cardrealm/testkit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EndTurnAction } from "./actions.ts";
import { indexCatalogue } from "./card-index.ts";
import type { CardDef, Catalogue } from "./card-types.ts";
import { cloneState } from "./clone.ts";
import { makeCtx } from "./context.ts";
import { createBattle } from "./create.ts";
import { legalActions, readyAttackers } from "./legal.ts";
import {
  combatByLane,
  type LaneSnapshot,
  laneSnapshot,
  previewBoardOf,
  previewCombat,
  previewLanes,
} from "./preview.ts";
import { coinFlip } from "./rng.ts";
import type { BattleState, Side } from "./state.ts";
import { step } from "./step.ts";
import { view } from "./view.ts";

const NO_FLAGS = [false, false, false, false, false];
const flagsAt = (...lanes: number[]) => NO_FLAGS.map((_, i) => lanes.includes(i));

function preview(state: BattleState, attack: boolean[], catalogue: Catalogue = testCatalogue) {
  return previewCombat(previewBoardOf(view(state, state.active, catalogue)), attack, catalogue);
}

describe("combat preview from the player's view", () => {
  it("shows the damage each unit deals and takes, and who dies", () => {
    // Footman 2/3 attacks Duelist 3/2 (first strike only counts when attacking).
    const s = scenario().onTable(A, 1, T.footman).onTable(B, 1, T.duelist);
    const p = preview(s.state, flagsAt(1));
    expect(p.uncertainFrom).toBeNull();
    expect(p.lanes[1]).toMatchObject({ attacks: true, attackerDealt: 2, defenderDealt: 3 });
    expect(p.units.player[1]).toMatchObject({ damageTaken: 3, damageDealt: 2, dies: true });
    expect(p.units.cpu[1]).toMatchObject({ damageTaken: 2, damageDealt: 3, dies: true });
    expect(p.castles.cpu.damage).toBe(0);
  });

  it("changes as flags toggle: no flag, no fight", () => {
    const s = scenario().onTable(A, 1, T.footman).onTable(B, 1, T.duelist);
    const p = preview(s.state, NO_FLAGS);
    expect(p.lanes[1]?.attacks).toBe(false);
    expect(p.units.player[1]).toMatchObject({ damageTaken: 0, dies: false });
    expect(p.units.cpu[1]).toMatchObject({ damageTaken: 0, dies: false });
  });

  it("counts castle damage from an empty lane, flying and pierce, and lifesteal heals", () => {
    const s = scenario()
      .hp(A, 10)
      .hp(B, 20)
      .onTable(A, 0, T.footman)
      .onTable(A, 1, T.harpy)
      .onTable(B, 1, T.stoneWall)
      .onTable(A, 2, T.lancer)
      .onTable(B, 2, T.skeleton)
      .onTable(A, 3, T.leech);
    const p = preview(s.state, flagsAt(0, 1, 2, 3));
    // 2 (empty) + 2 (flying over the wall) + 3 (pierce past a 1 hp skeleton) + 2 (empty).
    expect(p.castles.cpu).toMatchObject({ hpBefore: 20, hpAfter: 11, damage: 9 });
    expect(p.lanes.map((l) => l.castleDamage)).toEqual([2, 2, 3, 2, 0]);
    expect(p.castles.player).toMatchObject({ hpBefore: 10, hpAfter: 12, healed: 2 });
    expect(p.units.cpu[2]?.dies).toBe(true);
    expect(p.units.cpu[1]).toMatchObject({ damageTaken: 0, dies: false });
  });

  it("ignores a flag on a unit that cannot attack (asleep)", () => {
    const s = scenario().onTable(A, 0, T.footman, { asleep: true });
    const p = preview(s.state, flagsAt(0));
    expect(p.attacking[0]).toBe(false);
    expect(p.castles.cpu.damage).toBe(0);
  });

  it("names the winner when the strikes take the castle", () => {
    const s = scenario().hp(B, 2).onTable(A, 4, T.footman);
    expect(preview(s.state, flagsAt(4)).winner).toBe("player");
    expect(preview(s.state, NO_FLAGS).winner).toBeNull();
  });

  it("marks a random-target ability uncertain from its lane on", () => {
    const s = scenario({ catalogue: PREVIEW_CATALOGUE })
      .onTable(A, 0, T.footman)
      .onTable(A, 2, RAIDER)
      .onTable(B, 0, T.pacifist)
      .onTable(B, 4, T.pacifist);
    const p = preview(s.state, flagsAt(0, 2), PREVIEW_CATALOGUE);
    expect(p.uncertainFrom).toBe(2);
    expect(p.lanes[0]?.uncertain).toBe(false);
    expect(p.lanes[2]?.uncertain).toBe(true);
    expect(p.units.cpu[0]).toMatchObject({ damageTaken: 2, uncertain: true });
    expect(p.castles.cpu.uncertain).toBe(true);
    // Without the raider's attack nothing depends on chance.
    expect(preview(s.state, flagsAt(0), PREVIEW_CATALOGUE).uncertainFrom).toBeNull();
  });

  it("marks a draw from an empty deck (unknown fatigue) uncertain", () => {
    const s = scenario({ catalogue: PREVIEW_CATALOGUE }).deck(A, []).onTable(A, 3, SCHOLAR);
    expect(preview(s.state, flagsAt(3), PREVIEW_CATALOGUE).uncertainFrom).toBe(3);
    const t = scenario({ catalogue: PREVIEW_CATALOGUE }).onTable(A, 3, SCHOLAR);
    expect(preview(t.state, flagsAt(3), PREVIEW_CATALOGUE).uncertainFrom).toBeNull();
  });
});

// --- extra cards for chance and hidden information (ids 9801+) --------------------

const RAIDER = 9801;
const SCHOLAR = 9802;
const HEXER = 9803;
const DANCER = 9804;

function extraUnit(id: number, name: string, attack: number, hp: number, rest: Partial<CardDef>) {
  const def: CardDef = {
    id,
    name,
    type: "unit",
    cost: { fire: 1, diamond: 0, pow: 0 },
    attack,
    hp,
    rarity: "common",
    set: "base",
    faction: "neutral",
    abilities: [],
    ...rest,
  } as CardDef;
  return def;
}

const EXTRA: CardDef[] = [
  extraUnit(RAIDER, "Raider", 2, 2, {
    abilities: [
      { trigger: "on_attack", target: "random_enemy", effect: { kind: "damage", amount: 1 } },
    ],
  }),
  extraUnit(SCHOLAR, "Scholar", 1, 3, {
    abilities: [
      { trigger: "on_attack", target: "own_castle", effect: { kind: "draw", amount: 1 } },
    ],
  }),
  extraUnit(HEXER, "Hexer", 1, 2, {
    abilities: [
      { trigger: "aura", target: "all_enemy", effect: { kind: "buff", attack: -1, hp: 0 } },
    ],
  }),
  extraUnit(DANCER, "Dancer", 2, 2, {
    abilities: [{ trigger: "on_attack", target: "self", effect: { kind: "swap_cells" } }],
  }),
];

const PREVIEW_CATALOGUE: Catalogue = new Map([
  ...testCatalogue,
  ...EXTRA.map((c) => [c.id, c] as const),
]);
const POOL = [...DECKABLE_TEST_CARDS, RAIDER, SCHOLAR, HEXER, DANCER];

// --- the property -------------------------------------------------------------------

/** A snapshot turned to the viewer's side (viewer as side 0). */
function oriented(snap: LaneSnapshot, viewer: Side): LaneSnapshot {
  if (viewer === 0) return snap;
  const w = snap.winner;
  return {
    hp: [snap.hp[1], snap.hp[0]],
    over: snap.over,
    winner: w === null ? null : w === 0 ? 1 : 0,
    tables: [snap.tables[1], snap.tables[0]],
  };
}

interface Stats {
  previews: number;
  certainFights: number;
  uncertain: number;
}

function checkTurnEnd(state: BattleState, endTurn: EndTurnAction, stats: Stats): void {
  const index = indexCatalogue(PREVIEW_CATALOGUE);
  const viewer = state.active;
  // What really happens: step, and the engine's combat run lane by lane on a copy.
  const real = step(state, endTurn, PREVIEW_CATALOGUE);
  if (!real.ok) throw new Error(real.error.message);
  const copy = cloneState(state);
  // step discards (above 6 cards) before combat.
  const own = copy.sides[viewer];
  own.hand = own.hand.filter((h) => h.key !== endTurn.discard);
  const ctx = makeCtx(copy, index);
  const attackers = copy.sides[viewer].table.map((u, i) => (u && endTurn.attack[i] ? u.uid : null));
  const truth: LaneSnapshot[] = [];
  combatByLane(ctx, attackers, () => truth.push(oriented(laneSnapshot(ctx.s, index), viewer)));
  const combatEvents = real.events.filter(
    (e) => !(e.type === "discard" && e.reason === "end_turn"),
  );
  expect(combatEvents.slice(0, ctx.events.length)).toEqual(ctx.events);

  // What the player's view predicts.
  const board = previewBoardOf(view(state, viewer, PREVIEW_CATALOGUE));
  const run = previewLanes(board, endTurn.attack, PREVIEW_CATALOGUE);
  expect(run.attacking).toEqual(endTurn.attack);
  const certain = run.uncertainFrom ?? truth.length;
  expect(run.snapshots.slice(0, certain)).toEqual(truth.slice(0, certain));

  stats.previews++;
  if (run.uncertainFrom !== null) stats.uncertain++;
  else if (ctx.events.some((e) => e.type === "unit_fight")) stats.certainFights++;
}

/** Plays a random battle; at each end of turn checks the preview of its flags. */
function playAndCheck(seed: number, choices: readonly number[], stats: Stats): void {
  let state = createBattle(
    {
      seed,
      sides: [
        { name: "P", deck: randomDeck(seed, POOL, 14) },
        { name: "Q", deck: randomDeck(seed + 1, POOL, 14) },
      ],
      opener: coinFlip(seed),
    },
    PREVIEW_CATALOGUE,
  );
  for (const choice of choices) {
    if (state.over) return;
    const legal = legalActions(state, PREVIEW_CATALOGUE).filter((a) => a.type !== "give_up");
    let action = legal[choice % legal.length];
    if (!action) return;
    if (action.type === "end_turn") {
      const attack = action.attack.slice();
      readyAttackers(state, state.active, PREVIEW_CATALOGUE).forEach((cell, i) => {
        attack[cell] = ((choice >> (i + 3)) & 7) !== 0;
      });
      action = { ...action, attack };
      checkTurnEnd(state, action, stats);
    }
    const r = step(state, action, PREVIEW_CATALOGUE);
    if (!r.ok) throw new Error(`legal action refused: ${r.error.code}`);
    state = r.state;
  }
}

describe("the preview agrees with the battle", () => {
  it("matches step's combat lane by lane until chance or hidden information enters", () => {
    const stats: Stats = { previews: 0, certainFights: 0, uncertain: 0 };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.array(fc.nat(), { minLength: 20, maxLength: 200 }),
        (seed, choices) => playAndCheck(seed, choices, stats),
      ),
      { numRuns: 60 },
    );
    // The property is not vacuous: many certain fights, and chance does occur.
    expect(stats.certainFights).toBeGreaterThan(20);
    expect(stats.uncertain).toBeGreaterThan(0);
    expect(stats.uncertain).toBeLessThan(stats.previews);
  });
});
