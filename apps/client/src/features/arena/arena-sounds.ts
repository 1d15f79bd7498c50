/**
 * The arena's sounds, synthesized with WebAudio (no file to load): a rising
 * chime for a season level reached, a bright bell pair for a finished daily
 * task, a fanfare for the season finish. Silent where audio is unavailable.
 */
let context: AudioContext | null = null;

function ctx(): AudioContext | null {
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

function notes(
  list: [freq: number, at: number, length: number][],
  type: OscillatorType,
  peak: number,
) {
  const c = ctx();
  if (!c) return;
  try {
    if (c.state === "suspended") void c.resume();
    const t0 = c.currentTime + 0.01;
    for (const [freq, at, length] of list) {
      const osc = c.createOscillator();
      const gain = c.createGain();
      osc.type = type;
      osc.frequency.setValueAtTime(freq, t0 + at);
      gain.gain.setValueAtTime(0.0001, t0 + at);
      gain.gain.exponentialRampToValueAtTime(peak, t0 + at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + length);
      osc.connect(gain).connect(c.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + length + 0.03);
    }
  } catch {
    // A sound is a nicety; never let it break the popup.
  }
}

/** A season level reached (free or paid step). */
export function playSeasonProgress(): void {
  notes(
    [
      [523.25, 0, 0.25],
      [659.25, 0.09, 0.25],
      [783.99, 0.18, 0.3],
      [1046.5, 0.27, 0.5],
    ],
    "triangle",
    0.16,
  );
}

/** A daily task finished. */
export function playDailyComplete(): void {
  notes(
    [
      [880, 0, 0.35],
      [1318.5, 0.12, 0.6],
    ],
    "sine",
    0.18,
  );
}

/** The season finish: the whole vampire set. */
export function playSeasonFinish(): void {
  notes(
    [
      [392, 0, 0.3],
      [523.25, 0.14, 0.3],
      [659.25, 0.28, 0.3],
      [783.99, 0.42, 0.9],
      [1046.5, 0.42, 0.9],
    ],
    "sawtooth",
    0.07,
  );
}
