/**
 * Where the channel's `spectate` messages go (issue 24 item 4). The watch
 * screen's player (watch-player.ts, loaded with the battle screen) installs
 * the handler; this stays tiny so the channel's router in the main chunk
 * does not pull the battle code (or zod) in with it.
 */
type Handler = (data: Record<string, unknown>) => void;

let handler: Handler | null = null;

export function setSpectateHandler(next: Handler | null): void {
  handler = next;
}

/** The channel's spectate message (data part); whether it was one. */
export function deliverSpectateData(data: Record<string, unknown>): boolean {
  if (data.type !== "spectate") return false;
  handler?.(data);
  return true;
}
