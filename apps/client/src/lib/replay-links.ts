/**
 * Replay links (docs/replays.md): ?replay=<share id> opens the replay viewer
 * on a shared battle once signed in. The login screen reads it as well as
 * the replay feature, so it lives here.
 */

/** The replay link a player shares: this page with ?replay=<share id>. */
export function replayLink(origin: string, shareId: string): string {
  return `${origin}/?replay=${encodeURIComponent(shareId)}`;
}

/** The query parameter of a replay link. */
export const REPLAY_PARAM = "replay";

export function replayShareIn(search: string): string | null {
  const id = new URLSearchParams(search).get(REPLAY_PARAM)?.trim();
  return id ? id : null;
}
