/**
 * What a domain service answers: its result, or a refusal saying why not in
 * the domain's words. Services know nothing of HTTP; the routes turn a
 * refusal into a status and an error code (http/refusal-to-http.ts).
 */
export type RefusalKind =
  /** The player of the token no longer exists. */
  | "unknown_player"
  /** The card, box or whatever was named does not exist. */
  | "not_found"
  /** The input is well formed but makes no sense (a bad deck code, a level not reached). */
  | "invalid"
  /** The player may not do this (a paid track without the pass). */
  | "forbidden"
  /** The state does not allow it, or changed meanwhile (a race's loser). */
  | "conflict"
  /** The balance does not cover the price. */
  | "not_enough_gems"
  /** The active deck holds fewer cards than a battle needs. */
  | "deck_too_small"
  /** A finished battle that no longer replays (another engine or catalogue version). */
  | "replay_unavailable"
  /** Too soon after the same call (an emote within its gap). */
  | "rate_limited";

export interface Refusal {
  kind: RefusalKind;
  /** For the player, in the words the client shows. */
  message: string;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/**
 * Thrown inside a service (often inside a transaction, so the work rolls
 * back) and caught at the service's edge by `outcomeOf`; it never leaves it.
 */
export class Refused extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
  }
}

/** Runs a service's work; a `Refused` becomes the refusal, anything else stays an error. */
export async function outcomeOf<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    if (err instanceof Refused)
      return { ok: false, refusal: { kind: err.kind, message: err.message } };
    throw err;
  }
}
