import type { EndGameMsg, StateMessage } from "@cardrealm/engine";
import { initialBattleState, battleStore as store } from "../../stores/battle-store.ts";
import { cancelWaits } from "./battle-queue.ts";
import { clearQueue, queueDrained, queueMessages } from "./battle-sync.ts";
import { backgroundFor, lastSnapshot, shownFromSnapshot } from "./battle-view.ts";
import { replaying } from "./board-stage.ts";
import { mergeEndGame } from "./message-playback.ts";
import { stopTimer } from "./turn-clock.ts";

/**
 * The board in replay mode (a finished battle watched, features/replay; a
 * friend's game a turn behind, features/social): read-only, no clock, no
 * end panel. A frame is shown at once; a step's messages animate through the
 * same queue and playback as a live battle's.
 */

/**
 * Shows a replay's board as it stood after `messages` (every step up to the
 * one shown, in order), at once and without animation: the last snapshot,
 * and the end of the battle if it came. Stepping back and the scrubber
 * rebuild this way; whatever was animating stops where it was.
 */
export function showReplayFrame(messages: readonly StateMessage[]): void {
  clearQueue();
  cancelWaits();
  stopTimer();
  const snapshot = lastSnapshot(messages);
  const shown = snapshot ? shownFromSnapshot(snapshot) : null;
  if (!snapshot || !shown) return;
  let endGame: EndGameMsg | null = null;
  for (const m of messages) if (m.end_game) endGame = mergeEndGame(endGame, m.end_game);
  const before = store.get();
  store.reset({
    ...initialBattleState(),
    mode: "replay",
    status: "ready",
    shown,
    snapshot,
    endGame,
    phase: endGame ? "end_game" : (snapshot.phase ?? "play_card"),
    background:
      before.shown?.gameId === shown.gameId
        ? before.background
        : backgroundFor(shown.cpuId, shown.gameId),
  });
}

/** Animates one replay step's messages as the live battle would; resolves when they are applied. */
export function playReplayMessages(messages: readonly StateMessage[]): Promise<void> {
  if (!replaying()) return Promise.resolve();
  queueMessages(messages);
  return queueDrained();
}
