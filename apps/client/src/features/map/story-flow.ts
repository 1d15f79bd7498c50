/**
 * The story campaign's flow (product.md sections 2 and 4): choosing a chapter
 * and an opponent, the story before a battle, starting it and handing it to
 * the battle screen, and the story after it.
 *
 * Hand-off: a started battle goes into the app store as
 * `pendingBattle: { cpuId, messages }` with `route: "game"`; the battle screen
 * takes the messages from there. When the battle ends it sets
 * `cpuStory.action = "after"` with the winner and routes home, and the story
 * layer on the map plays the after-battle story, then reopens the boss window.
 */
import { chapterOfOpponent, getChapter, getOpponent } from "@cardrealm/content";
import type { StateMessage } from "@cardrealm/engine";
import { DECK_MIN_CARDS, MESSAGES } from "@cardrealm/protocol";
import { ApiError } from "../../lib/api.ts";
import { appStore, enterBattle, setCpuStory, showSystemMessage } from "../../stores/app-store.ts";
import { cpuIdOf, storyApi } from "./story-api.ts";

// --- actions -------------------------------------------------------------------------

function advanceTutorial(from: string, to: string): void {
  const { tutorial } = appStore.get();
  if (tutorial.step === from) appStore.set({ tutorial: { ...tutorial, step: to } });
}

/** A map icon was clicked: the chapter with its first opponent, no pending action. */
export function openChapter(level: number): void {
  const chapter = getChapter(level);
  if (!chapter) return;
  setCpuStory({
    story: level,
    cpuId: chapter.cpu1,
    cpuNumber: chapter.cpu1 === null ? null : 1,
    action: null,
    winner: undefined,
  });
  advanceTutorial("ClickBossOnMap20", "BossWindow30");
}

/** The boss window's close button. */
export function closeChapter(): void {
  setCpuStory({ story: null, cpuId: null, cpuNumber: null, action: null, winner: undefined });
  advanceTutorial("MenuResearch90", "ClickOffers95");
}

/** The deck rule of product.md section 5; shows the info message when it fails. */
export function deckReady(): boolean {
  const total = appStore.get().user?.deck.total_amount ?? 0;
  if (total >= DECK_MIN_CARDS) return true;
  showSystemMessage(MESSAGES.deckTooSmall, "info");
  return false;
}

/** A Fight button: the story before the battle, when the deck allows a battle. */
export function chooseOpponent(cpuId: number, cpuNumber: number): void {
  if (!deckReady()) return;
  setCpuStory({ cpuId, cpuNumber, action: "before", winner: undefined });
}

/** Skip (and Escape) on a story: clears the pending story action. */
export function skipStory(): void {
  setCpuStory({ action: null, winner: undefined });
}

/** OK at the end of the after-battle story: back to the chapter's boss window. */
export function finishAfterStory(): void {
  setCpuStory({ action: null, winner: undefined });
  advanceTutorial("BattleFinish80", "MenuResearch90");
}

let starting = false;

/**
 * OK at the end of the before-battle story: start the battle, then the game
 * screen. A refusal (deck too small, chapter locked, another battle running)
 * shows its message and leaves the boss window open. Resolves true when the
 * battle started.
 */
export async function startStoryBattle(cpuId: number): Promise<boolean> {
  if (starting) return false;
  if (!deckReady()) {
    setCpuStory({ action: null });
    return false;
  }
  starting = true;
  try {
    const messages = await storyApi.start(cpuId);
    // The battle screen sets "after" when it ends; until then nothing is pending.
    setCpuStory({ action: null, winner: undefined });
    enterBattle(cpuId, messages);
    return true;
  } catch (error) {
    setCpuStory({ action: null });
    const text =
      error instanceof ApiError ? error.message : "The battle could not start. Please try again.";
    showSystemMessage(text, "info");
    return false;
  } finally {
    starting = false;
  }
}

/** Resume a running battle found on the server (after a reload). */
export function resumeBattle(messages: StateMessage[]): void {
  const cpuId = cpuIdOf(messages);
  if (cpuId === null) return;
  const chapter = chapterOfOpponent(cpuId);
  if (chapter) {
    setCpuStory({
      story: chapter.level,
      cpuId,
      cpuNumber: chapter.opponents.indexOf(cpuId) + 1,
      action: null,
      winner: undefined,
    });
  }
  enterBattle(cpuId, messages);
}

/** What the resume banner says about a running battle. */
export function runningBattleName(messages: readonly StateMessage[]): string {
  const id = cpuIdOf(messages);
  const fromMessages = messages.find((m) => m.game_data?.cpuName)?.game_data?.cpuName;
  const name = (id !== null ? getOpponent(id)?.name : undefined) ?? fromMessages ?? "your opponent";
  return name.split("@")[0] ?? name;
}
