/**
 * The running tutorial: taken from the signed-in user, moved by the events of
 * the map, battle, offers, box and deck editor, and saved to the server on
 * every move (PUT /api/player/tutorial) so a reload continues where it was.
 *
 * `appStore.tutorial` is the live state of product.md ({isActive, step}:
 * isActive false while paused, e.g. during the enemy's turn). `running` here
 * says whether the tutorial is still unfinished at all; a finished one never
 * returns.
 */
import type { TutorialCause } from "@cardrealm/content";
import { isTutorialStep, type TutorialBody } from "@cardrealm/protocol";
import { call } from "../lib/api.ts";
import { appStore } from "./app-store.ts";
import { createStore, useStore } from "./create-store.ts";
import { nextTutorial, type TutorialEvent, type TutorialLive } from "./tutorial-machine.ts";

export const tutorialRun = createStore<{ running: boolean }>({ running: false });

export function useTutorialRunning(): boolean {
  return useStore(tutorialRun, (s) => s.running);
}

/** Still unfinished (also while paused): surrender stays blocked. */
export function tutorialRunning(): boolean {
  return tutorialRun.get().running;
}

/**
 * What the player did that moved the guide to `step` (a unit or a spell
 * played, a lesson refused, a sword raised, a spell aimed): Lyra's line for
 * that step follows it (content TUTORIAL_AFTER). Kept for one step only, and
 * not saved: after a reload the step's own line, which assumes nothing, shows.
 */
export const tutorialCause = createStore<{ step: string; cause: TutorialCause | null }>({
  step: "",
  cause: null,
});

/** The cause of the step shown now, or null when it is not known. */
export function useTutorialCause(step: string): TutorialCause | null {
  return useStore(tutorialCause, (s) => (s.step === step ? s.cause : null));
}

/** Moves the live tutorial to `step` because of `cause` (the cause first: the line follows it). */
export function moveTutorial(live: TutorialLive, cause: TutorialCause | null): void {
  tutorialCause.set({ step: live.step, cause });
  appStore.set({ tutorial: live });
}

/** Saves go one after another so the server sees the steps in order. */
let saving: Promise<unknown> = Promise.resolve();
let savedStep = "";

export const tutorialApi = {
  save: (body: TutorialBody) => call<unknown>("PUT", "/api/player/tutorial", { body }),
};

function save(body: TutorialBody): void {
  savedStep = body.step;
  saving = saving
    .then(() => tutorialApi.save(body))
    .catch((error: unknown) => {
      // The next move saves again; the game goes on meanwhile.
      console.warn("[tutorial] the step could not be saved", error);
    });
}

/** Resolves when every save so far has been answered (tests). */
export function tutorialSaved(): Promise<unknown> {
  return saving;
}

/** Apply one event of the game to the tutorial. */
export function tutorialEvent(event: TutorialEvent): void {
  if (!tutorialRun.get().running) return;
  const move = nextTutorial(appStore.get().tutorial, event);
  if (move === null) return;
  if (move === "finish") {
    finishTutorial();
    return;
  }
  if (move.step === appStore.get().tutorial.step) appStore.set({ tutorial: move });
  else moveTutorial(move, event === "skip-lesson" ? "refused" : null);
}

/** The last step's farewell, or "Skip tutorial": finished for good. */
export function finishTutorial(): void {
  if (!tutorialRun.get().running) return;
  tutorialRun.set({ running: false });
  appStore.set({ tutorial: { isActive: false, step: "Final150" } });
  save({ step: "Final150", isActive: false });
}

let unsubscribe: (() => void) | null = null;

/**
 * Start following the signed-in user's tutorial (the shell calls it once
 * signed in; the returned function stops it). Watches the app store for the
 * moves that come from screens: a route opened or closed, the story before a
 * battle, and any step change to save.
 */
export function startTutorial(): () => void {
  unsubscribe?.();
  const user = appStore.get().user;
  const saved = user?.tutorial;
  const running = saved?.isActive === true;
  const step = saved && isTutorialStep(saved.step) ? saved.step : "intro";
  savedStep = step;
  // What moved the guide is not known for a step taken from the server.
  tutorialCause.reset({ step: "", cause: null });
  tutorialRun.set({ running });
  appStore.set({ tutorial: { isActive: running, step } });

  let prev = appStore.get();
  const stop = appStore.subscribe(() => {
    const now = appStore.get();
    const before = prev;
    prev = now;
    if (!tutorialRun.get().running) return;
    if (now.route !== before.route) {
      if (before.route === "offers") tutorialEvent("offers-closed");
      if (before.route === "deck") tutorialEvent("deck-closed");
      if (now.route === "offers") tutorialEvent("offers-opened");
      if (now.route === "deck") tutorialEvent("deck-opened");
      if (now.route === "game") tutorialEvent("battle-entered");
    }
    if (now.cpuStory.action === "before" && before.cpuStory.action !== "before") {
      tutorialEvent("story-before");
    }
    const live = appStore.get().tutorial;
    if (live.step !== savedStep && isTutorialStep(live.step)) {
      // A step move brings the guide back (e.g. the box view closed, the enemy's turn over).
      if (!live.isActive) appStore.set({ tutorial: { ...live, isActive: true } });
      save({ step: live.step, isActive: true });
    }
  });
  unsubscribe = stop;
  return () => {
    stop();
    if (unsubscribe === stop) unsubscribe = null;
  };
}
