import type { StateMessage } from "@cardrealm/engine";
import type { PvpStateData } from "../../lib/realtime/pvp-game-channel.ts";
import { battleStore as store } from "../../stores/battle-store.ts";
import { battleApi } from "./battle-api.ts";
import { boardSettled, createMessageQueue, forgetBoardWork } from "./battle-queue.ts";
import { dispatch, replaying, serverPhase } from "./board-stage.ts";
import { afterDrain, applyMessage } from "./message-playback.ts";
import { notePvpClock, notePvpDeadline } from "./turn-clock.ts";

/**
 * Keeping the board in step with the server: every state list (a call's
 * answer, a channel frame, a resync) goes through the one queue in arrival
 * order, and only lists newer than what was applied are taken. Calls go one
 * after another; a refused one is logged and the battle re-syncs from the
 * server (product.md section 8).
 */

const queue = createMessageQueue({
  apply: applyMessage,
  settle: () => boardSettled(),
  onBusy: () => store.set({ animating: true }),
  onDrain: afterDrain,
  onError: (error) => console.error("[battle] a state message failed to apply", error),
});

/** The newest game_data.version handed to the queue, and its game: older lists are not applied. */
let pushedVersion = -1;
let pushedGameId = "";

/** What to do when a resync finds no battle and none ended here (battle-lifecycle.ts: leave). */
let onGone: () => void = () => {};

export function onBattleGone(handler: () => void): void {
  onGone = handler;
}

/** A new battle: nothing applied yet (the game id stays until the new one's first list). */
export function resetSync(): void {
  pushedVersion = -1;
}

/** The game the last list applied belongs to ("" before any). */
export function syncedGameId(): string {
  return pushedGameId;
}

/** Drops what waits in the queue; the message being applied finishes. */
export function clearQueue(): void {
  queue.clear();
  forgetBoardWork();
}

/** Hands messages to the queue as they are: a replay's steps note no version, game or clock. */
export function queueMessages(messages: readonly StateMessage[]): void {
  queue.push(messages);
}

/** Resolves when the queue has applied everything. */
export function queueDrained(): Promise<void> {
  return queue.drained();
}

/** Hands a state list to the queue, noting its game, version and PvP clock. */
export function pushStates(messages: readonly StateMessage[]): void {
  const receivedAt = Date.now();
  for (const m of messages) {
    if (m.game_data?.game_id) pushedGameId = m.game_data.game_id;
    if (typeof m.game_data?.version === "number")
      pushedVersion = Math.max(pushedVersion, m.game_data.version);
    notePvpClock(m, receivedAt);
  }
  queue.push(messages);
}

function versionOf(messages: readonly StateMessage[]): number {
  let v = -1;
  for (const m of messages) if (typeof m.game_data?.version === "number") v = m.game_data.version;
  return v;
}

/** A resync's answer: applied only when it moved the game on. */
export function pushIfNewer(messages: readonly StateMessage[] | null): void {
  if (messages && messages.length > 0 && versionOf(messages) > pushedVersion) pushStates(messages);
}

/** A channel state list: applied only when it is this game's and newer than anything applied. */
export function receivePvpState(data: PvpStateData): boolean {
  const s = store.get();
  // A replay on screen takes no live frame (a late one of the game just watched included).
  if (s.status === "empty" || replaying(s) || data.game_id !== pushedGameId) return false;
  if (data.seq > pushedVersion) {
    notePvpDeadline(data);
    pushStates(data.messages);
  }
  return true;
}

let chain: Promise<void> = Promise.resolve();

/**
 * One call of the player's (play, end turn, give up): the loading flag is
 * up until it answers; its answer goes to the queue. A refusal clears the
 * pick, puts the phase back to the server's and re-syncs.
 */
export function request(label: string, run: () => Promise<StateMessage[]>): void {
  store.set({ awaiting: true });
  const next = chain.then(run).then(
    (messages) => {
      store.set({ awaiting: false });
      pushStates(messages);
    },
    (error: unknown) => {
      // product.md section 8: a refused action is only logged; loading clears and we re-sync.
      console.warn(`[battle] ${label} failed:`, error instanceof Error ? error.message : error);
      store.set({ awaiting: false, pick: null });
      dispatch({ type: "failed", phase: serverPhase() });
      void resync();
    },
  );
  chain = next.catch(() => {});
}

/** Asks the server where the battle stands (GET current) and applies it; none left: gone. */
export async function resync(): Promise<void> {
  try {
    const messages = await battleApi.current();
    if (messages && messages.length > 0) pushStates(messages);
    else if (!store.get().endGame) onGone();
  } catch (error) {
    console.warn("[battle] re-sync failed:", error instanceof Error ? error.message : error);
  }
}
