import type { StateMessage } from "@cardrealm/engine";
import type { Replay } from "@cardrealm/protocol";
import { copyText } from "../../lib/clipboard.ts";
import { replayLink } from "../../lib/replay-links.ts";
import { appStore, leaveReplay, type ReplaySource } from "../../stores/app-store.ts";
import { battleStore } from "../../stores/battle-store.ts";
import { createStore, useStore } from "../../stores/create-store.ts";
import { replayApi, replayErrorText } from "./replay-api.ts";
import { cursorForTurn, messagesUpTo, type ReplaySpeed } from "./replay-model.ts";

/**
 * The replay viewer's player (issue 16): loads a replay, then drives the
 * battle screen's board in replay mode. Playing and stepping forward
 * animate each step's messages exactly as the live battle did; stepping
 * back and the scrubber rebuild the board from the start without animation.
 */

/**
 * The board the player drives: the battle screen's in replay mode
 * (features/battle replay-board.ts, and its queue's tempo). This feature
 * does not import the battle: the shell connects it (features/shell/board-ports.ts).
 */
export interface ReplayBoard {
  /** The board as it stood after these messages, at once. */
  showFrame(messages: readonly StateMessage[]): void;
  /** Animates one step's messages as the live battle did; resolves when they are applied. */
  play(messages: readonly StateMessage[]): Promise<void>;
  /** Forgets the board. */
  dispose(): void;
  /** Keeps the deferred dispose of the screen it replaced from taking the replay. */
  keep(): void;
  /** How fast the board's waits run: the replay's speed. */
  setTempo(speed: number): void;
  /** A wait at the board's tempo. */
  wait(ms: number): Promise<void>;
}

function unconnected(): never {
  throw new Error("The replay board is not connected (features/shell/board-ports.ts).");
}

let board: ReplayBoard = {
  showFrame: unconnected,
  play: unconnected,
  dispose: unconnected,
  keep: unconnected,
  setTempo: unconnected,
  wait: unconnected,
};

export function connectReplayBoard(replayBoard: ReplayBoard): void {
  board = replayBoard;
}

/** The connected board (the viewer keeps it on mount). */
export function replayBoard(): ReplayBoard {
  return board;
}

export interface ReplayShareState {
  /** The link to copy: this page with ?replay=<share id>. */
  url: string;
  /** Whether the clipboard took it (else the player copies it from the field). */
  copied: boolean;
}

export interface ReplayPlayerState {
  status: "idle" | "loading" | "ready" | "error";
  error: string | null;
  replay: Replay | null;
  /** The index of the last step applied (0: the start). */
  cursor: number;
  playing: boolean;
  /** A step is being animated. */
  animating: boolean;
  speed: ReplaySpeed;
  sharing: boolean;
  share: ReplayShareState | null;
  shareError: string | null;
}

function initialPlayerState(): ReplayPlayerState {
  return {
    status: "idle",
    error: null,
    replay: null,
    cursor: 0,
    playing: false,
    animating: false,
    speed: 1,
    sharing: false,
    share: null,
    shareError: null,
  };
}

export const replayPlayer = createStore<ReplayPlayerState>(initialPlayerState());

export function useReplayPlayer<T>(select: (s: ReplayPlayerState) => T): T {
  return useStore(replayPlayer, select);
}

/** Bumped whenever what the board shows is decided anew: an older step's animation stops counting. */
let run = 0;
/** Bumped whenever playing starts or stops: an older play loop ends. */
let loop = 0;

function stopLoop(): void {
  loop += 1;
  if (replayPlayer.get().playing) replayPlayer.set({ playing: false });
}

/** The pause between two steps while playing (ms at 1x, scaled by the speed). */
export const STEP_GAP_MS = 400;

function lastStep(): number {
  return (replayPlayer.get().replay?.steps.length ?? 1) - 1;
}

/** Shows the board after step `cursor`, at once (no animation). */
function showAt(cursor: number): void {
  const replay = replayPlayer.get().replay;
  if (!replay) return;
  run += 1;
  const at = Math.max(0, Math.min(cursor, replay.steps.length - 1));
  board.showFrame(messagesUpTo(replay.steps, at));
  replayPlayer.set({ cursor: at, animating: false });
}

/** Animates step `cursor` from the board of the step before it. */
async function animateTo(cursor: number): Promise<boolean> {
  const replay = replayPlayer.get().replay;
  const step = replay?.steps[cursor];
  if (!replay || !step) return false;
  // From a settled board: if the previous step was still moving, it snaps to its end first.
  if (replayPlayer.get().animating || battleStore.get().animating) showAt(cursor - 1);
  run += 1;
  const mine = run;
  replayPlayer.set({ cursor, animating: true });
  await board.play(step.messages);
  if (mine !== run) return false;
  replayPlayer.set({ animating: false });
  return true;
}

