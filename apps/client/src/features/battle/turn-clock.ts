import type { StateMessage, ViewSide } from "@cardrealm/engine";
import type { PvpStateData } from "../../lib/realtime/pvp-game-channel.ts";
import { pvpStatusStore } from "../../lib/realtime/pvp-game-channel.ts";
import { noteServerTime, secondsUntil } from "../../lib/realtime/server-clock.ts";
import { appStore } from "../../stores/app-store.ts";
import { battleStore as store } from "../../stores/battle-store.ts";
import { tutorialRunning } from "../../stores/tutorial-state.ts";
import { sounds } from "./battle-sounds.ts";
import { TURN_SECONDS } from "./battle-timings.ts";
import { lastSnapshot } from "./battle-view.ts";
import { replaying } from "./board-stage.ts";

/**
 * The turn clock (product.md section 4): one countdown on the board, the
 * player's or the opponent's. A computer game counts whole seconds here; a
 * PvP game counts to the server's deadline for the turn, on the server's
 * clock (docs/realtime.md). What happens when it runs out is the battle's
 * business (turn-timeouts.ts), told through `onClockTimeout`.
 */

export interface ClockTimeouts {
  /** The player's time for `turn` ran out. */
  player(turn: number): void;
  /** A PvP opponent's time for `turn` ran out (a computer's turn just stops at zero). */
  enemy(turn: number): void;
}

let timeouts: ClockTimeouts = { player: () => {}, enemy: () => {} };

/** Who answers a clock that ran out (battle-lifecycle.ts connects turn-timeouts.ts). */
export function onClockTimeout(handlers: ClockTimeouts): void {
  timeouts = handlers;
}

let timerHandle: ReturnType<typeof setInterval> | null = null;

/** The server's deadline for one turn, from the channel's state lists (server clock). */
let pvpDeadline: { turn: number; at: number } | null = null;

/**
 * The turn whose clock already ran out here: its restart (5 s for the enemy,
 * the full turn for us) counts down on its own, not to the passed deadline
 * (which would end the turn again every second).
 */
let expiredTurn = -1;

/** When the player last ended a turn (the "Enemy turn!" message waits 1000 ms from it). */
let endTurnAt = 0;

/**
 * The player's last turn ended by its clock in a computer game: their next
 * turn counts from TURN_SECONDS.afterTimeout (10 s), not 50 (product.md
 * section 4). A turn the player ends themselves puts the full time back.
 */
let shortNextTurn = false;

/** A new battle: no deadline known, no turn expired. */
export function resetClock(): void {
  pvpDeadline = null;
  expiredTurn = -1;
  shortNextTurn = false;
}

/** The turn that just ran out gives the player's next one 10 s (turn-timeouts.ts). */
export function shortenNextTurn(): void {
  shortNextTurn = true;
}

export function stopTimer(): void {
  if (timerHandle !== null) clearInterval(timerHandle);
  timerHandle = null;
  store.set({ timer: null });
}

/** Counts `seconds` down for `seat` in `turn`, once a second (nothing in a replay). */
export function startTimer(seat: ViewSide, seconds: number, turn: number): void {
  if (timerHandle !== null) clearInterval(timerHandle);
  timerHandle = null;
  if (replaying()) return;
  store.set({ timer: { seat, left: seconds, turn } });
  timerHandle = setInterval(tick, 1000);
}

/** This turn's clock ran out here: its restart counts on its own. */
export function markExpired(turn: number): void {
  expiredTurn = turn;
}

/** The player ended a turn (themselves, or their clock did: then shortenNextTurn follows). */
export function noteTurnEnded(at: number = Date.now()): void {
  endTurnAt = at;
  shortNextTurn = false;
}

/** Milliseconds since the player last ended a turn. */
export function msSinceTurnEnded(now: number = Date.now()): number {
  return now - endTurnAt;
}

