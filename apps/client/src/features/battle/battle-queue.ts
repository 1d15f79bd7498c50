import type { StateMessage } from "@cardrealm/engine";

/** product.md section 4: incoming states are applied one at a time, 50 ms apart. */
export const QUEUE_GAP_MS = 50;

/** Waits on the page's timers (fake timers in tests). */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
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