/** Opens a loaded replay at its start, paused. */
export function openReplay(replay: Replay): void {
  const speed = replayPlayer.get().speed;
  loop += 1;
  replayPlayer.set({ ...initialPlayerState(), status: "ready", replay, speed });
  board.setTempo(speed);
  showAt(0);
}

/** Fetches the replay of a source and opens it; errors say what to do next. */
export async function loadReplay(source: ReplaySource): Promise<void> {
  run += 1;
  loop += 1;
  const mine = run;
  replayPlayer.set({ ...initialPlayerState(), status: "loading", speed: replayPlayer.get().speed });
  try {
    const replay =
      source.kind === "own"
        ? await replayApi.get(source.id)
        : await replayApi.shared(source.shareId);
    if (mine !== run) return;
    if (!replay.available) {
      replayPlayer.set({
        status: "error",
        error:
          "This battle was recorded by an older version of the game and can no longer be replayed.",
      });
      return;
    }
    openReplay(replay);
  } catch (error) {
    if (mine !== run) return;
    replayPlayer.set({ status: "error", error: replayErrorText(error) });
  }
}

export function pause(): void {
  if (!replayPlayer.get().playing) return;
  stopLoop();
  // A step half-way through finishes as a settled board, so pausing never leaves one mid-blow.
  if (replayPlayer.get().animating) showAt(replayPlayer.get().cursor);
}

/** Plays from here to the end (from the start again when at the end). */
export async function play(): Promise<void> {
  const s = replayPlayer.get();
  if (s.status !== "ready" || s.playing) return;
  if (s.cursor >= lastStep()) showAt(0);
  loop += 1;
  const mine = loop;
  replayPlayer.set({ playing: true });
  while (mine === loop && replayPlayer.get().cursor < lastStep()) {
    const done = await animateTo(replayPlayer.get().cursor + 1);
    if (!done || mine !== loop) return;
    if (replayPlayer.get().cursor >= lastStep()) break;
    await board.wait(STEP_GAP_MS);
  }
  if (mine === loop) replayPlayer.set({ playing: false });
}

export function togglePlay(): void {
  if (replayPlayer.get().playing) pause();
  else void play();
}

/** One action forward, animated. */
export function stepForward(): Promise<boolean> {
  const s = replayPlayer.get();
  if (s.status !== "ready") return Promise.resolve(false);
  stopLoop();
  const target = s.cursor + 1;
  if (target > lastStep()) {
    if (s.animating) showAt(s.cursor);
    return Promise.resolve(false);
  }
  return animateTo(target);
}

/** One action back: the board rebuilt from the start up to the previous step, without animation. */
export function stepBack(): void {
  const s = replayPlayer.get();
  if (s.status !== "ready") return;
  stopLoop();
  showAt(s.cursor - 1);
}

/** The scrubber: the board as `turn` began. */
export function jumpToTurn(turn: number): void {
  const replay = replayPlayer.get().replay;
  if (!replay) return;
  stopLoop();
  showAt(cursorForTurn(replay.steps, turn));
}

export function setSpeed(speed: ReplaySpeed): void {
  replayPlayer.set({ speed });
  board.setTempo(speed);
}

/**
 * Share: asks the server for the battle's share id (the same one each
 * time), copies the link and shows it. A shared replay's link is the one it
 * was opened with.
 */
export async function shareReplay(field?: HTMLInputElement | null): Promise<void> {
  const s = replayPlayer.get();
  if (!s.replay || s.sharing) return;
  replayPlayer.set({ sharing: true, shareError: null });
  try {
    const shareId = s.replay.share_id ?? (await replayApi.share(s.replay.id)).share_id;
    const url = replayLink(window.location.origin, shareId);
    replayPlayer.set({ share: { url, copied: false } });
    const copied = await copyText(url, field);
    replayPlayer.set({ share: { url, copied }, sharing: false });
  } catch (error) {
    replayPlayer.set({ sharing: false, shareError: replayErrorText(error) });
  }
}

/** Leaves the viewer for where it was opened from. */
export function closeReplay(): void {
  const back = appStore.get().replay?.returnTo ?? "home";
  stopReplay();
  leaveReplay(back === "game" ? "home" : back);
}

/** Stops playing and forgets the replay (the viewer closed or unmounted). */
export function stopReplay(): void {
  run += 1;
  loop += 1;
  replayPlayer.reset({ ...initialPlayerState(), speed: replayPlayer.get().speed });
  if (battleStore.get().mode === "replay") board.dispose();
  board.setTempo(1);
}
