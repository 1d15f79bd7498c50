/**
 * Our music, as data: ten short looping compositions (3 menu, 5 battle,
 * 2 tutorial) in a dark fantasy mood, played by music-engine.ts with WebAudio
 * oscillators. A bar has 16 steps (sixteenth notes). Patterns are strings of
 * 16 space-separated tokens: "." is a rest, a number is a scale degree (0 is
 * the key's root; 7 is an octave up in a seven-note scale; negative goes down).
 * Bass and arpeggio degrees are relative to the bar's chord root; the lead is
 * absolute. Drum patterns use "x" for a hit and "." for none.
 */
import type { MusicChannel } from "./constants.ts";

export interface Patch {
  wave: OscillatorType;
  /** Octave shift from the key's root (which is a MIDI note number). */
  octave: number;
  /** Seconds. */
  attack: number;
  release: number;
  /** Peak level before the music bus (which is 0.3). */
  gain: number;
  /** Lowpass cutoff in Hz: darker below 1000. */
  cutoff: number;
  /** A second detuned oscillator, in cents (a chorus); 0 or absent for none. */
  detune?: number;
}

export interface Track {
  id: string;
  title: string;
  channel: MusicChannel;
  bpm: number;
  /** MIDI note of the key's root (57 = A3). */
  root: number;
  /** Semitone steps of the scale from the root. */
  scale: readonly number[];
  /** The chord root degree of each bar, looping. */
  progression: readonly number[];
  bass: string;
  arp?: string;
  /** One pattern per bar, looping independently of the progression. */
  lead: readonly string[];
  drums: { kick?: string; snare?: string; hat?: string };
  patches: { pad: Patch; bass: Patch; lead: Patch; arp?: Patch };
}

export const SCALES = {
  minor: [0, 2, 3, 5, 7, 8, 10],
  harmonicMinor: [0, 2, 3, 5, 7, 8, 11],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
} as const;

const PAD_WARM: Patch = {
  wave: "sawtooth",
  octave: 0,
  attack: 0.6,
  release: 1.2,
  gain: 0.06,
  cutoff: 700,
  detune: 9,
};
const PAD_GLASS: Patch = {
  wave: "triangle",
  octave: 1,
  attack: 0.8,
  release: 1.5,
  gain: 0.07,
  cutoff: 2400,
  detune: 6,
};
const PAD_DRONE: Patch = {
  wave: "sawtooth",
  octave: -1,
  attack: 0.3,
  release: 0.8,
  gain: 0.05,
  cutoff: 500,
  detune: 12,
};
const BASS_SOFT: Patch = {
  wave: "triangle",
  octave: -2,
  attack: 0.01,
  release: 0.35,
  gain: 0.22,
  cutoff: 600,
};
const BASS_GRIT: Patch = {
  wave: "sawtooth",
  octave: -2,
  attack: 0.01,
  release: 0.18,
  gain: 0.14,
  cutoff: 420,
};
const LEAD_FLUTE: Patch = {
  wave: "sine",
  octave: 1,
  attack: 0.04,
  release: 0.5,
  gain: 0.12,
  cutoff: 3000,
  detune: 4,
};
const LEAD_HORN: Patch = {
  wave: "square",
  octave: 0,
  attack: 0.03,
  release: 0.25,
  gain: 0.06,
  cutoff: 1500,
};
const LEAD_BELL: Patch = {
  wave: "triangle",
  octave: 1,
  attack: 0.005,
  release: 0.9,
  gain: 0.1,
  cutoff: 5000,
};
const ARP_HARP: Patch = {
  wave: "triangle",
  octave: 1,
  attack: 0.005,
  release: 0.4,
  gain: 0.07,
  cutoff: 3500,
};
const ARP_PLUCK: Patch = {
  wave: "square",
  octave: 0,
  attack: 0.005,
  release: 0.15,
  gain: 0.04,
  cutoff: 1800,
};

const REST_BAR = ". . . . . . . . . . . . . . . .";

