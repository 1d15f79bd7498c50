// @vitest-environment happy-dom
import { comicOf, getChapterStory } from "@cardrealm/content";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetAll } from "../../test/fixtures.ts";
import { Comic, slideUrl } from "./comic.tsx";

afterEach(resetAll);

const story = getChapterStory("elf");
if (!story) throw new Error("no elf story");
const intro = comicOf(story, "intro");
const win = comicOf(story, "win");

function renderComic(comic = intro) {
  const onDone = vi.fn();
  const onSkip = vi.fn();
  render(
    <Comic comic={comic} title="Elven Wisdom" okHint="To battle" onDone={onDone} onSkip={onSkip} />,
  );
  return { onDone, onSkip };
}

const slide = () => screen.getByTestId("story-comic-slide");
const counter = () => screen.getByTestId("story-comic-counter").textContent;

describe("comic", () => {
  it("names slides by number under the chapter's folder", () => {
    expect(slideUrl(intro, 0)).toBe("/comics/elf/1.svg");
    expect(slideUrl(win, 0)).toBe(`/comics/elf/${story.intro.length + 1}.svg`);
    expect(slideUrl(intro, 1, "png")).toBe("/comics/elf/2.png");
  });

  it("moves with next and previous and counts the slides", () => {
    renderComic();
    expect(counter()).toBe(`Slide 1 / ${intro.slideNumber}`);
    expect(slide().getAttribute("src")).toBe("/comics/elf/1.svg");
    expect(slide().getAttribute("alt")).toBe(story.intro[0]?.caption);
    expect((screen.getByTestId("story-comic-prev") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId("story-comic-next"));
    expect(counter()).toBe(`Slide 2 / ${intro.slideNumber}`);
    expect(slide().getAttribute("src")).toBe("/comics/elf/2.svg");
    fireEvent.click(screen.getByTestId("story-comic-prev"));
    expect(counter()).toBe(`Slide 1 / ${intro.slideNumber}`);
    fireEvent.keyDown(document, { key: "ArrowRight" });
    expect(slide().dataset.slide).toBe("2");
    fireEvent.keyDown(document, { key: "ArrowLeft" });
    expect(slide().dataset.slide).toBe("1");
  });

  it("offers OK only on the last slide, and OK runs the action", () => {
    const { onDone } = renderComic();
    expect(screen.queryByTestId("story-comic-ok")).toBeNull();
    for (let k = 1; k < intro.slideNumber; k++)
      fireEvent.click(screen.getByTestId("story-comic-next"));
    expect(screen.queryByTestId("story-comic-next")).toBeNull();
    expect(screen.getByText("To battle")).toBeTruthy();
    fireEvent.click(screen.getByTestId("story-comic-ok"));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("skips with Skip and with Escape", () => {
    const { onSkip, onDone } = renderComic(win);
    fireEvent.click(screen.getByTestId("story-comic-skip"));
    expect(onSkip).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onSkip).toHaveBeenCalledTimes(2);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("falls back to the caption when a slide image is missing", () => {
    renderComic();
    fireEvent.error(slide());
    expect(slide().textContent).toBe(story.intro[0]?.caption);
  });
});
