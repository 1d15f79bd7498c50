/**
 * Plays our procedurally defined tracks (tracks.ts) with WebAudio: one music
 * channel at a time, a random track of that channel's pool each time the
 * channel starts, on the music bus (volume 0.3). A look-ahead scheduler puts
 * the next few sixteenth notes on the audio clock every 100 ms, so timing stays
 * tight even when the main thread is busy. Loaded lazily (music-director.ts
 * imports it on first need) so it stays out of the login bundle.
 */
import { musicBus, soundContext } from "./audio-context.ts";
import { MUSIC_FADE_S, type MusicChannel } from "./constants.ts";
import {
  degreeToMidi,
  midiToHz,
  type Patch,
  parseHits,
  parseSteps,
  type Track,
  tracksOf,
} from "./tracks.ts";

const STEPS_PER_BAR = 16;
const LOOKAHEAD_S = 0.3;
const TICK_MS = 100;

export interface MusicEngineOptions {
  /** Chooses a track: a number in [0, 1). */
  random?: () => number;
  context?: () => AudioContext | null;
  bus?: () => GainNode | null;
}

interface Compiled {
  track: Track;
  bass: (number | null)[];
  arp: (number | null)[];
  lead: (number | null)[][];
  kick: boolean[];
  snare: boolean[];
  hat: boolean[];
}

function compile(track: Track): Compiled {
  return {
    track,
    bass: parseSteps(track.bass),
    arp: track.arp ? parseSteps(track.arp) : [],
    lead: track.lead.map(parseSteps),
    kick: parseHits(track.drums.kick),
    snare: parseHits(track.drums.snare),
    hat: parseHits(track.drums.hat),
  };
}

interface Playing {
  channel: MusicChannel;
  compiled: Compiled;
  /** This track's own gain, faded out when it stops. */
  out: GainNode;
  step: number;
  nextTime: number;
  timer: ReturnType<typeof setInterval>;
}

export class MusicEngine {
  private playing: Playing | null = null;
  private noise: AudioBuffer | null = null;
  private readonly random: () => number;
  private readonly context: () => AudioContext | null;
  private readonly bus: () => GainNode | null;

  constructor(options: MusicEngineOptions = {}) {
    this.random = options.random ?? Math.random;
    this.context = options.context ?? soundContext;
    this.bus = options.bus ?? musicBus;
  }

  /** The channel playing now (null when silent). */
  get channel(): MusicChannel | null {
    return this.playing?.channel ?? null;
  }

  /** The track playing now. */
  get track(): Track | null {
    return this.playing?.compiled.track ?? null;
  }

  /** Picks a random track of the channel's pool. */
  pick(channel: MusicChannel): Track | null {
    const pool = tracksOf(channel);
    if (pool.length === 0) return null;
    const index = Math.min(pool.length - 1, Math.floor(this.random() * pool.length));
    return pool[index] ?? null;
  }

  /** Starts the channel (a random track); a channel already playing keeps its track. */
  play(channel: MusicChannel): void {
    if (this.playing?.channel === channel) return;
    this.stop();
    const ctx = this.context();
    const bus = this.bus();
    const track = this.pick(channel);
    if (!ctx || !bus || !track) return;
    try {
      const out = ctx.createGain();
      out.gain.setValueAtTime(0.0001, ctx.currentTime);
      out.gain.exponentialRampToValueAtTime(1, ctx.currentTime + MUSIC_FADE_S);
      out.connect(bus);
      const playing: Playing = {
        channel,
        compiled: compile(track),
        out,
        step: 0,
        nextTime: ctx.currentTime + 0.05,
        timer: setInterval(() => this.schedule(), TICK_MS),
      };
      this.playing = playing;
      this.schedule();
    } catch {
      this.playing = null;
    }
  }

  /** Fades the current channel out and stops scheduling. */
  stop(): void {
    const playing = this.playing;
    if (!playing) return;
    this.playing = null;
    clearInterval(playing.timer);
    const ctx = this.context();
    if (!ctx) return;
    try {
      const now = ctx.currentTime;
      playing.out.gain.cancelScheduledValues(now);
      playing.out.gain.setValueAtTime(playing.out.gain.value || 1, now);
      playing.out.gain.linearRampToValueAtTime(0, now + MUSIC_FADE_S);
      setTimeout(
        () => {
          try {
            playing.out.disconnect();
          } catch {
            // Already gone.
          }
        },
        MUSIC_FADE_S * 1000 + 100,
      );
    } catch {
      // Stopping is best effort.
    }
  }

