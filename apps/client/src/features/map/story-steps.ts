/**
 * What a pending story action shows (product.md section 2, "Story layer").
 * Kept apart from story-flow.ts so the story scripts load with the story
 * layer, not with the map.
 */
import {
  type ChapterStory,
  type ComicRef,
  comicOf,
  type DialogueLine,
  getChapter,
  storyOfOpponent,
} from "@cardrealm/content";
import { readStorage, writeStorage } from "../../lib/storage.ts";
import type { CpuStory } from "../../stores/app-store.ts";

export interface DialogueStep {
  kind: "dialogue";
  lines: readonly DialogueLine[];
}

export interface ComicStep {
  kind: "comic";
  comic: ComicRef;
}

export type StoryStep = DialogueStep | ComicStep;

const INTRO_SEEN_KEY = "cardrealm.story.introSeen";

/** Chapters (map icons) whose intro comic this browser has already shown. */
export function introSeen(icon: string): boolean {
  return (readStorage(INTRO_SEEN_KEY) ?? "").split(",").includes(icon);
}

export function markIntroSeen(icon: string): void {
  const seen = new Set((readStorage(INTRO_SEEN_KEY) ?? "").split(",").filter(Boolean));
  seen.add(icon);
  writeStorage(INTRO_SEEN_KEY, [...seen].sort().join(","));
}

/**
 * The steps of the pending story action. Before: the chapter's intro comic
 * the first time its first opponent is fought, otherwise the opponent's
 * short dialogue. After: the win or loss lines (a draw counts as a loss), and
 * after beating the chapter's boss the win comic too.
 */
export function storySteps(
  cpuStory: CpuStory,
  options: { introSeen: (icon: string) => boolean } = { introSeen },
): StoryStep[] {
  const { cpuId, action } = cpuStory;
  if (cpuId === null || action === null) return [];
  const story = storyOfOpponent(cpuId);
  const lines = story?.opponents[cpuId];
  if (!story || !lines) return [];
  // The opponent's place comes from the chapter, whatever the caller stored.
  const cpuNumber = cpuNumberOf(story, cpuId);
  if (action === "before") {
    if (cpuNumber === 1 && !options.introSeen(story.icon)) {
      return [{ kind: "comic", comic: comicOf(story, "intro") }];
    }
    return [{ kind: "dialogue", lines: lines.before }];
  }
  if (cpuStory.winner === "player") {
    const steps: StoryStep[] = [{ kind: "dialogue", lines: lines.afterWin }];
    if (cpuNumber === 3) steps.push({ kind: "comic", comic: comicOf(story, "win") });
    return steps;
  }
  return [{ kind: "dialogue", lines: lines.afterLoss }];
}

function cpuNumberOf(story: ChapterStory, cpuId: number): number {
  const chapter = getChapter(story.level);
  const index = chapter?.opponents.indexOf(cpuId) ?? -1;
  return index + 1;
}