export const TRACKS: readonly Track[] = [
  // --- menu: slow, wide, the world map at dusk --------------------------------------
  {
    id: "menu-1",
    title: "Dusk over the Realm",
    channel: "menu",
    bpm: 72,
    root: 57,
    scale: SCALES.minor,
    progression: [0, 5, 2, 6],
    bass: "0 . . . . . . . 0 . . . 4 . . .",
    arp: "0 . 2 . 4 . 7 . 4 . 2 . . . . .",
    lead: [
      "4 . . . 3 . 2 . 1 . . . 0 . . .",
      ". . . . 2 . . . 4 . . . 5 . 4 .",
      "7 . . . 6 . 4 . 5 . . . 4 . . .",
      "2 . . . . . 1 . 0 . . . . . . .",
    ],
    drums: {},
    patches: { pad: PAD_WARM, bass: BASS_SOFT, lead: LEAD_FLUTE, arp: ARP_HARP },
  },
  {
    id: "menu-2",
    title: "The Ruined Chapel",
    channel: "menu",
    bpm: 66,
    root: 50,
    scale: SCALES.dorian,
    progression: [0, 0, 3, 4],
    bass: "0 . . . . . . . . . . . -3 . . .",
    lead: [
      "0 . . . 2 . . . 4 . . . 5 . . .",
      "4 . . . . . . . 2 . . . 1 . . .",
      "0 . . . 2 . . . 3 . . . 5 . 6 .",
      "7 . . . . . . . . . . . . . . .",
    ],
    drums: {},
    patches: { pad: PAD_GLASS, bass: BASS_SOFT, lead: LEAD_BELL },
  },
  {
    id: "menu-3",
    title: "Lantern Road",
    channel: "menu",
    bpm: 84,
    root: 52,
    scale: SCALES.harmonicMinor,
    progression: [0, 3, 4, 0],
    bass: "0 . . . 4 . . . 0 . . . 4 . . .",
    arp: "0 2 4 2 0 2 4 2 0 2 4 2 0 2 4 2",
    lead: [
      "4 . . 3 2 . . . 1 . 2 . 0 . . .",
      REST_BAR,
      "6 . . . 4 . . . 2 . 3 . 4 . . .",
      REST_BAR,
    ],
    drums: { hat: ". . x . . . x . . . x . . . x ." },
    patches: { pad: PAD_WARM, bass: BASS_SOFT, lead: LEAD_FLUTE, arp: ARP_HARP },
  },
  // --- battle: driving, low, percussive ----------------------------------------------
  {
    id: "battle-1",
    title: "Steel at the Gate",
    channel: "battle",
    bpm: 128,
    root: 45,
    scale: SCALES.phrygian,
    progression: [0, 0, 1, 0],
    bass: "0 0 . 0 0 . 0 . 0 0 . 0 1 . 0 .",
    lead: ["7 . . . 8 . 7 . 5 . . . 4 . . .", "3 . 4 . 5 . . . 4 . 3 . 1 . . ."],
    drums: {
      kick: "x . . . x . . . x . . . x . x .",
      snare: ". . . . x . . . . . . . x . . .",
      hat: "x . x . x . x . x . x . x . x x",
    },
    patches: { pad: PAD_DRONE, bass: BASS_GRIT, lead: LEAD_HORN },
  },
  {
    id: "battle-2",
    title: "Blood Moon Charge",
    channel: "battle",
    bpm: 140,
    root: 50,
    scale: SCALES.harmonicMinor,
    progression: [0, 5, 3, 4],
    bass: "0 . 0 . 0 . 0 . 0 . 0 . 4 . 4 .",
    arp: "0 4 7 4 0 4 7 4 0 4 7 4 0 4 7 4",
    lead: [REST_BAR, "4 . . . 6 . . . 7 . . . 6 . 4 ."],
    drums: {
      kick: "x . . x x . . . x . . x x . . .",
      snare: ". . . . x . . . . . . . x . . x",
      hat: ". . x . . . x . . . x . . . x .",
    },
    patches: { pad: PAD_DRONE, bass: BASS_GRIT, lead: LEAD_HORN, arp: ARP_PLUCK },
  },
  {
    id: "battle-3",
    title: "Bone Drums",
    channel: "battle",
    bpm: 112,
    root: 43,
    scale: SCALES.minor,
    progression: [0, 0, 5, 6],
    bass: "0 . . 0 . . 0 . . . 0 . 2 . 1 .",
    lead: [
      "0 . . . . . . . . . . . . . . .",
      "2 . 3 . 4 . . . 3 . 2 . 0 . . .",
      "0 . . . . . . . -1 . . . . . . .",
      "4 . 3 . 2 . 3 . 4 . 5 . 4 . . .",
    ],
    drums: {
      kick: "x . . x . . x . x . . x . . x .",
      snare: ". . . . x . . . . . . . x . . .",
      hat: "x x . x x x . x x x . x x x . x",
    },
    patches: { pad: PAD_WARM, bass: BASS_GRIT, lead: LEAD_FLUTE },
  },
  {
    id: "battle-4",
    title: "The Witch's Duel",
    channel: "battle",
    bpm: 132,
    root: 47,
    scale: SCALES.harmonicMinor,
    progression: [0, 4, 0, 5],
    bass: "0 . 0 0 . 0 0 . 0 . 0 0 . 0 4 .",
    arp: "0 2 4 7 4 2 0 2 4 7 4 2 0 2 4 2",
    lead: ["7 . . 6 . . 4 . . 2 . . 4 . . .", "6 . . 4 . . 3 . . 2 . . 1 . . ."],
    drums: {
      kick: "x . . . x . . . x . . . x . . .",
      snare: ". . . . x . . . . . . . x . x .",
      hat: ". x . x . x . x . x . x . x . x",
    },
    patches: { pad: PAD_GLASS, bass: BASS_GRIT, lead: LEAD_BELL, arp: ARP_PLUCK },
  },
  {
    id: "battle-5",
    title: "Siege of the Tower",
    channel: "battle",
    bpm: 120,
    root: 48,
    scale: SCALES.phrygian,
    progression: [0, 1, 0, 6],
    bass: "0 . 0 . . 0 . 0 0 . 0 . . 0 . .",
    lead: ["0 . . . 1 . . . 3 . . . 1 . . .", "0 . . . . . . . . . . . -1 . . ."],
    drums: {
      kick: "x . . . . . x . x . . . . . x .",
      snare: ". . . . x . . . . . . . x . . .",
      hat: "x . . x . . x . x . . x . . x .",
    },
    patches: { pad: PAD_DRONE, bass: BASS_GRIT, lead: LEAD_HORN },
  },
  // --- tutorial: light, curious, the guide's theme ------------------------------------
  {
    id: "tutorial-1",
    title: "A Guide in the Dark",
    channel: "tutorial",
    bpm: 96,
    root: 57,
    scale: SCALES.dorian,
    progression: [0, 3, 0, 4],
    bass: "0 . . . 4 . . . 0 . . . 4 . . .",
    arp: "0 . 4 . 7 . 4 . 0 . 4 . 7 . 4 .",
    lead: ["4 . 5 . 6 . . . 7 . . . 6 . . .", "4 . . . 2 . . . 3 . . . . . . ."],
    drums: { hat: ". . x . . . x . . . x . . . x ." },
    patches: { pad: PAD_GLASS, bass: BASS_SOFT, lead: LEAD_BELL, arp: ARP_HARP },
  },
  {
    id: "tutorial-2",
    title: "First Lessons",
    channel: "tutorial",
    bpm: 104,
    root: 55,
    scale: SCALES.minor,
    progression: [0, 5, 3, 4],
    bass: "0 . . 0 . . 4 . 0 . . 0 . . 4 .",
    arp: "0 2 4 . 0 2 4 . 0 2 4 . 0 2 4 .",
    lead: [REST_BAR, "2 . 4 . 5 . 4 . 2 . . . 1 . . ."],
    drums: { kick: "x . . . . . . . x . . . . . . .", hat: ". . x . . . x . . . x . . . x ." },
    patches: { pad: PAD_WARM, bass: BASS_SOFT, lead: LEAD_FLUTE, arp: ARP_HARP },
  },
];

/** The tracks of one channel. */
export function tracksOf(channel: MusicChannel): Track[] {
  return TRACKS.filter((t) => t.channel === channel);
}

/** Parses a 16-step pattern: a degree or null per step. */
export function parseSteps(pattern: string): (number | null)[] {
  return pattern
    .trim()
    .split(/\s+/)
    .map((token) => (token === "." ? null : Number(token)));
}

/** Parses a drum row: true where it hits. */
export function parseHits(pattern: string | undefined): boolean[] {
  if (!pattern) return [];
  return pattern
    .trim()
    .split(/\s+/)
    .map((token) => token === "x");
}

/** MIDI note of a scale degree (degrees wrap into octaves). */
export function degreeToMidi(
  track: Pick<Track, "root" | "scale">,
  degree: number,
  octave = 0,
): number {
  const n = track.scale.length;
  const index = ((degree % n) + n) % n;
  const octaves = Math.floor(degree / n) + octave;
  return track.root + (track.scale[index] ?? 0) + 12 * octaves;
}

export function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}