  /** Puts every step that starts within the look-ahead window on the audio clock. */
  private schedule(): void {
    const playing = this.playing;
    const ctx = this.context();
    if (!playing || !ctx) return;
    const { track } = playing.compiled;
    const stepS = 60 / track.bpm / 4;
    // After a long pause (a background tab) skip ahead instead of a burst of notes.
    if (playing.nextTime < ctx.currentTime - 0.2) playing.nextTime = ctx.currentTime + 0.05;
    try {
      while (playing.nextTime < ctx.currentTime + LOOKAHEAD_S) {
        this.playStep(ctx, playing, playing.step, playing.nextTime, stepS);
        playing.step += 1;
        playing.nextTime += stepS;
      }
    } catch {
      // A node the browser refused: keep the loop alive for the next tick.
    }
  }

  private playStep(ctx: AudioContext, p: Playing, step: number, time: number, stepS: number): void {
    const c = p.compiled;
    const { track } = c;
    const inBar = step % STEPS_PER_BAR;
    const bar = Math.floor(step / STEPS_PER_BAR);
    const chord = track.progression[bar % track.progression.length] ?? 0;
    const barS = stepS * STEPS_PER_BAR;

    if (inBar === 0) {
      for (const offset of [0, 2, 4]) {
        this.note(ctx, p.out, track.patches.pad, degreeToMidi(track, chord + offset), time, barS);
      }
    }
    const bass = c.bass[inBar];
    if (bass != null) {
      this.note(ctx, p.out, track.patches.bass, degreeToMidi(track, chord + bass), time, stepS * 2);
    }
    const arp = c.arp[inBar];
    if (arp != null && track.patches.arp) {
      this.note(ctx, p.out, track.patches.arp, degreeToMidi(track, chord + arp), time, stepS);
    }
    const leadBar = c.lead[bar % Math.max(1, c.lead.length)];
    const lead = leadBar?.[inBar];
    if (lead != null) {
      // A lead note lasts until the next note of its bar (at most a half bar).
      let length = 1;
      while (length < 8 && inBar + length < STEPS_PER_BAR && leadBar?.[inBar + length] == null) {
        length += 1;
      }
      this.note(ctx, p.out, track.patches.lead, degreeToMidi(track, lead), time, stepS * length);
    }
    if (c.kick[inBar]) this.kick(ctx, p.out, time);
    if (c.snare[inBar]) this.hitNoise(ctx, p.out, time, 0.14, 1200, 0.09);
    if (c.hat[inBar]) this.hitNoise(ctx, p.out, time, 0.04, 7000, 0.035);
  }

  private note(
    ctx: AudioContext,
    out: GainNode,
    patch: Patch,
    midi: number,
    time: number,
    length: number,
  ): void {
    const freq = midiToHz(midi + 12 * patch.octave);
    const end = time + Math.max(length, patch.attack + 0.02);
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, time);
    gain.gain.exponentialRampToValueAtTime(patch.gain, time + patch.attack);
    gain.gain.setValueAtTime(patch.gain, end);
    gain.gain.exponentialRampToValueAtTime(0.0001, end + patch.release);
    const filter = ctx.createBiquadFilter();
    filter.type = "lowpass";
    filter.frequency.setValueAtTime(patch.cutoff, time);
    filter.connect(gain).connect(out);
    const detunes = patch.detune ? [-patch.detune, patch.detune] : [0];
    for (const cents of detunes) {
      const osc = ctx.createOscillator();
      osc.type = patch.wave;
      osc.frequency.setValueAtTime(freq, time);
      osc.detune.setValueAtTime(cents, time);
      osc.connect(filter);
      osc.start(time);
      osc.stop(end + patch.release + 0.05);
    }
  }

  private kick(ctx: AudioContext, out: GainNode, time: number): void {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.setValueAtTime(140, time);
    osc.frequency.exponentialRampToValueAtTime(42, time + 0.18);
    gain.gain.setValueAtTime(0.5, time);
    gain.gain.exponentialRampToValueAtTime(0.0001, time + 0.25);
    osc.connect(gain).connect(out);
    osc.start(time);
    osc.stop(time + 0.3);
  }

  private hitNoise(
    ctx: AudioContext,
    out: GainNode,
    time: number,
    peak: number,
    cutoff: number,
    length: number,
  ): void {
    if (!this.noise || this.noise.sampleRate !== ctx.sampleRate) {
      const size = Math.floor(ctx.sampleRate * 0.25);
      const buffer = ctx.createBuffer(1, size, ctx.sampleRate);
      const data = buffer.getChannelData(0);
      let seed = 11;
      for (let i = 0; i < size; i++) {
        seed = (seed * 16807) % 2147483647;
        data[i] = (seed / 2147483647) * 2 - 1;
      }
      this.noise = buffer;
    }
    const src = ctx.createBufferSource();
    src.buffer = this.noise;
    const filter = ctx.createBiquadFilter();
    filter.type = "highpass";
    filter.frequency.setValueAtTime(cutoff, time);
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(peak, time);
    gain.gain.exponentialRampToValueAtTime(0.0001, time + length);
    src.connect(filter).connect(gain).connect(out);
    src.start(time);
    src.stop(time + length + 0.02);
  }
}
