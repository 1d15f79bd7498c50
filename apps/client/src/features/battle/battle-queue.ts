import type { StateMessage } from "@cardrealm/engine";
import { createStore, useStore } from "../../stores/create-store.ts";

/** product.md section 4: incoming states are applied one at a time, 50 ms apart. */
export const QUEUE_GAP_MS = 50;

/**
 * How fast the board's waits run: 1 in a battle; a replay plays at 1x, 2x
 * or 4x (features/replay). Every animation wait goes through `wait`, so one
 * number speeds the whole board up.
 */
let tempo = 1;
/** The tempo for the screen: the board's CSS motion runs at it too (`--board-tempo`). */
const tempoStore = createStore<{ tempo: number }>({ tempo });

export function setTempo(speed: number): void {
  tempo = speed > 0 ? speed : 1;
  tempoStore.set({ tempo });
}

export function useTempo(): number {
  return useStore(tempoStore, (s) => s.tempo);
}

export function currentTempo(): number {
  return tempo;
}

/**
 * Board work that goes on after its message was applied (blows overlap: a
 * blow's impact and its deaths land while the next blow's message plays,
 * docs/battle-pace.md), by kind: "impact" until a blow's hp changes are
 * shown, "fade" until its dead are off the table, "ability" until an
 * ability's dead are. A message that must see the board as it stands waits
 * for it (`boardSettled`). `cancelWaits` forgets it: its waits never resolve.
 */
export type BoardWork = "impact" | "fade" | "ability";

const ALL_WORK: readonly BoardWork[] = ["impact", "fade", "ability"];

const underway = new Map<BoardWork, Set<Promise<void>>>();

/**
 * Bumped by `cancelWaits`: a wait started before never resolves, so a
 * message half-way through its animation stops where it is instead of
 * patching a board that was rebuilt under it (a replay stepping back).
 */
let waitEpoch = 0;

export function cancelWaits(): void {
  waitEpoch += 1;
  forgetBoardWork();
}

/** What comes next (a new battle, a replay's frame) waits for none of the work under way. */
export function forgetBoardWork(): void {
  underway.clear();
}

/** Notes work under way; it leaves the list when done (a failure is logged, not thrown). */
export function carryOn(kind: BoardWork, work: Promise<void>): void {
  const set = underway.get(kind) ?? new Set<Promise<void>>();
  underway.set(kind, set);
  const tracked: Promise<void> = work
    .catch((error: unknown) => console.error("[battle] board work failed", error))
    .finally(() => set.delete(tracked));
  set.add(tracked);
}

function pendingWork(kinds: readonly BoardWork[]): Promise<void>[] {
  return kinds.flatMap((k) => [...(underway.get(k) ?? [])]);
}

/** Work of these kinds is under way. */
export function boardBusy(kinds: readonly BoardWork[] = ALL_WORK): boolean {
  return pendingWork(kinds).length > 0;
}

/** Resolves when the work of these kinds under way now (and any it started meanwhile) is done. */
export async function boardSettled(kinds: readonly BoardWork[] = ALL_WORK): Promise<void> {
  for (let pending = pendingWork(kinds); pending.length > 0; pending = pendingWork(kinds)) {
    await Promise.all(pending);
  }
}

/** Waits on the page's timers (fake timers in tests), at the board's tempo. */
export function wait(ms: number): Promise<void> {
  const epoch = waitEpoch;
  return new Promise((resolve) =>
    setTimeout(
      () => {
        if (epoch === waitEpoch) resolve();
      },
      Math.max(0, ms / tempo),
    ),
  );
}

export interface QueueHooks {
  /** Applies one message, animations included; resolves when it is done. */
  apply: (message: StateMessage) => Promise<void> | void;
  /** Resolves when the work the applied messages left under way is done (before the queue drains). */
  settle?: () => Promise<void>;
  /** The queue starts working after being idle. */
  onBusy?: () => void;
  /** Every message has been applied. */
  onDrain?: () => void;
  /** apply threw: the message is skipped (the closing snapshot still settles the state). */
  onError?: (error: unknown, message: StateMessage) => void;
}

export interface MessageQueue {
  push(messages: readonly StateMessage[]): void;
  /** No message waiting or being applied. */
  idle(): boolean;
  /** Drops what is waiting; the message being applied finishes. */
  clear(): void;
  /** Resolves the next time the queue drains (at once when idle). */
  drained(): Promise<void>;
}

/**
 * The one queue every server state message goes through, in arrival order:
 * one message is applied (and animated) at a time, with QUEUE_GAP_MS between
 * two messages.
 */
export function createMessageQueue(hooks: QueueHooks, gapMs = QUEUE_GAP_MS): MessageQueue {
  const waiting: StateMessage[] = [];
  let running = false;
  let generation = 0;
  let waiters: (() => void)[] = [];

  const drain = () => {
    hooks.onDrain?.();
    const done = waiters;
    waiters = [];
    for (const w of done) w();
  };

  async function run(gen: number): Promise<void> {
    running = true;
    hooks.onBusy?.();
    let first = true;
    for (;;) {
      while (waiting.length > 0 && gen === generation) {
        if (!first) await wait(gapMs);
        first = false;
        if (gen !== generation) break;
        const message = waiting.shift();
        if (!message) break;
        try {
          await hooks.apply(message);
        } catch (error) {
          hooks.onError?.(error, message);
        }
      }
      if (gen !== generation) return;
      // What the last message left under way (a blow landing) is part of it.
      await hooks.settle?.();
      if (gen !== generation) return;
      if (waiting.length === 0) break;
    }
    running = false;
    drain();
  }

  return {
    push(messages) {
      if (messages.length === 0) return;
      waiting.push(...messages);
      if (!running) void run(generation);
    },
    idle: () => !running && waiting.length === 0,
    clear() {
      waiting.length = 0;
      generation += 1;
      running = false;
      waiters = [];
    },
    drained() {
      if (!running && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
