/**
 * Decides which music channel plays, from the application state (product.md
 * section 3: music {playMusic, playTutorial, playMenu, playBattle}), and drives
 * the music engine. The flows only flip flags (startBattleMusic before a
 * battle, startMenuMusic at its end; entering the game screen by any other
 * way flips them to battle here); the player's switch is playMusic,
 * remembered in localStorage by setMusicOn. The engine and the track data
 * are imported on first need, so nothing of them is in the login bundle.
 */
import { type AppState, appStore } from "../../stores/app-store.ts";
import type { MusicChannel } from "./constants.ts";

export type MusicState = Pick<AppState, "isAuth" | "route" | "music" | "tutorial">;

/**
 * The channel the state asks for: none when signed out or switched off;
 * battle on the game screen; tutorial while the tutorial guides; else menu.
 */
export function desiredChannel(s: MusicState): MusicChannel | null {
  if (!s.isAuth || !s.music.playMusic) return null;
  if (s.route === "game") return s.music.playBattle ? "battle" : null;
  if (s.tutorial.isActive && s.music.playTutorial) return "tutorial";
  return s.music.playMenu ? "menu" : null;
}

/** OK before a battle (and an arena start): tutorial and menu music stop, battle music starts. */
export function startBattleMusic(): void {
  appStore.set((s) => ({
    music: { ...s.music, playTutorial: false, playMenu: false, playBattle: true },
  }));
}

/** The end-of-game button: battle music stops, menu music plays. */
export function startMenuMusic(): void {
  appStore.set((s) => ({ music: { ...s.music, playBattle: false, playMenu: true } }));
}

export interface MusicPlayer {
  play(channel: MusicChannel): void;
  stop(): void;
}

/**
 * Whether the page may make sound yet. Browsers keep an AudioContext made
 * before the player's first touch, click or key suspended (autoplay rules),
 * and making one costs the phone's main thread hundreds of milliseconds while
 * the first screen is still being drawn (bench/web/lighthouse.ts, the
 * resumed map). So the music waits for the page's first gesture, or starts
 * at once when the page already had one (the Play button).
 */
export interface SoundGate {
  open(): boolean;
  /** Runs `then` once, at the page's first gesture; returns a cancel function. */
  onOpen(then: () => void): () => void;
}

const GESTURES = ["pointerdown", "keydown", "touchend"] as const;

export const browserSoundGate: SoundGate = {
  open: () => {
    const activation = (globalThis.navigator as { userActivation?: { hasBeenActive: boolean } })
      ?.userActivation;
    // Without the API, do as before: try at once (the context resumes on the first gesture).
    return activation ? activation.hasBeenActive : true;
  },
  onOpen: (then) => {
    if (typeof window === "undefined") return () => {};
    const once = () => {
      cancel();
      then();
    };
    const cancel = () => {
      for (const e of GESTURES) window.removeEventListener(e, once, true);
    };
    for (const e of GESTURES) window.addEventListener(e, once, true);
    return cancel;
  },
};

async function loadEngine(): Promise<MusicPlayer> {
  const { MusicEngine } = await import("./music-engine.ts");
  return new MusicEngine();
}

/**
 * Follows the app store until the returned function is called (which stops
 * the music). `load` makes the player; tests pass one over a fake context.
 */
export function startMusicDirector(
  load: () => Promise<MusicPlayer> = loadEngine,
  store: Pick<typeof appStore, "get" | "subscribe"> = appStore,
  gate: SoundGate = browserSoundGate,
): () => void {
  let player: MusicPlayer | null = null;
  let cancelWait: (() => void) | null = null;
  let gestured = false;
  let _loading: Promise<void> | null = null;
  let applied: MusicChannel | null = null;
  let stopped = false;
  let lastRoute = store.get().route;

  const apply = () => {
    if (stopped) return;
    const { route, music } = store.get();
    const entered = route === "game" && lastRoute !== "game";
    lastRoute = route;
    // Any way into a battle (story OK, arena match, bot game, resume) starts
    // battle music, as the story flow does explicitly; this re-enters apply.
    if (entered && (!music.playBattle || music.playMenu || music.playTutorial)) {
      startBattleMusic();
      return;
    }
    const wanted = desiredChannel(store.get());
    if (wanted === applied) return;
    if (!player) {
      if (wanted === null) return;
      if (!gestured && !gate.open()) {
        cancelWait ??= gate.onOpen(() => {
          cancelWait = null;
          gestured = true;
          if (!stopped) apply();
        });
        return;
      }
      _loading ??= load().then(
        (made) => {
          player = made;
          if (stopped) made.stop();
          else apply();
        },
        () => {
          // The chunk failed (offline): try again on the next change.
          _loading = null;
        },
      );
      return;
    }
    applied = wanted;
    if (wanted === null) player.stop();
    else player.play(wanted);
    markChannel(wanted);
  };

  const unsubscribe = store.subscribe(apply);
  apply();
  return () => {
    stopped = true;
    cancelWait?.();
    unsubscribe();
    player?.stop();
    applied = null;
    markChannel(null);
  };
}

/**
 * The playing channel as `<html data-music="menu|battle|tutorial|off">`, so a
 * browser test (and a curious developer) can see what plays.
 */
function markChannel(channel: MusicChannel | null): void {
  if (typeof document === "undefined") return;
  document.documentElement.dataset.music = channel ?? "off";
}
