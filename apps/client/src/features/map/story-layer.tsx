import { getChapter, getOpponent } from "@cardrealm/content";
import { useEffect, useState } from "react";
import { StagePortal } from "../../components/modal/stage-portal.tsx";
import { type CpuStory, useAppStore } from "../../stores/app-store.ts";
import { Comic } from "./comic.tsx";
import { Dialogue } from "./dialogue.tsx";
import { finishAfterStory, skipStory, startStoryBattle } from "./story-flow.ts";
import { markIntroSeen, storySteps } from "./story-steps.ts";
import "./story.css";

/**
 * The story layer (product.md section 2): while a story action is pending it
 * plays the steps of storySteps(). The last step's OK starts the battle
 * (before) or closes the story and so reopens the boss window (after); Skip
 * and Escape clear the pending action.
 */
export default function StoryLayer() {
  const cpuStory = useAppStore((s) => s.cpuStory);
  if (cpuStory.action === null || cpuStory.cpuId === null) return null;
  // A new story (another opponent or action) starts from its first step.
  return (
    <StoryRun
      key={`${cpuStory.action}:${cpuStory.cpuId}:${cpuStory.winner ?? ""}`}
      cpuStory={cpuStory}
    />
  );
}

function kickerOf(cpuStory: CpuStory): string {
  if (cpuStory.action === "before") return "Before the battle";
  if (cpuStory.winner === "player") return "Victory";
  return cpuStory.winner === null ? "A draw" : "Defeat";
}

function StoryRun({ cpuStory }: { cpuStory: CpuStory }) {
  // Computed once per story, so marking the intro as seen does not swap it out.
  const [steps] = useState(() => storySteps(cpuStory));
  const [index, setIndex] = useState(0);
  const [busy, setBusy] = useState(false);
  const cpuId = cpuStory.cpuId ?? 0;
  const before = cpuStory.action === "before";
  const step = steps[index];
  const opponent = getOpponent(cpuId);
  const chapter = cpuStory.story === null ? undefined : getChapter(cpuStory.story);

  const finish = async () => {
    if (before) {
      setBusy(true);
      const started = await startStoryBattle(cpuId);
      if (!started) setBusy(false);
    } else finishAfterStory();
  };

  const next = () => {
    if (index + 1 < steps.length) setIndex(index + 1);
    else void finish();
  };

  // Nothing to show (no script for this opponent): act at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per story run.
  useEffect(() => {
    if (steps.length === 0) void finish();
  }, []);

  useEffect(() => {
    if (step?.kind === "comic" && before && chapter) markIntroSeen(chapter.icon);
  }, [step, before, chapter]);

  if (!step) return null;

  return (
    <StagePortal>
      <div className="story-layer" data-testid="story-layer" data-action={cpuStory.action}>
        {step.kind === "dialogue" ? (
          <Dialogue
            key={index}
            lines={step.lines}
            opponent={opponent ? { id: opponent.id, name: opponent.name } : null}
            kicker={kickerOf(cpuStory)}
            onDone={next}
            onClose={skipStory}
            busy={busy}
          />
        ) : (
          <Comic
            key={index}
            comic={step.comic}
            title={
              chapter ? `${chapter.name}: ${before ? "the story begins" : "victory"}` : "Story"
            }
            okHint={before && index === steps.length - 1 ? "To battle" : "Continue"}
            onDone={next}
            onSkip={skipStory}
            busy={busy}
          />
        )}
      </div>
    </StagePortal>
  );
}
