// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { playClick } from "../../lib/audio.ts";
import { setAudioContextFactory } from "../../lib/sound/audio-context.ts";
import { FakeAudioContext } from "../../lib/sound/fake-audio-context.ts";
import { appStore, setSoundEffectsOn } from "../../stores/app-store.ts";
import { makeUser, resetAll } from "../../test/fixtures.ts";
import { TopBar } from "./top-bar.tsx";

let fake: FakeAudioContext;

beforeEach(() => {
  fake = new FakeAudioContext();
  setAudioContextFactory(() => fake.asContext());
});

afterEach(() => {
  setSoundEffectsOn(true);
  setAudioContextFactory(null);
  localStorage.clear();
  resetAll();
});

function renderBar() {
  act(() => appStore.set({ isAuth: true, user: makeUser({}) }));
  render(<TopBar onFriends={() => {}} />);
  return screen.getByTestId("sfx-toggle");
}

/** The sounds started so far (each effect is oscillators or a noise burst). */
const sounds = () => fake.oscillators.length + fake.noises.length;

describe("the sound-effects switch (issue 26)", () => {
  it("sits beside the music switch, on at first", () => {
    const toggle = renderBar();
    expect(toggle.getAttribute("role")).toBe("switch");
    expect(toggle.getAttribute("aria-label")).toBe("Sound effects");
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(toggle.previousElementSibling).toBe(screen.getByTestId("music-toggle"));
  });

  it("switched off: no effect plays, one still ringing is silenced, and it is remembered", () => {
    const toggle = renderBar();
    playClick();
    const general = fake.gains[1];
    expect(general?.gain.value).toBe(1);
    const before = sounds();
    expect(before).toBeGreaterThan(0);

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(general?.gain.value).toBe(0);
    expect(localStorage.getItem("cardrealm.sfx")).toBe("off");
    playClick();
    expect(sounds()).toBe(before);
    // The music switch is another thing: music stays on.
    expect(appStore.get().music.playMusic).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(general?.gain.value).toBe(1);
    expect(localStorage.getItem("cardrealm.sfx")).toBe("on");
    expect(sounds()).toBeGreaterThan(before);
  });
});

describe("the friends button", () => {
  it("draws its icon (no emoji, which needs a font headless Chromium lacks) and reads Friends", () => {
    renderBar();
    const button = screen.getByTestId("friends-button");
    expect(button.getAttribute("aria-label")).toBe("Friends");
    expect(button.querySelector("svg[aria-hidden=true]")).not.toBeNull();
    // Its only text is the label: no emoji (or any other glyph) beside it.
    expect(button.textContent).toBe("Friends");
  });
});
