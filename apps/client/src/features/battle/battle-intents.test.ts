import { MESSAGES } from "@cardrealm/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore, initialAppState } from "../../stores/app-store.ts";
import { battleStore, clearBattleStore } from "../../stores/battle-store.ts";
import { tutorialRun } from "../../stores/tutorial-state.ts";
import { mockFetch } from "../../test/fixtures.ts";
import {
  aimAt,
  allAttack,
  cancelPick,
  discard,
  dropOnBoard,
  endTurn,
  pickCard,
  placeAt,
  setAttack,
  surrenderBlocked,
} from "./battle-intents.ts";
import { queueDrained } from "./battle-sync.ts";
import { TIMINGS } from "./battle-timings.ts";
import { boardOf, settledBoard } from "./board-fixture.ts";
import type { FakeServer } from "./fake-battle-server.ts";
import { canAct, currentPlays, currentTargets, mayFlag } from "./play-options.ts";
import { stopTimer } from "./turn-clock.ts";

const MOSSLING = 1001; // unit, 2 diamond
const FIRE_ELEMENTAL = 1012; // unit, unaffordable at the start
const GALE_SLASH = 1006; // spell: 3 damage to an enemy unit
const GEM_VEIN = 1043; // spell, no target

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  stopTimer();
  clearBattleStore();
  appStore.reset(initialAppState());
  tutorialRun.set({ running: false });
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The fake server's board with this hand, its routes answering the calls. */
function handOf(
  cards: number[],
  setup?: (server: FakeServer) => void,
): {
  server: FakeServer;
  keys: number[];
} {
  const server = boardOf();
  const keys = server.setHand(cards);
  setup?.(server);
  settledBoard(server.snapshot());
  mockFetch(server.routes);
  return { server, keys };
}

async function answered(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
  const drained = queueDrained();
  await vi.advanceTimersByTimeAsync(20_000);
  await drained;
}

const phase = () => battleStore.get().phase;

describe("what the player may do", () => {
  it("acts only on their own settled turn, with no call on its way and nothing animating", () => {
    handOf([MOSSLING]);
    expect(canAct()).toBe(true);
    expect(canAct({ ...battleStore.get(), awaiting: true })).toBe(false);
    expect(canAct({ ...battleStore.get(), animating: true })).toBe(false);
    expect(canAct({ ...battleStore.get(), mode: "replay" })).toBe(false);
    expect(canAct({ ...battleStore.get(), phase: "enemy_turn" })).toBe(false);
  });

  it("plays what the engine says is playable, and flags only ready units", () => {
    const { keys } = handOf([MOSSLING, FIRE_ELEMENTAL, GALE_SLASH, GEM_VEIN], (server) =>
      server.putUnit(0, 0, MOSSLING),
    );
    expect(currentPlays().map((p) => p.handKey)).toEqual([keys[0], keys[3]]);
    expect(mayFlag(0)).toBe(true);
    expect(mayFlag(1)).toBe(false);
  });
});

