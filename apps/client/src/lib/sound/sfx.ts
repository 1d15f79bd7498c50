/**
 * The game's sound effects (product.md section 9), synthesised with WebAudio
 * on the general bus: nothing to download, so a sound is instant even before
 * any art has arrived. Silent where audio is unavailable (tests, old webviews);
 * a sound never throws into the click or battle step that asked for it.
 */
import type { Faction } from "@cardrealm/engine";
import { effectsEnabled, generalBus, soundContext } from "./audio-context.ts";

export interface SfxNote {
  freq: number;
  /** Seconds after now. */
  at?: number;
  dur: number;
  type?: OscillatorType;
  peak?: number;
  /** Frequency at the end (a sweep). */
  to?: number;
}

/** A burst of filtered noise (hits, sparkles). */
export interface SfxNoise {
  noise: true;
  at?: number;
  dur: number;
  peak?: number;
  /** Highpass cutoff in Hz. */
  cutoff?: number;
}

export type SfxPart = SfxNote | SfxNoise;

function isNoise(part: SfxPart): part is SfxNoise {
  return "noise" in part;
}

let noiseBuffer: AudioBuffer | null = null;

function noise(ctx: AudioContext): AudioBuffer {
  if (noiseBuffer && noiseBuffer.sampleRate === ctx.sampleRate) return noiseBuffer;
  const length = Math.floor(ctx.sampleRate * 0.5);
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  let seed = 7;
  for (let i = 0; i < length; i++) {
    seed = (seed * 16807) % 2147483647;
    data[i] = (seed / 2147483647) * 2 - 1;
  }
  noiseBuffer = buffer;
  return buffer;
}

/** Plays the parts now on the general bus. */
export function playParts(parts: readonly SfxPart[]): void {
  if (!effectsEnabled()) return;
  const ctx = soundContext();
  const bus = generalBus();
  if (!ctx || !bus) return;
  try {
    const now = ctx.currentTime;
    for (const part of parts) {
      const start = now + (part.at ?? 0);
      const gain = ctx.createGain();
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(part.peak ?? 0.14, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + part.dur);
      gain.connect(bus);
      if (isNoise(part)) {
        const src = ctx.createBufferSource();
        src.buffer = noise(ctx);
        const filter = ctx.createBiquadFilter();
        filter.type = "highpass";
        filter.frequency.setValueAtTime(part.cutoff ?? 2000, start);
        src.connect(filter).connect(gain);
        src.start(start);
        src.stop(start + part.dur + 0.03);
      } else {
        const osc = ctx.createOscillator();
        osc.type = part.type ?? "triangle";
        osc.frequency.setValueAtTime(part.freq, start);
        if (part.to) osc.frequency.exponentialRampToValueAtTime(part.to, start + part.dur);
        osc.connect(gain);
        osc.start(start);
        osc.stop(start + part.dur + 0.03);
      }
    }
  } catch {
    // Sound is a nicety; never let it break the game.
  }
}

// --- attack by attack value --------------------------------------------------

export type AttackTier = "very-low" | "low" | "medium";

/** product.md section 9: attack 1 is very low, 2 to 3 low, above 3 medium. */
export function attackTier(attack: number): AttackTier {
  if (attack <= 1) return "very-low";
  if (attack <= 3) return "low";
  return "medium";
}

/** The base pitch of each attack tier (Hz). */
export const ATTACK_PITCH: Record<AttackTier, number> = { "very-low": 82, low: 130, medium: 196 };

export function attackParts(attack: number): SfxPart[] {
  const freq = ATTACK_PITCH[attackTier(attack)];
  return [
    { freq, to: freq * 0.5, dur: 0.24, type: "sawtooth", peak: 0.12 },
    { noise: true, dur: 0.12, peak: 0.06, cutoff: 900 + freq * 4 },
  ];
}

// --- card characters -------------------------------------------------------------

interface Voice {
  /** Formant-ish pair: the blip glides from `from` to `to`. */
  from: number;
  to: number;
  type: OscillatorType;
}

/**
 * A short voice blip per faction: the card "speaks" when it enters. A record
 * over the engine's factions, so a new one does not compile without a voice.
 */
export const FACTION_VOICES: Record<Faction, Voice> = {
  elf: { from: 880, to: 1175, type: "sine" },
  undead: { from: 220, to: 147, type: "sawtooth" },
  thief: { from: 587, to: 740, type: "square" },
  heretic: { from: 330, to: 494, type: "triangle" },
  tower: { from: 262, to: 262, type: "square" },
  demon: { from: 175, to: 117, type: "sawtooth" },
  troll: { from: 147, to: 196, type: "triangle" },
  vampire: { from: 466, to: 311, type: "sine" },
  neutral: { from: 523, to: 659, type: "triangle" },
};

export function cardVoiceParts(faction: string | undefined, kind: "unit" | "spell"): SfxPart[] {
  const byName: Readonly<Record<string, Voice | undefined>> = FACTION_VOICES;
  const voice = byName[faction ?? "neutral"] ?? FACTION_VOICES.neutral;
  const parts: SfxPart[] = [
    { freq: voice.from, to: voice.to, dur: 0.12, type: voice.type, peak: 0.08 },
    { freq: voice.to, to: voice.from, dur: 0.1, at: 0.09, type: voice.type, peak: 0.06 },
  ];
  // A spell card adds a shimmer over the voice.
  if (kind === "spell") parts.push({ noise: true, dur: 0.25, at: 0.05, peak: 0.03, cutoff: 6000 });
  return parts;
}

