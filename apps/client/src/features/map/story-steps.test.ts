import { describe, expect, it } from "vitest";
import type { CpuStory } from "../../stores/app-store.ts";
import { storySteps } from "./story-steps.ts";

const seen = { introSeen: () => true };
const unseen = { introSeen: () => false };
const at = (cpuId: number, action: CpuStory["action"], winner?: CpuStory["winner"]): CpuStory => ({
  story: 1,
  cpuId,
  cpuNumber: null,
  action,
  winner,
});

describe("story steps", () => {
  it("plays the intro comic before a chapter's first opponent until it has been seen", () => {
    expect(storySteps(at(6, "before"), unseen).map((s) => s.kind)).toEqual(["comic"]);
    expect(storySteps(at(6, "before"), seen).map((s) => s.kind)).toEqual(["dialogue"]);
    expect(storySteps(at(5, "before"), unseen).map((s) => s.kind)).toEqual(["dialogue"]);
  });

  it("after a win shows the win lines, and the win comic after the chapter boss", () => {
    expect(storySteps(at(5, "after", "player"), seen).map((s) => s.kind)).toEqual(["dialogue"]);
    const boss = storySteps(at(7, "after", "player"), seen);
    expect(boss.map((s) => s.kind)).toEqual(["dialogue", "comic"]);
    const comic = boss[1];
    expect(comic?.kind === "comic" && comic.comic.first).toBe(5);
  });

  it("after a loss or a draw shows the loss lines", () => {
    const loss = storySteps(at(7, "after", "cpu"), seen)[0];
    const draw = storySteps(at(7, "after", null), seen)[0];
    expect(loss?.kind === "dialogue" && loss.lines[0]?.text).toContain("curl and blacken");
    expect(draw).toEqual(loss);
  });

  it("has nothing for no action or an opponent without a story (the arena bot)", () => {
    expect(storySteps(at(6, null), seen)).toEqual([]);
    expect(storySteps(at(21, "before"), seen)).toEqual([]);
  });
});
