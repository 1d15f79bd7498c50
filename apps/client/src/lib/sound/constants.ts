/** Sound constants of product.md section 9. */

/** Music plays at volume 0.3. */
export const MUSIC_VOLUME = 0.3;

/** Channels: one music channel plays at a time; "general" carries the sound effects. */
export const MUSIC_CHANNELS = ["menu", "battle", "tutorial"] as const;
export type MusicChannel = (typeof MUSIC_CHANNELS)[number];
export type SoundChannel = MusicChannel | "general";

/** How many tracks each music channel picks from at random. */
export const TRACKS_PER_CHANNEL: Record<MusicChannel, number> = { menu: 3, battle: 5, tutorial: 2 };

/** Seconds a channel fades out when it stops or another takes over. */
export const MUSIC_FADE_S = 0.6;
