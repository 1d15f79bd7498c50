import type { StateMessage } from "@cardrealm/engine";
import { MESSAGES } from "@cardrealm/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore, initialAppState } from "../../stores/app-store.ts";
import { battleStore, clearBattleStore, initialBattleState } from "../../stores/battle-store.ts";
import { boardSettled, createMessageQueue, forgetBoardWork } from "./battle-queue.ts";
import { ARENA_BOT_ID, TIMINGS, TURN_SECONDS } from "./battle-timings.ts";
import { lastSnapshot, shownFromSnapshot } from "./battle-view.ts";
import { answerOf, boardOf, settledBoard } from "./board-fixture.ts";
import { afterDrain, applyMessage, mergeEndGame } from "./message-playback.ts";
import { stopTimer } from "./turn-clock.ts";

const MOSSLING = 1001; // unit 2/2, costs 2 diamond

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  // A blow still landing when a test ends is not the next test's to wait for.
  forgetBoardWork();
  stopTimer();
  clearBattleStore();
  appStore.reset(initialAppState());
  vi.useRealTimers();
});

/** Applies messages one after another, as the queue does, with time to animate. */
async function playAll(messages: readonly StateMessage[]): Promise<void> {
  for (const m of messages) {
    const done = applyMessage(m);
    await vi.advanceTimersByTimeAsync(10_000);
    await done;
  }
}

const shown = () => {
  const b = battleStore.get().shown;
  if (!b) throw new Error("no board");
  return b;
};

