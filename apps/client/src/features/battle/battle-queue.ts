import type { StateMessage } from "@cardrealm/engine";

/** product.md section 4: incoming states are applied one at a time, 50 ms apart. */
export const QUEUE_GAP_MS = 50;

/**
 * How fast the board's waits run: 1 in a battle; a replay plays at 1x, 2x
 * or 4x (features/replay). Every animation wait goes through `wait`, so one
 * number speeds the whole board up.
 */
let tempo = 1;

export function setTempo(speed: number): void {
  tempo = speed > 0 ? speed : 1;
}

export function currentTempo(): number {
  return tempo;
}

/**
 * Bumped by `cancelWaits`: a wait started before never resolves, so a
 * message half-way through its animation stops where it is instead of
 * patching a board that was rebuilt under it (a replay stepping back).
 */
let waitEpoch = 0;

export function cancelWaits(): void {
  waitEpoch += 1;
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
