import type { StateMessage } from "@cardrealm/engine";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMessageQueue, QUEUE_GAP_MS, wait } from "./battle-queue.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const turn = (n: number): StateMessage => ({ cpu_start_turn: { turn: n } });

describe("the battle message queue", () => {
  it("applies messages one at a time, in arrival order, 50 ms apart", async () => {
    const log: string[] = [];
    const queue = createMessageQueue({
      apply: async (m) => {
        log.push(`start ${m.cpu_start_turn?.turn} @${Date.now()}`);
        await wait(100);
        log.push(`end ${m.cpu_start_turn?.turn} @${Date.now()}`);
      },
    });
    const t0 = Date.now();
    queue.push([turn(1), turn(2)]);
    queue.push([turn(3)]);
    expect(queue.idle()).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toEqual([
      `start 1 @${t0}`,
      `end 1 @${t0 + 100}`,
      `start 2 @${t0 + 100 + QUEUE_GAP_MS}`,
      `end 2 @${t0 + 200 + QUEUE_GAP_MS}`,
      `start 3 @${t0 + 200 + 2 * QUEUE_GAP_MS}`,
      `end 3 @${t0 + 300 + 2 * QUEUE_GAP_MS}`,
    ]);
    expect(queue.idle()).toBe(true);
  });

  it("tells when it starts working and when it has drained", async () => {
    const events: string[] = [];
    const queue = createMessageQueue({
      apply: () => {
        events.push("apply");
      },
      onBusy: () => events.push("busy"),
      onDrain: () => events.push("drain"),
    });
    queue.push([turn(1), turn(2)]);
    const drained = queue.drained();
    await vi.advanceTimersByTimeAsync(QUEUE_GAP_MS);
    await drained;
    expect(events).toEqual(["busy", "apply", "apply", "drain"]);
  });

  it("keeps going past a message that fails to apply", async () => {
    const applied: number[] = [];
    const errors: number[] = [];
    const queue = createMessageQueue({
      apply: (m) => {
        const n = m.cpu_start_turn?.turn ?? 0;
        if (n === 2) throw new Error("bad message");
        applied.push(n);
      },
      onError: (_e, m) => errors.push(m.cpu_start_turn?.turn ?? 0),
    });
    queue.push([turn(1), turn(2), turn(3)]);
    await vi.advanceTimersByTimeAsync(500);
    expect(applied).toEqual([1, 3]);
    expect(errors).toEqual([2]);
  });

  it("drops waiting messages on clear", async () => {
    const applied: number[] = [];
    const queue = createMessageQueue({
      apply: async (m) => {
        applied.push(m.cpu_start_turn?.turn ?? 0);
        await wait(100);
      },
    });
    queue.push([turn(1), turn(2), turn(3)]);
    await vi.advanceTimersByTimeAsync(10);
    queue.clear();
    await vi.advanceTimersByTimeAsync(1000);
    expect(applied).toEqual([1]);
    expect(queue.idle()).toBe(true);
  });
});
