import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore, initialAppState } from "../../stores/app-store.ts";
import { clearBattleStore } from "../../stores/battle-store.ts";
import { tutorialCause, tutorialEvent, tutorialRun } from "../../stores/tutorial-state.ts";
import { mockFetch } from "../../test/fixtures.ts";
import { aimAt, cancelPick, pickCard, placeAt, setAttack } from "./battle-intents.ts";
import { queueDrained } from "./battle-sync.ts";
import { boardOf, settledBoard } from "./board-fixture.ts";
import type { FakeServer } from "./fake-battle-server.ts";
import { stopTimer } from "./turn-clock.ts";

/**
 * The battle tells the tutorial what the player did, so that Lyra's next line
 * follows it (issue 26): a unit or a spell, a sword raised, a spell aimed or
 * cast at once, a lesson refused.
 */
const MOSSLING = 1001; // unit, 2 diamond
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
  tutorialCause.reset({ step: "", cause: null });
  tutorialRun.set({ running: false });
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function handOf(cards: number[], setup?: (server: FakeServer) => void): number[] {
  const server = boardOf();
  const keys = server.setHand(cards);
  setup?.(server);
  settledBoard(server.snapshot());
  mockFetch(server.routes);
  return keys;
}

async function answered(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
  const drained = queueDrained();
  await vi.advanceTimersByTimeAsync(20_000);
  await drained;
}

function atStep(step: string): void {
  appStore.set({ tutorial: { step, isActive: true } });
}

const now = () => ({ step: appStore.get().tutorial.step, cause: tutorialCause.get().cause });

describe("the lesson battle records what the player did", () => {
  it("a unit played at the first card lesson", async () => {
    const [unit] = handOf([MOSSLING]) as [number];
    atStep("PlayFirstCard40");
    pickCard(unit, "click");
    placeAt(2);
    await answered();
    expect(now()).toEqual({ step: "EndTurnBattle45", cause: "unit" });
  });

  it("a spell played at the first card lesson is a spell, not a unit placed", async () => {
    const [spell] = handOf([GEM_VEIN]) as [number];
    atStep("PlayFirstCard40");
    pickCard(spell, "click");
    await answered();
    expect(now()).toEqual({ step: "EndTurnBattle45", cause: "spell" });
  });

  it("a spell cast at once ends the spell lesson (no target to choose)", async () => {
    const [spell] = handOf([GEM_VEIN]) as [number];
    atStep("PlaySpellCard70");
    pickCard(spell, "click");
    expect(now()).toEqual({ step: "BattleFinish80", cause: "spell-cast" });
    await answered();
  });

  it("a spell that aims asks for its target, and one aimed at a unit ends the lesson too", async () => {
    const [spell] = handOf([GALE_SLASH], (s) => s.putUnit(1, 3, MOSSLING)) as [number];
    atStep("PlaySpellCard70");
    pickCard(spell, "click");
    expect(now().step).toBe("SpellTarget75");
    aimAt({ key: "table_key", value: 3, side: "cpu" });
    expect(now()).toEqual({ step: "BattleFinish80", cause: "spell-cast" });
    await answered();
  });

  it("a spell put back, then one cast at once, ends the spell lesson", async () => {
    const [aims, atOnce] = handOf([GALE_SLASH, GEM_VEIN], (s) => s.putUnit(1, 3, MOSSLING)) as [
      number,
      number,
    ];
    atStep("PlaySpellCard70");
    pickCard(aims, "click");
    cancelPick();
    expect(now().step).toBe("SpellTarget75");
    pickCard(atOnce, "click");
    expect(now()).toEqual({ step: "BattleFinish80", cause: "spell-cast" });
    await answered();
  });

  it("a sword raised", () => {
    handOf([MOSSLING], (s) => s.putUnit(0, 0, MOSSLING));
    atStep("SelectAttack60");
    setAttack(0, true);
    expect(now()).toEqual({ step: "EndTurnBattle65", cause: "attack" });
  });

  it("a lesson refused with the guide's button", () => {
    tutorialRun.set({ running: true });
    atStep("SelectAttack60");
    tutorialEvent("skip-lesson");
    expect(now()).toEqual({ step: "EndTurnBattle65", cause: "refused" });
  });
});