// --- the set ---------------------------------------------------------------------

/** Every sound effect of the game, by name (docs/audio.md lists where each plays). */
export const sfx = {
  click(): void {
    playParts([{ freq: 1320, to: 790, dur: 0.07, type: "triangle", peak: 0.18 }]);
  },
  chime(): void {
    playParts([{ freq: 660, to: 396, dur: 0.22, type: "sine", peak: 0.15 }]);
  },
  /** A unit attack: pitch by attack value. */
  attack(attack: number): void {
    playParts(attackParts(attack));
  },
  /** A blow landing (unit or castle hit). */
  hit(): void {
    playParts([{ freq: 320, to: 90, dur: 0.16, type: "square", peak: 0.06 }]);
  },
  /** A card character entering the table (voice by faction). */
  cardVoice(faction?: string, kind: "unit" | "spell" = "unit"): void {
    playParts(cardVoiceParts(faction, kind));
  },
  spell(): void {
    playParts([
      { freq: 660, to: 990, dur: 0.3, type: "sine", peak: 0.1 },
      { freq: 990, to: 1320, dur: 0.25, at: 0.08, type: "sine", peak: 0.06 },
      { noise: true, dur: 0.35, at: 0.05, peak: 0.025, cutoff: 5000 },
    ]);
  },
  endTurn(): void {
    playParts([
      { freq: 392, dur: 0.16, type: "triangle", peak: 0.12 },
      { freq: 294, dur: 0.22, at: 0.1, type: "triangle", peak: 0.1 },
    ]);
  },
  turnStart(): void {
    playParts([
      { freq: 523, dur: 0.16, type: "triangle" },
      { freq: 784, dur: 0.28, at: 0.12, type: "triangle" },
    ]);
  },
  lowTime(): void {
    playParts([{ freq: 1046, dur: 0.08, type: "square", peak: 0.05 }]);
  },
  unitDead(): void {
    playParts([
      { freq: 240, to: 60, dur: 0.35, type: "sawtooth", peak: 0.08 },
      { noise: true, dur: 0.2, peak: 0.05, cutoff: 400 },
    ]);
  },
  win(): void {
    playParts([
      { freq: 523, dur: 0.2 },
      { freq: 659, dur: 0.2, at: 0.15 },
      { freq: 784, dur: 0.45, at: 0.3 },
      { freq: 1046, dur: 0.6, at: 0.45, type: "sine", peak: 0.08 },
    ]);
  },
  lose(): void {
    playParts([
      { freq: 392, dur: 0.3 },
      { freq: 311, dur: 0.5, at: 0.25 },
      { freq: 233, dur: 0.8, at: 0.55, type: "sawtooth", peak: 0.05 },
    ]);
  },
  /** A card box opening: a rising sweep, then sparkles. */
  boosterOpen(): void {
    playParts([
      { freq: 196, to: 784, dur: 0.6, type: "sawtooth", peak: 0.05 },
      { noise: true, dur: 0.5, at: 0.45, peak: 0.05, cutoff: 7000 },
      { freq: 1568, dur: 0.18, at: 0.6, type: "sine", peak: 0.08 },
      { freq: 2093, dur: 0.3, at: 0.72, type: "sine", peak: 0.07 },
      { freq: 2637, dur: 0.45, at: 0.84, type: "sine", peak: 0.06 },
    ]);
  },
  /** An emote's bubble appears (issue 24): a short friendly chirp. */
  emote(): void {
    playParts([
      { freq: 740, to: 988, dur: 0.09, type: "sine", peak: 0.12 },
      { freq: 1175, dur: 0.14, at: 0.08, type: "triangle", peak: 0.08 },
    ]);
  },
  /** A finished daily task. */
  dailyReward(): void {
    playParts([
      { freq: 880, dur: 0.35, type: "sine", peak: 0.18 },
      { freq: 1318.5, dur: 0.6, at: 0.12, type: "sine", peak: 0.18 },
    ]);
  },
  /** A season level reached. */
  seasonProgress(): void {
    playParts(
      [523.25, 659.25, 783.99, 1046.5].map((freq, i) => ({
        freq,
        at: i * 0.09,
        dur: i === 3 ? 0.5 : 0.25,
        type: "triangle" as const,
        peak: 0.16,
      })),
    );
  },
  /** The season finish: the whole vampire set. */
  seasonFinish(): void {
    playParts([
      { freq: 392, dur: 0.3, type: "sawtooth", peak: 0.07 },
      { freq: 523.25, at: 0.14, dur: 0.3, type: "sawtooth", peak: 0.07 },
      { freq: 659.25, at: 0.28, dur: 0.3, type: "sawtooth", peak: 0.07 },
      { freq: 783.99, at: 0.42, dur: 0.9, type: "sawtooth", peak: 0.07 },
      { freq: 1046.5, at: 0.42, dur: 0.9, type: "sawtooth", peak: 0.07 },
    ]);
  },
};

export type SfxName = keyof typeof sfx;
