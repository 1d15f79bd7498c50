// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore, initialAppState, setMusicOn, setRoute } from "../../stores/app-store.ts";
import { STORAGE_KEYS } from "../storage.ts";
import { musicBus, setAudioContextFactory } from "./audio-context.ts";
import { MUSIC_VOLUME, TRACKS_PER_CHANNEL } from "./constants.ts";
import { FakeAudioContext, type FakeGain } from "./fake-audio-context.ts";
import {
  browserSoundGate,
  desiredChannel,
  startBattleMusic,
  startMenuMusic,
  startMusicDirector,
} from "./music-director.ts";
import { MusicEngine } from "./music-engine.ts";
import { degreeToMidi, TRACKS, tracksOf } from "./tracks.ts";

let fake: FakeAudioContext;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  fake = new FakeAudioContext();
  setAudioContextFactory(() => fake.asContext());
  appStore.reset(initialAppState());
});

afterEach(() => {
  vi.useRealTimers();
  setAudioContextFactory(null);
  appStore.reset(initialAppState());
});

/** Moves the audio clock and the timers on together. */
function advance(seconds: number): void {
  fake.currentTime += seconds;
  vi.advanceTimersByTime(seconds * 1000);
}

describe("the tracks", () => {
  it("has 3 menu, 5 battle and 2 tutorial tracks, each its own composition", () => {
    expect(tracksOf("menu")).toHaveLength(TRACKS_PER_CHANNEL.menu);
    expect(tracksOf("battle")).toHaveLength(TRACKS_PER_CHANNEL.battle);
    expect(tracksOf("tutorial")).toHaveLength(TRACKS_PER_CHANNEL.tutorial);
    const signatures = TRACKS.map((t) => `${t.bpm}|${t.root}|${t.progression}|${t.lead.join("/")}`);
    expect(new Set(signatures).size).toBe(TRACKS.length);
    expect(new Set(TRACKS.map((t) => t.id)).size).toBe(TRACKS.length);
  });

  it("every pattern has 16 steps", () => {
    for (const t of TRACKS) {
      const rows = [t.bass, t.arp, ...t.lead, t.drums.kick, t.drums.snare, t.drums.hat];
      for (const row of rows) {
        if (row) expect(row.trim().split(/\s+/), `${t.id}: ${row}`).toHaveLength(16);
      }
    }
  });

  it("maps scale degrees into octaves", () => {
    const t = { root: 57, scale: [0, 2, 3, 5, 7, 8, 10] };
    expect(degreeToMidi(t, 0)).toBe(57);
    expect(degreeToMidi(t, 2)).toBe(60);
    expect(degreeToMidi(t, 7)).toBe(69);
    expect(degreeToMidi(t, -1)).toBe(55);
  });
});

describe("the music engine", () => {
  it("plays through the music bus at volume 0.3", () => {
    const bus = musicBus() as unknown as FakeGain;
    expect(bus.gain.value).toBe(MUSIC_VOLUME);
    expect(bus.outputs).toContain(fake.destination);
    const engine = new MusicEngine();
    engine.play("menu");
    expect(fake.oscillators.length).toBeGreaterThan(0);
    engine.stop();
  });

  it("chooses a random track from the channel's own pool", () => {
    for (const channel of ["menu", "battle", "tutorial"] as const) {
      const seen = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const engine = new MusicEngine({ random: () => i / 20 });
        engine.play(channel);
        expect(engine.track?.channel).toBe(channel);
        seen.add(engine.track?.id ?? "");
        engine.stop();
      }
      expect(seen.size).toBe(TRACKS_PER_CHANNEL[channel]);
    }
  });

  it("keeps scheduling notes while playing and none after stop", () => {
    const engine = new MusicEngine({ random: () => 0 });
    engine.play("battle");
    const atStart = fake.oscillators.length;
    advance(2);
    const later = fake.oscillators.length;
    expect(later).toBeGreaterThan(atStart);
    engine.stop();
    expect(engine.channel).toBeNull();
    advance(2);
    expect(fake.oscillators.length).toBe(later);
  });

  it("plays one channel at a time: a new channel fades the old one out", () => {
    const engine = new MusicEngine({ random: () => 0 });
    engine.play("menu");
    const menuOut = fake.gains.find((g) => g.outputs.includes(musicBus() as unknown as FakeGain));
    engine.play("battle");
    expect(engine.channel).toBe("battle");
    expect(menuOut?.gain.events.at(-1)).toMatchObject({ kind: "linear", value: 0 });
    engine.stop();
  });
});