describe("message playback", () => {
  it("sets up the board from a game's first snapshot, with its background", async () => {
    const server = boardOf({ cpuId: 29 });
    battleStore.reset({ ...initialBattleState(), status: "loading" });
    await playAll([server.snapshot()]);
    expect(battleStore.get()).toMatchObject({
      status: "ready",
      background: "vampireBG",
      shown: shownFromSnapshot(server.snapshot()),
    });
  });

  it("shows a played unit as it happened, then settles on the answer's snapshot", async () => {
    const server = boardOf();
    const [unit] = server.setHand([MOSSLING, MOSSLING]) as [number, number];
    settledBoard(server.snapshot());
    const messages = answerOf(server, "POST /api/game/cpu/play-card", {
      hand_key: unit,
      key: "table_key",
      value: 2,
      side: "player",
    });
    const played = messages.find((m) => m.player_played_card);
    if (!played) throw new Error("no played card");
    const diamond = shown().player.diamond.amount;
    const applying = applyMessage(played);
    // At once: the card leaves the hand, its cost is paid, the unit enters its cell.
    expect(shown().player.hand.map((h) => h.key)).not.toContain(unit);
    expect(shown().player.diamond.amount).toBe(diamond - 2);
    expect(shown().player.table[2]?.card).toBe(MOSSLING);
    expect(shown().cardsPlayed).toBe(1);
    await vi.advanceTimersByTimeAsync(TIMINGS.unitEnter);
    await applying;
    await playAll(messages.filter((m) => m !== played));
    expect(shown()).toEqual(shownFromSnapshot(lastSnapshot(messages) ?? server.snapshot()));
  });

  it("fades out a unit the next snapshot no longer has, and floats the castles' hp changes", async () => {
    const server = boardOf();
    server.putUnit(1, 3, MOSSLING);
    settledBoard(server.snapshot());
    const next = structuredClone(server.snapshot());
    if (!next.cpu) throw new Error("no cpu");
    next.cpu.table[3] = 0;
    next.cpu.hp -= 4;
    const applying = applyMessage(next);
    expect(battleStore.get().dying).toEqual(["cpu-3"]);
    expect(battleStore.get().popups).toMatchObject([{ seat: "cpu", cell: null, text: "-4" }]);
    await vi.advanceTimersByTimeAsync(TIMINGS.removal);
    await applying;
    expect(battleStore.get().dying).toEqual([]);
    expect(shown().cpu.table[3]).toBeNull();
  });

  it("starts the enemy's turn: their phase and clock, then 'Enemy turn!' after the wait", async () => {
    boardOf();
    const applying = applyMessage({ cpu_start_turn: { turn: 2 } });
    expect(battleStore.get()).toMatchObject({
      phase: "enemy_turn",
      timer: { seat: "cpu", left: TURN_SECONDS.enemy, turn: 2 },
    });
    expect(shown()).toMatchObject({ active: "cpu", turn: 2 });
    await vi.advanceTimersByTimeAsync(TIMINGS.enemyWait);
    expect(battleStore.get().message?.text).toBe(MESSAGES.enemyTurn);
    await vi.advanceTimersByTimeAsync(TIMINGS.enemyMessage);
    await applying;
  });

  it("lets a turn's blows overlap: each lunge starts 225 ms after the one before, and each lands with its own numbers and dead", async () => {
    const server = boardOf();
    server.putUnit(1, 0, MOSSLING); // strikes the player's castle (lane 0 is empty)
    server.putUnit(1, 1, MOSSLING); // and the player's Mossling in lane 1: both die
    server.putUnit(0, 1, MOSSLING);
    settledBoard(server.snapshot());
    const castle = shown().player.hp;
    // Each Mossling deals the other its whole hp.
    const hp = shown().player.table[1]?.hp ?? 0;
    const queue = createMessageQueue({ apply: applyMessage, settle: () => boardSettled() });
    const lunges = () => battleStore.get().attackFx.map((a) => `${a.seat}-${a.cell}-${a.at}`);
    const numbers = () => battleStore.get().popups.map((p) => `${p.seat}-${p.cell}:${p.text}`);
    queue.push([
      { unit_damage_to_player: { tableKey: 0, side: "cpu", damage: 2 } },
      {
        unit_fight: {
          tableKey: 1,
          sideA: "cpu",
          sideD: "player",
          attacking: hp,
          defend: hp,
          pierce: 0,
        },
      },
      { cpu_end_turn: { turn: 2, timeout: false } },
    ]);
    expect(lunges()).toEqual(["cpu-0-castle"]);
    await vi.advanceTimersByTimeAsync(TIMINGS.blowStagger - 1);
    expect(lunges()).toEqual(["cpu-0-castle"]);
    await vi.advanceTimersByTimeAsync(1);
    // The second lunge is under way before the first has landed.
    expect(lunges()).toEqual(["cpu-0-castle", "cpu-1-unit"]);
    expect(shown().player.hp).toBe(castle);
    await vi.advanceTimersByTimeAsync(TIMINGS.attack - TIMINGS.blowStagger);
    // The first blow lands: the castle's number, on the castle; the second is still on its way.
    expect(lunges()).toEqual(["cpu-1-unit"]);
    expect(shown().player.hp).toBe(castle - 2);
    expect(numbers()).toEqual(["player-null:-2"]);
    expect(shown().player.table[1]?.hp).toBe(hp);
    expect(battleStore.get().dying).toEqual([]);
    await vi.advanceTimersByTimeAsync(TIMINGS.blowStagger);
    // The second lands: both units' numbers, and both fade (after their blow, not before).
    expect(lunges()).toEqual([]);
    expect(numbers()).toEqual(["player-null:-2", `player-1:-${hp}`, `cpu-1:-${hp}`]);
    expect(battleStore.get().dying.sort()).toEqual(["cpu-1", "player-1"]);
    expect(queue.idle()).toBe(false);
    await vi.advanceTimersByTimeAsync(TIMINGS.removal);
    // The queue is done once the dead are off the table.
    expect(battleStore.get().dying).toEqual([]);
    expect(shown().player.table[1]).toBeNull();
    expect(shown().cpu.table[1]).toBeNull();
    expect(shown().cpu.table[0]?.card).toBe(MOSSLING);
    expect(queue.idle()).toBe(true);
  });

  it("waits for the blows under way before anything else touches the board", async () => {
    const server = boardOf();
    server.putUnit(1, 2, MOSSLING);
    server.putUnit(0, 2, MOSSLING);
    settledBoard(server.snapshot());
    const next = structuredClone(server.snapshot());
    if (!next.cpu || !next.player) throw new Error("no sides");
    next.cpu.table[2] = 0;
    next.player.table[2] = 0;
    const hp = shown().player.table[2]?.hp ?? 0;
    const queue = createMessageQueue({ apply: applyMessage, settle: () => boardSettled() });
    queue.push([
      {
        unit_fight: {
          tableKey: 2,
          sideA: "player",
          sideD: "cpu",
          attacking: hp,
          defend: hp,
          pierce: 0,
        },
      },
      next,
    ]);
    // The snapshot comes once the blow has landed and its dead have faded, not over them.
    await vi.advanceTimersByTimeAsync(TIMINGS.attack + TIMINGS.removal - 1);
    expect(battleStore.get().snapshot).not.toBe(next);
    expect(battleStore.get().dying.sort()).toEqual(["cpu-2", "player-2"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(battleStore.get().snapshot).toBe(next);
    expect(battleStore.get().dying).toEqual([]);
    // Each hp change floated once: the snapshot found the board as the blow left it.
    expect(battleStore.get().popups.map((p) => `${p.seat}-${p.cell}:${p.text}`)).toEqual([
      `cpu-2:-${hp}`,
      `player-2:-${hp}`,
    ]);
  });

  it("shows the arena bot's card only after it has thought like a person", async () => {
    boardOf({ cpuId: ARENA_BOT_ID });
    const played: StateMessage = {
      cpu_played_card: { card: MOSSLING, target: null, result: { cell: 1 } },
    };
    void applyMessage(played);
    await vi.advanceTimersByTimeAsync(999);
    expect(battleStore.get().cpuCard).toBeNull();
    await vi.advanceTimersByTimeAsync(1600);
    expect(battleStore.get().cpuCard?.card).toBe(MOSSLING);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(shown().cpu.table[1]?.card).toBe(MOSSLING);
  });

  it("keeps the result an earlier end_game brought", () => {
    const result = { rewards: { silver: 5 } };
    const first = { winner: "player" as const, reason: "hp" as const, result };
    const later = { winner: "player" as const, reason: "hp" as const };
    expect(mergeEndGame(first, later)).toEqual({ ...later, result });
    expect(mergeEndGame(null, later)).toEqual(later);
  });
});

describe("after the queue drains", () => {
  it("shows the end panel of an ended live battle and stops the clock", () => {
    boardOf(
      {},
      {
        endGame: { winner: "player", reason: "hp" },
        timer: { seat: "player", left: 3, turn: 1 },
        animating: true,
      },
    );
    afterDrain();
    expect(battleStore.get()).toMatchObject({
      phase: "end_game",
      showEndPanel: true,
      timer: null,
      animating: false,
    });
  });

  it("shows no end panel over a replay", () => {
    boardOf({}, { mode: "replay", endGame: { winner: "cpu", reason: "hp" } });
    afterDrain();
    expect(battleStore.get()).toMatchObject({ phase: "end_game", showEndPanel: false });
  });

  it("starts the player's clock on their turn: 25 s on the first, then 50 s", () => {
    const server = boardOf();
    afterDrain();
    expect(battleStore.get().timer).toEqual({
      seat: "player",
      left: TURN_SECONDS.playerFirst,
      turn: 1,
    });
    stopTimer();
    const later = structuredClone(server.snapshot());
    if (!later.game_data) throw new Error("no game data");
    later.game_data.turn = 3;
    settledBoard(later);
    afterDrain();
    expect(battleStore.get().timer).toEqual({ seat: "player", left: TURN_SECONDS.player, turn: 3 });
  });
});