describe("the player's intents", () => {
  it("a unit: picked, placed on a legal cell, sent with the state version", async () => {
    const { server, keys } = handOf([MOSSLING]);
    const [unit] = keys as [number];
    expect(pickCard(unit, "click")).toBe(true);
    expect(phase()).toBe("select_unit_target");
    expect(battleStore.get().pick).toMatchObject({ handKey: unit, isUnit: true, via: "click" });
    expect(placeAt(2)).toBe(true);
    expect(phase()).toBe("play_unit");
    expect(battleStore.get().awaiting).toBe(true);
    await answered();
    expect(server.calls.at(-1)).toMatchObject({
      path: "play-card",
      body: { hand_key: unit, key: "table_key", value: 2, side: "player" },
    });
    expect(battleStore.get().shown?.player.table[2]?.card).toBe(MOSSLING);
    expect(battleStore.get().awaiting).toBe(false);
  });

  it("clicking the picked card again, or cancelling, puts it back", () => {
    const [unit] = handOf([MOSSLING]).keys as [number];
    pickCard(unit, "click");
    expect(pickCard(unit, "click")).toBe(false);
    expect(phase()).toBe("play_card");
    pickCard(unit, "key");
    cancelPick();
    expect(battleStore.get()).toMatchObject({ phase: "play_card", pick: null });
  });

  it("a spell with a target: aimed only at a legal target", async () => {
    const { server, keys } = handOf([GALE_SLASH], (s) => s.putUnit(1, 3, MOSSLING));
    const [spell] = keys as [number];
    expect(pickCard(spell, "click")).toBe(true);
    expect(phase()).toBe("select_spell_target");
    expect(currentTargets()).toEqual([{ key: "table_key", value: 3, side: "cpu" }]);
    expect(aimAt({ key: "table_key", value: 1, side: "cpu" })).toBe(false);
    expect(aimAt({ key: "table_key", value: 3, side: "cpu" })).toBe(true);
    await answered();
    expect(server.calls.at(-1)).toMatchObject({ path: "play-card", body: { hand_key: spell } });
  });

  it("a spell without a target: sent at once when clicked, on its drop when dragged", async () => {
    const dragging = handOf([GEM_VEIN]);
    const [dragged] = dragging.keys as [number];
    expect(pickCard(dragged, "drag")).toBe(true);
    expect(phase()).toBe("select_spell_target");
    expect(dragging.server.calls).toEqual([]);
    expect(dropOnBoard()).toBe(true);
    await answered();
    expect(dragging.server.calls.map((c) => c.body?.hand_key)).toEqual([dragged]);

    const clicking = handOf([GEM_VEIN]);
    const [clicked] = clicking.keys as [number];
    expect(pickCard(clicked, "click")).toBe(true);
    expect(phase()).toBe("play_card_progress");
    await answered();
    expect(clicking.server.calls.map((c) => c.body?.hand_key)).toEqual([clicked]);
  });

  it("flags attack and defence; all attack flags every ready unit 100 ms apart", async () => {
    handOf([MOSSLING], (s) => {
      s.putUnit(0, 0, MOSSLING);
      s.putUnit(0, 4, MOSSLING);
    });
    expect(setAttack(0)).toBe(true);
    expect(battleStore.get().attack[0]).toBe(true);
    expect(setAttack(0, true)).toBe(false);
    expect(setAttack(0)).toBe(true);
    expect(setAttack(2)).toBe(false);
    allAttack();
    await vi.advanceTimersByTimeAsync(0);
    expect(battleStore.get().attack).toEqual([true, false, false, false, false]);
    await vi.advanceTimersByTimeAsync(TIMINGS.allAttackGap);
    expect(battleStore.get().attack).toEqual([true, false, false, false, true]);
  });

  it("ending the turn above six cards asks for a discard, which ends it", async () => {
    const { server, keys } = handOf(Array(7).fill(MOSSLING));
    endTurn();
    expect(phase()).toBe("discard_card");
    expect(battleStore.get().message?.text).toBe(MESSAGES.discardCard);
    expect(server.calls).toEqual([]);
    discard(keys[6] ?? 0);
    expect(phase()).toBe("end_turn");
    expect(battleStore.get().message).toBeNull();
    await answered();
    expect(server.calls[0]).toMatchObject({ path: "end-turn", body: { discard_card: keys[6] } });
  });

  it("ending the turn sends the flags of ready units and pauses the tutorial", async () => {
    const { server } = handOf([MOSSLING], (s) => s.putUnit(0, 1, MOSSLING));
    appStore.set({ tutorial: { step: "EndTurnBattle45", isActive: true } });
    setAttack(1, true);
    endTurn();
    expect(appStore.get().tutorial.isActive).toBe(false);
    await answered();
    expect(server.calls[0]).toMatchObject({
      path: "end-turn",
      body: { player_attack: [0, 1, 0, 0, 0] },
    });
  });

  it("a refused call clears the pick and re-syncs from the server", async () => {
    const { server, keys } = handOf([MOSSLING]);
    mockFetch({
      ...server.routes,
      "POST /api/game/cpu/play-card": () => ({
        status: 409,
        body: { error: { code: "stale", message: "stale version" } },
      }),
    });
    pickCard(keys[0] ?? 0, "click");
    placeAt(2);
    await answered();
    expect(battleStore.get()).toMatchObject({ awaiting: false, pick: null, phase: "play_card" });
    expect(server.calls.map((c) => c.path)).toEqual(["current"]);
  });

  it("surrender is blocked while the tutorial runs, at the end and in a replay", () => {
    handOf([MOSSLING]);
    expect(surrenderBlocked()).toBe(false);
    tutorialRun.set({ running: true });
    expect(surrenderBlocked()).toBe(true);
    tutorialRun.set({ running: false });
    expect(surrenderBlocked({ ...battleStore.get(), phase: "end_game" })).toBe(true);
    expect(surrenderBlocked({ ...battleStore.get(), mode: "replay" })).toBe(true);
  });
});