describe("the music director", () => {
  function signIn(): void {
    appStore.set({ isAuth: true, route: "home" });
  }

  async function director(random = () => 0) {
    const engine = new MusicEngine({ random });
    const stop = startMusicDirector(async () => engine);
    await vi.runOnlyPendingTimersAsync();
    await Promise.resolve();
    return { engine, stop };
  }

  it("is silent before sign-in and plays menu music on the map", async () => {
    const { engine, stop } = await director();
    expect(engine.channel).toBeNull();
    signIn();
    // The engine chunk loads on this first need.
    await vi.runOnlyPendingTimersAsync();
    expect(engine.channel).toBe("menu");
    stop();
    expect(engine.channel).toBeNull();
  });

  it("switching music off stops it and is remembered after a reload", async () => {
    signIn();
    const { engine, stop } = await director();
    expect(engine.channel).toBe("menu");
    expect(document.documentElement.dataset.music).toBe("menu");
    setMusicOn(false);
    expect(engine.channel).toBeNull();
    expect(document.documentElement.dataset.music).toBe("off");
    expect(localStorage.getItem(STORAGE_KEYS.music)).toBe("off");
    // A reload reads the switch back.
    expect(initialAppState().music.playMusic).toBe(false);
    expect(desiredChannel({ ...initialAppState(), isAuth: true })).toBeNull();
    setMusicOn(true);
    expect(engine.channel).toBe("menu");
    stop();
  });

  it("OK before a battle stops tutorial and menu music and starts battle music", async () => {
    signIn();
    appStore.set({ tutorial: { isActive: true, step: "BossWindow30" } });
    const { engine, stop } = await director();
    expect(engine.channel).toBe("tutorial");
    startBattleMusic();
    expect(engine.channel).toBeNull();
    expect(appStore.get().music).toMatchObject({ playTutorial: false, playMenu: false });
    setRoute("game");
    expect(engine.channel).toBe("battle");
    expect(tracksOf("battle").map((t) => t.id)).toContain(engine.track?.id);
    stop();
  });

  it("the end-of-game button stops battle music and plays menu music", async () => {
    signIn();
    startBattleMusic();
    setRoute("game");
    const { engine, stop } = await director();
    expect(engine.channel).toBe("battle");
    startMenuMusic();
    expect(engine.channel).toBeNull();
    setRoute("home");
    expect(engine.channel).toBe("menu");
    stop();
  });

  it("does not load the engine until music is wanted", async () => {
    let loads = 0;
    const stop = startMusicDirector(async () => {
      loads += 1;
      return new MusicEngine();
    });
    await Promise.resolve();
    expect(loads).toBe(0);
    signIn();
    await Promise.resolve();
    expect(loads).toBe(1);
    stop();
  });
});

describe("before the page's first gesture", () => {
  it("makes no sound (no engine, no context) until a touch, click or key, then plays", async () => {
    signInForGate();
    let loads = 0;
    const engine = new MusicEngine({ random: () => 0 });
    const stop = startMusicDirector(
      async () => {
        loads += 1;
        return engine;
      },
      appStore,
      { open: () => false, onOpen: browserSoundGate.onOpen },
    );
    await vi.runOnlyPendingTimersAsync();
    expect(loads).toBe(0);
    expect(fake.oscillators.length).toBe(0);

    window.dispatchEvent(new Event("pointerdown"));
    await vi.runOnlyPendingTimersAsync();
    expect(loads).toBe(1);
    expect(engine.channel).toBe("menu");
    stop();
  });

  it("forgets the wait when the shell goes before any gesture", async () => {
    signInForGate();
    let loads = 0;
    const stop = startMusicDirector(
      async () => {
        loads += 1;
        return new MusicEngine();
      },
      appStore,
      { open: () => false, onOpen: browserSoundGate.onOpen },
    );
    stop();
    window.dispatchEvent(new Event("keydown"));
    await vi.runOnlyPendingTimersAsync();
    expect(loads).toBe(0);
  });
});

function signInForGate(): void {
  appStore.set({ isAuth: true, route: "home" });
}

describe("entering a battle by any way", () => {
  it("an arena match (route to game without the story flow) plays battle music, then menu after", async () => {
    appStore.set({ isAuth: true, route: "arena" });
    const engine = new MusicEngine({ random: () => 0.5 });
    const stop = startMusicDirector(async () => engine);
    await vi.runOnlyPendingTimersAsync();
    expect(engine.channel).toBe("menu");
    // A previous battle's end left playBattle false.
    startMenuMusic();
    setRoute("game");
    expect(engine.channel).toBe("battle");
    expect(appStore.get().music).toMatchObject({ playBattle: true, playMenu: false });
    startMenuMusic();
    setRoute("arena");
    expect(engine.channel).toBe("menu");
    stop();
  });
});
