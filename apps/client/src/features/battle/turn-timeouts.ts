import { MAX_HAND_AT_END_TURN } from "@cardrealm/engine";
import { battleStore as store } from "../../stores/battle-store.ts";
import { battleApi } from "./battle-api.ts";
import { discard, endTurn } from "./battle-intents.ts";
import { pushIfNewer } from "./battle-sync.ts";
import { ARENA_BOT_ID, TURN_SECONDS } from "./battle-timings.ts";
import { dispatch } from "./board-stage.ts";
import { canAct } from "./play-options.ts";
import { type ClockTimeouts, markExpired, shortenNextTurn, startTimer } from "./turn-clock.ts";

/**
 * What a turn clock that ran out does (product.md section 4): the player's
 * turn ends by itself, and in PvP an opponent who ran out is reported to
 * the server (which usually ends their turn first). Connected to the clock
 * by battle-lifecycle.ts.
 */

/** How long after the enemy's deadline the warning waits for the server's own timer. */
export const WARNING_GRACE_MS = 1_500;

/**
 * The turn ends (discarding the last card above 6); the timer restarts, and
 * against the computer (not PvP, not the arena bot) the player's next turn
 * counts from 10 s as well (product.md section 4).
 */
export function onPlayerTimeout(turn: number): void {
  markExpired(turn);
  const s = store.get();
  if (s.pick) dispatch({ type: "cancel" });
  const hand = s.shown?.player.hand ?? [];
  const last = hand[hand.length - 1];
  if (canAct()) {
    if (store.get().phase === "discard_card" && last) discard(last.key);
    else endTurn(hand.length > MAX_HAND_AT_END_TURN && last ? last.key : undefined);
  }
  const special = s.shown?.isPvP === true || s.shown?.cpuId === ARENA_BOT_ID;
  // Against the computer the next turn counts from 10 s too (product.md section 4).
  if (!special) shortenNextTurn();
  if (store.get().phase !== "end_game") {
    startTimer("player", special ? TURN_SECONDS.player : TURN_SECONDS.afterTimeout, turn);
  }
}

/** After an enemy timeout in PvP the warning call is sent; the counter restarts at 5. */
export function onEnemyTimeout(turn: number): void {
  const b = store.get().shown;
  if (!b) return;
  markExpired(turn);
  startTimer("cpu", 5, turn);
  // Sent a moment after the deadline on the server's clock (the offset is
  // trusted to within a second), and only if that turn is still on: the
  // server's own timer usually ends it first, and then nothing is sent.
  setTimeout(() => {
    const now = store.get().shown;
    if (now?.gameId !== b.gameId || now.turn !== turn || now.active !== "cpu") return;
    battleApi.warning(b.gameId).then(
      (messages) => pushIfNewer(messages),
      () => undefined,
    );
  }, WARNING_GRACE_MS);
}

export const TURN_TIMEOUTS: ClockTimeouts = { player: onPlayerTimeout, enemy: onEnemyTimeout };
