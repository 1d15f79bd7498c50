/**
 * Battle sound effects (product.md section 9), synthesized with WebAudio so
 * nothing has to load: attacks by strength, the end turn, a turn start, the
 * low-time signal, a unit's death, victory and defeat. Silent where audio is
 * unavailable (tests, old webviews).
 */
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    context = null;
  }
  return context;
}

interface Note {
  freq: number;
  at?: number;
  dur: number;
  type?: OscillatorType;
  peak?: number;
  /** Frequency at the end (a sweep). */
  to?: number;
}

function play(notes: readonly Note[]): void {
  const ctx = audio();
  if (!ctx) return;
  try {
    if (ctx.state === "suspended") void ctx.resume();
    const now = ctx.currentTime;
    for (const n of notes) {
      const start = now + (n.at ?? 0);
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = n.type ?? "triangle";
      osc.frequency.setValueAtTime(n.freq, start);
      if (n.to) osc.frequency.exponentialRampToValueAtTime(n.to, start + n.dur);
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(n.peak ?? 0.14, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + n.dur);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + n.dur + 0.03);
    }
  } catch {
    // Sound is a nicety; never let it break the battle.
  }
}

export const sounds = {
  /** Attack sound by attack value: 1 very low, 2-3 low, above 3 medium. */
  attack(attack: number): void {
    const freq = attack <= 1 ? 110 : attack <= 3 ? 150 : 210;
    play([{ freq, to: freq * 0.5, dur: 0.22, type: "sawtooth", peak: 0.12 }]);
  },
  hit(): void {
    play([{ freq: 320, to: 90, dur: 0.16, type: "square", peak: 0.06 }]);
  },
  card(): void {
    play([{ freq: 520, to: 780, dur: 0.14, type: "sine", peak: 0.1 }]);
  },
  spell(): void {
    play([
      { freq: 660, to: 990, dur: 0.3, type: "sine", peak: 0.1 },
      { freq: 990, to: 1320, dur: 0.25, at: 0.08, type: "sine", peak: 0.06 },
    ]);
  },
  endTurn(): void {
    play([{ freq: 392, dur: 0.18, type: "triangle", peak: 0.12 }]);
  },
  turnStart(): void {
    play([
      { freq: 523, dur: 0.16, type: "triangle" },
      { freq: 784, dur: 0.28, at: 0.12, type: "triangle" },
    ]);
  },
  lowTime(): void {
    play([{ freq: 1046, dur: 0.08, type: "square", peak: 0.05 }]);
  },
  unitDead(): void {
    play([{ freq: 240, to: 60, dur: 0.35, type: "sawtooth", peak: 0.08 }]);
  },
  win(): void {
    play([
      { freq: 523, dur: 0.2 },
      { freq: 659, dur: 0.2, at: 0.15 },
      { freq: 784, dur: 0.45, at: 0.3 },
    ]);
  },
  lose(): void {
    play([
      { freq: 392, dur: 0.3 },
      { freq: 311, dur: 0.5, at: 0.25 },
    ]);
  },
};
