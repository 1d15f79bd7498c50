// @vitest-environment happy-dom
import type { DialogueLine } from "@cardrealm/content";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetAll } from "../../test/fixtures.ts";
import { Dialogue } from "./dialogue.tsx";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  resetAll();
});

const LINE = "Mountains are patient.";
const shown = () => screen.getByTestId("story-dialogue-text").textContent ?? "";

function renderDialogue(lines: DialogueLine[] = [{ speaker: "opponent", text: LINE }]) {
  const onDone = vi.fn();
  const onClose = vi.fn();
  render(
    <Dialogue
      lines={lines}
      opponent={{ id: 5, name: "Earth Elemental" }}
      onDone={onDone}
      onClose={onClose}
    />,
  );
  return { onDone, onClose };
}

describe("story dialogue", () => {
  it("types the text out at 30 ms per character, a few words a step", () => {
    renderDialogue();
    expect(shown()).toBe("");
    // "Mountains" (9 characters) comes whole, when its 9 x 30 ms are up.
    act(() => vi.advanceTimersByTime(30 * 9 - 1));
    expect(shown()).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe(LINE.slice(0, 9));
    act(() => vi.advanceTimersByTime(30 * (LINE.length - 9)));
    expect(shown()).toBe(LINE);
    expect(screen.getByTestId("story-dialogue-speaker").textContent).toBe("Earth Elemental");
  });

  it("finishes typing on a click of the text", () => {
    renderDialogue();
    act(() => vi.advanceTimersByTime(60));
    fireEvent.click(screen.getByTestId("story-dialogue-text"));
    expect(shown()).toBe(LINE);
    expect(screen.getByTestId("story-dialogue-text").dataset.done).toBe("true");
  });

  it("OK first completes a line still typing, then runs the action", () => {
    const { onDone } = renderDialogue();
    fireEvent.click(screen.getByTestId("story-dialogue-ok"));
    expect(shown()).toBe(LINE);
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("story-dialogue-ok"));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("walks through several lines before the action", () => {
    const { onDone } = renderDialogue([
      { speaker: "opponent", text: "Kneel." },
      { speaker: "hero", text: "Never." },
    ]);
    act(() => vi.advanceTimersByTime(30 * 6));
    fireEvent.click(screen.getByTestId("story-dialogue-ok"));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByTestId("story-dialogue-speaker").textContent).toBe("You");
    expect(shown()).toBe("");
    act(() => vi.advanceTimersByTime(30 * 6));
    expect(shown()).toBe("Never.");
    fireEvent.click(screen.getByTestId("story-dialogue-ok"));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("closes on Escape and on Close", () => {
    const { onClose } = renderDialogue();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId("story-dialogue-close"));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
