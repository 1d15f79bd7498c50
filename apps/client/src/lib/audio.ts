/**
 * Short synthesized UI sounds (WebAudio): no file to load, so the click is
 * instant even before any art or audio has arrived.
 */
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
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

function tone(frequency: number, durationS: number, type: OscillatorType, peak: number): void {
  const ctx = audioContext();
  if (!ctx) return;
  try {
    if (ctx.state === "suspended") void ctx.resume();
    const now = ctx.currentTime;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(frequency, now);
    osc.frequency.exponentialRampToValueAtTime(frequency * 0.6, now + durationS);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(peak, now + 0.008);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + durationS);
    osc.connect(gain).connect(ctx.destination);
    osc.start(now);
    osc.stop(now + durationS + 0.02);
  } catch {
    // Audio is a nicety; never let it break a click.
  }
}

/** A short bright click (buttons). */
export function playClick(): void {
  tone(1320, 0.07, "triangle", 0.18);
}

/** A soft low chime (opening a chapter on the map). */
export function playChime(): void {
  tone(660, 0.22, "sine", 0.15);
}
