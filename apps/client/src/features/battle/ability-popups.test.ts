import { EFFECT_KINDS, type MiddlewareAbilityMsg } from "@cardrealm/engine";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { battleStore, clearBattleStore } from "../../stores/battle-store.ts";
import { ABILITY_RESULTS, playAbility } from "./ability-popups.ts";
import { boardBusy, forgetBoardWork } from "./battle-queue.ts";
import { TIMINGS } from "./battle-timings.ts";
import { boardOf, settledBoard } from "./board-fixture.ts";

const MOSSLING = 1001; // unit 2/2
const GALE_SLASH = 1006; // spell: damage to an enemy unit

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  forgetBoardWork();
  clearBattleStore();
  vi.useRealTimers();
});

function ability(result: MiddlewareAbilityMsg["result"]): MiddlewareAbilityMsg {
  return {
    tableKey: null,
    side: "player",
    card_id: GALE_SLASH,
    trigger: "on_play",
    result,
    double_state: false,
  };
}

const unitTarget = (cell: number) => ({
  key: "table_key" as const,
  value: cell,
  side: "cpu" as const,
});
const castle = { key: "target_cpu_hp" as const, value: 0, side: "cpu" as const };

function board() {
  const server = boardOf();
  server.putUnit(1, 1, MOSSLING);
  server.putUnit(1, 2, MOSSLING);
  settledBoard(server.snapshot());
}

const texts = () => battleStore.get().popups.map((p) => `${p.seat}:${p.cell}:${p.text}:${p.tone}`);

describe("an ability's results on the board", () => {
  it("has what to show for every effect kind of the engine", () => {
    expect(Object.keys(ABILITY_RESULTS).sort()).toEqual([...EFFECT_KINDS].sort());
  });

  it("damages and stuns units, says resource changes, and marks its source while it lasts", async () => {
    board();
    const hp = battleStore.get().shown?.cpu.table[1]?.hp ?? 0;
    const done = playAbility(
      ability([
        { target: unitTarget(1), effect: "damage", amount: 1 },
        { target: unitTarget(2), effect: "stun", amount: 2 },
        { target: castle, effect: "drain_resource", amount: 2 },
        { target: castle, effect: "draw", amount: 1 },
        { target: castle, effect: "gain_inc", amount: 0 },
      ]),
    );
    expect(battleStore.get().abilityFx).toMatchObject([{ seat: "player", cell: null }]);
    expect(texts()).toEqual([
      "cpu:1:-1:damage",
      "cpu:2:Stunned:info",
      "cpu:null:-2 resources:damage",
      "cpu:null:+1 card:buff",
    ]);
    const cpu = battleStore.get().shown?.cpu;
    expect(cpu?.table[1]?.hp).toBe(hp - 1);
    expect(cpu?.table[2]).toMatchObject({ ready: false, effect: { stun: 2 } });
    // Nothing died: the board goes on under the glow, which stays its 700 ms.
    let over = false;
    void done.then(() => {
      over = true;
    });
    await vi.advanceTimersByTimeAsync(TIMINGS.abilityLead - 1);
    expect(over).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(over).toBe(true);
    expect(battleStore.get().abilityFx).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(TIMINGS.ability - TIMINGS.abilityLead - 1);
    expect(battleStore.get().abilityFx).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(battleStore.get().abilityFx).toEqual([]);
  });

  it("fades what it kills once its effect has shown, the glow staying its 700 ms", async () => {
    board();
    const hp = battleStore.get().shown?.cpu.table[1]?.hp ?? 0;
    let over = false;
    void playAbility(ability([{ target: unitTarget(1), effect: "damage", amount: hp }])).then(
      () => {
        over = true;
      },
    );
    expect(texts()).toEqual([`cpu:1:-${hp}:damage`]);
    await vi.advanceTimersByTimeAsync(TIMINGS.abilityLead - 1);
    expect(battleStore.get().dying).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // The board goes on; the dead fade under the glow, as work the table's next users wait for.
    expect(over).toBe(true);
    expect(battleStore.get().dying).toEqual(["cpu-1"]);
    expect(boardBusy(["ability"])).toBe(true);
    await vi.advanceTimersByTimeAsync(TIMINGS.ability - TIMINGS.abilityLead);
    expect(battleStore.get().abilityFx).toEqual([]);
    await vi.advanceTimersByTimeAsync(TIMINGS.abilityLead + TIMINGS.removal - TIMINGS.ability);
    expect(battleStore.get().shown?.cpu.table[1]).toBeNull();
    expect(boardBusy(["ability"])).toBe(false);
  });

  it("takes destroyed and returned units off the table after the ability", async () => {
    board();
    const done = playAbility(
      ability([
        { target: unitTarget(1), effect: "destroy", amount: 0 },
        { target: unitTarget(2), effect: "return_to_hand", amount: 0 },
      ]),
    );
    await vi.advanceTimersByTimeAsync(TIMINGS.abilityLead);
    await done;
    expect(battleStore.get().dying.sort()).toEqual(["cpu-1", "cpu-2"]);
    await vi.advanceTimersByTimeAsync(TIMINGS.removal);
    expect(battleStore.get().shown?.cpu.table[1]).toBeNull();
    expect(battleStore.get().shown?.cpu.table[2]).toBeNull();
  });
});