function tick(): void {
  const timer = store.get().timer;
  if (!timer) return;
  // The player's clock waits while the tutorial's guide is teaching (docs/decisions.md).
  if (timer.seat === "player" && tutorialRunning() && appStore.get().tutorial.isActive) return;
  // PvP: the time left is read off the server's deadline each second, not counted down.
  const pvp = store.get().shown?.isPvP === true && pvpDeadline?.turn === timer.turn;
  const left =
    pvp && pvpDeadline && expiredTurn !== timer.turn
      ? secondsUntil(pvpDeadline.at)
      : Math.max(0, timer.left - 1);
  store.set({ timer: { ...timer, left } });
  if (timer.seat === "player" && left > 0 && left <= TURN_SECONDS.warning) sounds.lowTime();
  if (left > 0) return;
  if (timer.seat === "player") timeouts.player(timer.turn);
  else if (store.get().shown?.isPvP) timeouts.enemy(timer.turn);
  else if (timerHandle !== null) {
    // The computer's turn resolves on the server; its clock just stops at zero.
    clearInterval(timerHandle);
    timerHandle = null;
  }
}

// --- PvP turn clocks: the server's deadline, not a fixed count (docs/realtime.md) ---

/** The deadline a channel state list carries for its turn. */
export function notePvpDeadline(data: PvpStateData): void {
  if (typeof data.turn_deadline !== "number") return;
  const turn = lastSnapshot(data.messages)?.game_data?.turn;
  if (typeof turn === "number") pvpDeadline = { turn, at: data.turn_deadline };
}

/**
 * PvP snapshots carry the turn's deadline and the server's time (any answer,
 * channel frame or reconnect snapshot): the clock counts to that deadline on
 * the server's clock, and the idle banner shows the forfeit count.
 */
export function notePvpClock(m: StateMessage, receivedAt: number): void {
  const d = m.game_data;
  if (!d?.isPvP) return;
  if (typeof d.server_time === "number") noteServerTime(d.server_time, receivedAt);
  if (typeof d.turn_deadline === "number") pvpDeadline = { turn: d.turn, at: d.turn_deadline };
  if (typeof d.idle_left === "number") pvpStatusStore.set({ idleLeft: d.idle_left });
}

/**
 * Seconds left of a PvP turn: counted to the server's deadline when we know
 * it (a resume mid-turn, the opponent's move or end of turn), else the full
 * turn (our own end of turn just started theirs on the server's clock too).
 */
export function pvpSecondsLeft(turn: number, full: number): number {
  if (pvpDeadline?.turn !== turn) return full;
  return Math.min(full, secondsUntil(pvpDeadline.at));
}

/** A running PvP clock follows a deadline that arrived after it started. */
function followPvpDeadline(seat: ViewSide, turn: number): void {
  const timer = store.get().timer;
  if (pvpDeadline?.turn !== turn || !timer || timer.seat !== seat || timer.turn !== turn) return;
  const left = Math.min(timer.left, secondsUntil(pvpDeadline.at));
  if (left !== timer.left) store.set({ timer: { ...timer, left } });
}

/**
 * The board has settled on a turn: the player's clock starts for their new
 * turn (25 s the first, 50 s after, 10 s after a turn their clock ended in
 * a computer game), and in PvP the opponent's clock runs
 * too (they open, or we came back mid-turn). A clock already counting this
 * turn keeps counting (a PvP one follows a newer deadline).
 */
export function clockForSettledTurn(): void {
  const after = store.get();
  if (after.phase === "play_card" && after.shown?.active === "player") {
    const turn = after.shown.turn;
    if (after.timer?.seat !== "player" || after.timer.turn !== turn) {
      const full =
        turn <= 1
          ? TURN_SECONDS.playerFirst
          : shortNextTurn && !after.shown.isPvP
            ? TURN_SECONDS.afterTimeout
            : TURN_SECONDS.player;
      startTimer("player", after.shown.isPvP ? pvpSecondsLeft(turn, full) : full, turn);
    } else if (after.shown.isPvP) followPvpDeadline("player", turn);
  } else if (after.shown?.isPvP && after.shown.active === "cpu") {
    // PvP: the opponent opens, or we came back mid-turn: their clock runs too.
    const turn = after.shown.turn;
    if (after.timer?.seat !== "cpu" || after.timer.turn !== turn) {
      startTimer("cpu", pvpSecondsLeft(turn, TURN_SECONDS.enemy), turn);
    } else followPvpDeadline("cpu", turn);
  }
}
