import { describe, expect, it } from "vitest";
import { CHAPTERS } from "../chapters.ts";
import { comicOf, getChapterStory, numberedSlides, opponentStory, STORIES } from "./index.ts";

const PLAYABLE = CHAPTERS.filter((c) => !c.isPromo);

describe("story scripts", () => {
  it("cover every playable chapter and nothing else", () => {
    expect(STORIES.map((s) => s.icon).sort()).toEqual(PLAYABLE.map((c) => c.icon).sort());
    for (const story of STORIES) {
      expect(story.level).toBe(CHAPTERS.find((c) => c.icon === story.icon)?.level);
    }
  });

  it.each(PLAYABLE.map((c) => [c.name, c] as const))(
    "%s has an intro comic, a win comic and win and loss lines for each opponent",
    (_name, chapter) => {
      const story = getChapterStory(chapter.icon);
      expect(story).toBeDefined();
      if (!story) return;
      expect(story.intro.length).toBeGreaterThanOrEqual(3);
      expect(story.intro.length).toBeLessThanOrEqual(5);
      expect(story.win.length).toBeGreaterThanOrEqual(2);
      expect(story.win.length).toBeLessThanOrEqual(3);
      for (const slide of [...story.intro, ...story.win]) {
        expect(slide.caption.trim().length).toBeGreaterThan(20);
        expect(slide.caption.length).toBeLessThanOrEqual(150);
        expect(slide.scene.description.trim().length).toBeGreaterThan(20);
        for (const f of slide.scene.figures) {
          expect(f.x).toBeGreaterThanOrEqual(0);
          expect(f.x).toBeLessThanOrEqual(1);
        }
      }
      expect(Object.keys(story.opponents).map(Number).sort()).toEqual(
        [...chapter.opponents].sort(),
      );
      for (const id of chapter.opponents) {
        const lines = opponentStory(id);
        expect(lines, `opponent ${id}`).toBeDefined();
        for (const list of [lines?.before, lines?.afterWin, lines?.afterLoss]) {
          expect(list?.length ?? 0).toBeGreaterThan(0);
          for (const line of list ?? []) expect(line.text.trim()).not.toBe("");
        }
      }
    },
  );

  it("numbers a chapter's slides intro first, the win comic continuing", () => {
    const elf = getChapterStory("elf");
    if (!elf) throw new Error("no elf story");
    const slides = numberedSlides(elf);
    expect(slides.map((s) => s.n)).toEqual(slides.map((_, i) => i + 1));
    expect(comicOf(elf, "intro")).toMatchObject({ path: "/comics/elf", first: 1 });
    expect(comicOf(elf, "win").first).toBe(elf.intro.length + 1);
    expect(comicOf(elf, "win").slideNumber).toBe(elf.win.length);
  });
});
