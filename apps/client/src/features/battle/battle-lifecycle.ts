import { chapterOfOpponent } from "@cardrealm/content";
import type { StateMessage } from "@cardrealm/engine";
import { api } from "../../lib/api.ts";
import {
  resetPvpStatus,
  setPvpGameHandler,
  takeBufferedStates,
} from "../../lib/realtime/pvp-game-channel.ts";
import {
  appStore,
  setCpuStory,
  setPendingBattle,
  setPractice,
  setReplay,
  setRoute,
  setUser,
} from "../../stores/app-store.ts";
import {
  type BattleStoreState,
  clearBattleStore,
  initialBattleState,
  battleStore as store,
} from "../../stores/battle-store.ts";
import { battleApi } from "./battle-api.ts";
import { cancelAllAttack } from "./battle-intents.ts";
import { cancelWaits, setTempo } from "./battle-queue.ts";
import { battleSpeed } from "./battle-speed.ts";
import {
  clearQueue,
  onBattleGone,
  pushIfNewer,
  pushStates,
  receivePvpState,
  resetSync,
  syncedGameId,
} from "./battle-sync.ts";
import { ARENA_BOT_ID } from "./battle-timings.ts";
import { replaying } from "./board-stage.ts";
import { onClockTimeout, resetClock, stopTimer } from "./turn-clock.ts";
import { TURN_TIMEOUTS } from "./turn-timeouts.ts";

/**
 * The battle's lifecycle: started from its first messages (a start call's
 * answer, a resume), kept across a remount, disposed when the screen goes,
 * and finished from the end panel (the story's after-part, the arena, or
 * the replay of it). This module also connects the rooms: the clock's
 * timeouts, the PvP channel's states and a resync that finds no battle.
 */

function leaveTo(route: "home" | "arena"): void {
  disposeBattle();
  setRoute(route);
}

onClockTimeout(TURN_TIMEOUTS);
onBattleGone(() => leaveTo("home"));
setPvpGameHandler({
  state: receivePvpState,
  cancelWarning(gameId) {
    if (replaying() || store.get().shown?.gameId !== gameId) return;
    battleApi.cancelWarning().then(
      (messages) => pushIfNewer(messages),
      () => undefined,
    );
  },
});

let disposeTimer: ReturnType<typeof setTimeout> | null = null;

/** Starts showing a battle from its first messages (the start call's answer, or a resume). */
export function startBattle(messages: readonly StateMessage[]): void {
  clearQueue();
  stopTimer();
  // A live battle runs at the player's speed (battle menu, battle-speed.ts).
  setTempo(battleSpeed());
  store.reset({ ...initialBattleState(), status: "loading" });
  resetSync();
  resetClock();
  pushStates(messages);
  const gameId = syncedGameId();
  resetPvpStatus(gameId || null);
  // The opponent's moves that came over the channel before this screen did.
  for (const data of takeBufferedStates(gameId)) receivePvpState(data);
}

/**
 * On mount: take the pending battle the story started (and clear it), or
 * resume the active one (GET current); with none, back to the map.
 */
export function ensureBattle(): void {
  keepBattle();
  if (store.get().status !== "empty" || replaying()) return;
  const pending = appStore.get().pendingBattle;
  if (pending) {
    setPendingBattle(null);
    startBattle(pending.messages);
    return;
  }
  store.set({ status: "loading" });
  battleApi.current().then(
    (messages) => {
      if (store.get().status !== "loading") return;
      if (messages && messages.length > 0) startBattle(messages);
      else leaveTo("home");
    },
    (error: unknown) => {
      console.warn("[battle] resume failed:", error instanceof Error ? error.message : error);
      store.set({ status: "gone" });
    },
  );
}

/** On unmount (deferred, so a remount in React's strict mode keeps the battle). */
export function releaseBattle(): void {
  if (disposeTimer !== null) clearTimeout(disposeTimer);
  disposeTimer = setTimeout(() => {
    disposeTimer = null;
    disposeBattle();
  }, 0);
}

/** Stops the queue and the timers and forgets the battle. */
export function disposeBattle(): void {
  clearQueue();
  stopTimer();
  cancelAllAttack();
  if (replaying()) {
    // A replay's half-played animation stops with it; live battles keep the queue's rule.
    cancelWaits();
    setTempo(1);
  }
  clearBattleStore();
}

/** Keeps the deferred dispose of an unmount from taking a replay the screen remounted into. */
export function keepBattle(): void {
  if (disposeTimer !== null) {
    clearTimeout(disposeTimer);
    disposeTimer = null;
  }
}

/** Is the battle on screen a deck challenge (features/deck, deck-challenge.ts)? */
export function isPracticeBattle(s: BattleStoreState = store.get()): boolean {
  const practice = appStore.get().practice;
  return practice !== null && s.shown !== null && practice.gameId === s.shown.gameId;
}

/** The story's after-battle part: the chapter and opponent number of a battle opened elsewhere. */
function storyAfterBattle(cpuId: number, winner: "player" | "cpu" | null): void {
  const story = appStore.get().cpuStory;
  const chapter = chapterOfOpponent(cpuId);
  setCpuStory({
    action: "after",
    winner,
    ...(story.cpuId === cpuId
      ? {}
      : {
          cpuId,
          story: chapter?.level ?? null,
          cpuNumber: chapter ? chapter.opponents.indexOf(cpuId) + 1 : null,
        }),
  });
}

let finishing = false;

/**
 * The end-of-game button: music stops, the user is refreshed, the story
 * moves to its after-battle part (not for PvP, opponent 21 or a deck
 * challenge), the battle is forgotten and the player goes home (or to the
 * arena). With "replay" (the end panel's Watch replay) the replay viewer
 * opens instead, and its Close goes where Continue would have.
 */
export async function finishBattle(then: "leave" | "replay" = "leave"): Promise<void> {
  const s = store.get();
  if (!s.showEndPanel || !s.shown || finishing) return;
  finishing = true;
  try {
    const { isPvP, cpuId, gameId } = s.shown;
    const practice = isPracticeBattle(s);
    appStore.set((app) => ({ music: { ...app.music, playBattle: false, playMenu: true } }));
    const details = await api.playerDetails();
    if (details.data) setUser(details.data);
    const arena = isPvP || cpuId === ARENA_BOT_ID;
    if (practice) setPractice(null);
    if (!arena && !practice) storyAfterBattle(cpuId, s.endGame?.winner ?? null);
    // A friendly game (features/friends) needs no arena level: back to the map.
    const back = arena && !s.shown.friendly ? "arena" : "home";
    if (then === "replay") {
      disposeBattle();
      setReplay({ source: { kind: "own", id: gameId }, returnTo: back });
    } else leaveTo(back);
  } finally {
    finishing = false;
  }
}
