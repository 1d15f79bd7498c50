/**
 * The one AudioContext of the game, made on first need (a sound or a track),
 * with two buses: music (volume 0.3, product.md section 9) and general (the
 * sound effects). Browsers start a context "suspended" until the player
 * touches the page, so the first gesture resumes it.
 */
import { readStorage, STORAGE_KEYS } from "../storage.ts";
import { MUSIC_VOLUME } from "./constants.ts";

export type AudioContextFactory = () => AudioContext | null;

function browserContext(): AudioContext | null {
  const Ctor =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    return new Ctor();
  } catch {
    return null;
  }
}

interface Graph {
  context: AudioContext;
  music: GainNode;
  general: GainNode;
}

let factory: AudioContextFactory = browserContext;
/** The sound-effects switch (top bar), remembered on this device. */
let effectsOn = readStorage(STORAGE_KEYS.soundEffects) !== "off";
let graph: Graph | null = null;
let failed = false;
let gestureHooked = false;

/** Tests: use a fake context (and forget the current one). */
export function setAudioContextFactory(next: AudioContextFactory | null): void {
  factory = next ?? browserContext;
  graph = null;
  failed = false;
}

function build(): Graph | null {
  if (graph) return graph;
  if (failed) return null;
  const context = factory();
  if (!context) {
    failed = true;
    return null;
  }
  try {
    const music = context.createGain();
    music.gain.value = MUSIC_VOLUME;
    music.connect(context.destination);
    const general = context.createGain();
    general.gain.value = effectsOn ? 1 : 0;
    general.connect(context.destination);
    graph = { context, music, general };
  } catch {
    failed = true;
    return null;
  }
  hookFirstGesture();
  return graph;
}

/** Resume a suspended context on the first touch, click or key (autoplay rules). */
function hookFirstGesture(): void {
  if (gestureHooked || typeof window === "undefined") return;
  gestureHooked = true;
  const events = ["pointerdown", "touchend", "keydown"] as const;
  const onGesture = () => {
    const ctx = graph?.context;
    if (ctx && ctx.state === "suspended") {
      void ctx.resume().catch(() => {});
    }
    if (ctx?.state !== "suspended") {
      for (const e of events) window.removeEventListener(e, onGesture, true);
      gestureHooked = false;
    }
  };
  for (const e of events) window.addEventListener(e, onGesture, true);
}

/** The shared context, resumed if the browser allows it; null without WebAudio. */
export function soundContext(): AudioContext | null {
  const g = build();
  if (!g) return null;
  if (g.context.state === "suspended") {
    try {
      void g.context.resume().catch(() => {});
    } catch {
      // Resuming needs a gesture on some browsers; the first one will do it.
    }
  }
  return g.context;
}

/** The music bus (gain 0.3 into the speakers). */
export function musicBus(): GainNode | null {
  return build()?.music ?? null;
}

/** Whether sound effects play (the top bar's switch). */
export function effectsEnabled(): boolean {
  return effectsOn;
}

/**
 * Switches the sound effects: off silences the general bus at once (an effect
 * still ringing stops too) and playParts() makes no new one.
 */
export function setEffectsEnabled(on: boolean): void {
  effectsOn = on;
  const bus = graph?.general;
  if (!bus) return;
  try {
    bus.gain.cancelScheduledValues(0);
    bus.gain.value = on ? 1 : 0;
  } catch {
    // Sound is a nicety.
  }
}

/** The general bus: every sound effect goes through it. */
export function generalBus(): GainNode | null {
  return build()?.general ?? null;
}
