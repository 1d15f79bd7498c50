import { expect, type Page, test } from "@playwright/test";
import { startFirstBattle } from "./battle-support.ts";
import { expectMap, playAsNewPlayer } from "./support.ts";

/**
 * Music (docs/audio.md): menu music plays on the map, the top-bar switch stops
 * it, and the choice survives a reload. Headless Chromium needs the autoplay
 * policy relaxed, since a reload resumes the session without a gesture.
 */
test.use({
  // A new device: the music's default (on), not the other journeys' stored "off".
  storageState: { cookies: [], origins: [] },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
      "--autoplay-policy=no-user-gesture-required",
    ],
  },
});

interface AudioProbe {
  contexts: number;
  state: string | null;
  oscillators: number;
}

/** Counts the page's AudioContexts and the oscillators they make (the music engine's notes). */
async function probeAudio(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Original = window.AudioContext;
    const probe = { contexts: [] as AudioContext[], oscillators: 0 };
    (window as unknown as { __audioProbe: typeof probe }).__audioProbe = probe;
    window.AudioContext = class extends Original {
      constructor(options?: AudioContextOptions) {
        super(options);
        probe.contexts.push(this);
      }
      override createOscillator(): OscillatorNode {
        probe.oscillators += 1;
        return super.createOscillator();
      }
    };
  });
}

function readProbe(page: Page): Promise<AudioProbe> {
  return page.evaluate(() => {
    const p = (
      window as unknown as { __audioProbe: { contexts: AudioContext[]; oscillators: number } }
    ).__audioProbe;
    return {
      contexts: p.contexts.length,
      state: p.contexts[0]?.state ?? null,
      oscillators: p.oscillators,
    };
  });
}

/** Music is playing: the context runs and new notes keep being scheduled. */
async function expectMusicPlaying(page: Page): Promise<void> {
  await expect.poll(async () => (await readProbe(page)).state, { timeout: 10_000 }).toBe("running");
  const before = (await readProbe(page)).oscillators;
  await expect
    .poll(async () => (await readProbe(page)).oscillators, { timeout: 10_000 })
    .toBeGreaterThan(before + 4);
}

/** No music: over two seconds not one new note is scheduled. */
async function expectSilence(page: Page): Promise<void> {
  const before = (await readProbe(page)).oscillators;
  await page.waitForTimeout(2000);
  expect((await readProbe(page)).oscillators).toBe(before);
}

test("music plays on the map, the top-bar switch stops it, and a reload remembers", async ({
  page,
}) => {
  await probeAudio(page);
  await playAsNewPlayer(page);
  const toggle = page.getByTestId("music-toggle");
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expectMusicPlaying(page);

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  // Let the fade-out and the click sound finish, then nothing more is scheduled.
  await page.waitForTimeout(1000);
  await expectSilence(page);

  await page.reload();
  await expectMap(page);
  await expect(page.getByTestId("music-toggle")).toHaveAttribute("aria-checked", "false");
  expect(await page.evaluate(() => localStorage.getItem("cardrealm.music"))).toBe("off");
  await expectSilence(page);
  // Switched off from the start, the music never even made its context.
  expect((await readProbe(page)).contexts).toBe(0);

  await page.getByTestId("music-toggle").click();
  await expect(page.getByTestId("music-toggle")).toHaveAttribute("aria-checked", "true");
  await expectMusicPlaying(page);
});

test("the sound-effects switch beside it silences the effects, and a reload remembers", async ({
  page,
}) => {
  await probeAudio(page);
  await playAsNewPlayer(page);
  // Music off first, so every new note counted below is a sound effect.
  await page.getByTestId("music-toggle").click();
  await expect(page.getByTestId("music-toggle")).toHaveAttribute("aria-checked", "false");
  const sfx = page.getByTestId("sfx-toggle");
  await expect(sfx).toHaveAttribute("aria-checked", "true");
  await sfx.click();
  await expect(sfx).toHaveAttribute("aria-checked", "false");
  await page.waitForTimeout(1000);
  // A button's click sound (the friends panel) plays no note now.
  const before = (await readProbe(page)).oscillators;
  await page.getByTestId("friends-button").click();
  await page.keyboard.press("Escape");
  await expectSilence(page);
  expect((await readProbe(page)).oscillators).toBe(before);

  await page.reload();
  await expectMap(page);
  await expect(page.getByTestId("sfx-toggle")).toHaveAttribute("aria-checked", "false");
  expect(await page.evaluate(() => localStorage.getItem("cardrealm.sfx"))).toBe("off");
  // Switched on, its own click is heard.
  const quiet = (await readProbe(page)).oscillators;
  await page.getByTestId("sfx-toggle").click();
  await expect(page.getByTestId("sfx-toggle")).toHaveAttribute("aria-checked", "true");
  await expect.poll(async () => (await readProbe(page)).oscillators).toBeGreaterThan(quiet);
});

test("battle music after OK before a battle, the battle-menu switch, menu music after the end", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await playAsNewPlayer(page);
  const music = () => page.locator("html");
  await expect(music()).toHaveAttribute("data-music", "menu");
  await startFirstBattle(page);
  await expect(music()).toHaveAttribute("data-music", "battle");

  await page.getByTestId("battle-menu").click();
  const battleSwitch = page.getByTestId("battle-music");
  await expect(battleSwitch).toHaveAttribute("aria-checked", "true");
  await battleSwitch.click();
  await expect(battleSwitch).toHaveAttribute("aria-checked", "false");
  await expect(music()).toHaveAttribute("data-music", "off");
  await battleSwitch.click();
  await expect(music()).toHaveAttribute("data-music", "battle");

  await page.getByTestId("surrender").click();
  await page.getByTestId("system-dialog-ok").click();
  await expect(page.getByTestId("end-game-panel")).toBeVisible({ timeout: 15_000 });
  await page.getByTestId("end-game-ok").click();
  await expect(music()).toHaveAttribute("data-music", "menu", { timeout: 15_000 });
});
