/**
 * Where the channel's PvP game messages meet the battle screen
 * (docs/realtime.md): `state` lists of the opponent's moves and the timers,
 * `opponent_drop` / `opponent_back` (the 60 s reconnection countdown) and
 * `cancel_warning`. The battle controller installs the handler while it
 * shows a game; states arriving before that (between start_game and the
 * battle's first snapshot) wait here and are offered again when it starts.
 * The PvP status (the opponent away, our own channel down) is a small store
 * the battle's PvP banner reads.
 */
import type { StateMessage } from "@cardrealm/engine";
import { createStore, useStore } from "../../stores/create-store.ts";

export interface PvpStateData {
  type: "state" | "start_game";
  game_id: string;
  /** The closing snapshot's game_data.version: apply only if newer. */
  seq: number;
  resume?: boolean;
  messages: StateMessage[];
  turn_deadline?: number;
}

export interface PvpGameHandler {
  /** A state list for this game; answers false when no game of that id is shown. */
  state(data: PvpStateData): boolean;
  /** The server ended our turn on its timer: resync with /cancel-warning. */
  cancelWarning(gameId: string): void;
}

export interface PvpStatus {
  /** The game the status is about. */
  gameId: string | null;
  /** The opponent dropped: they lose if not back by then (ms since the epoch). */
  opponentAwayUntil: number | null;
  /** Our own channel is down while a game is on. */
  channelDown: boolean;
  /**
   * How many more of our turns may time out in a row before we forfeit
   * (game_data.idle_left); null until the server says.
   */
  idleLeft: number | null;
}

export const pvpStatusStore = createStore<PvpStatus>({
  gameId: null,
  opponentAwayUntil: null,
  channelDown: false,
  idleLeft: null,
});

export function usePvpStatus<T>(select: (s: PvpStatus) => T): T {
  return useStore(pvpStatusStore, select);
}

const BUFFER_LIMIT = 16;
let handler: PvpGameHandler | null = null;
const buffered: PvpStateData[] = [];

export function setPvpGameHandler(next: PvpGameHandler | null): void {
  handler = next;
}

/** States that came before the battle showed its game: hands them over (and forgets them). */
export function takeBufferedStates(gameId: string): PvpStateData[] {
  const mine = buffered.filter((s) => s.game_id === gameId);
  buffered.length = 0;
  return mine.sort((a, b) => a.seq - b.seq);
}

function isStateData(
  data: Record<string, unknown>,
): data is PvpStateData & Record<string, unknown> {
  return (
    (data.type === "state" || data.type === "start_game") &&
    typeof data.game_id === "string" &&
    typeof data.seq === "number" &&
    Array.isArray(data.messages)
  );
}

/** A game message from the channel (data part). Returns whether it was one. */
export function deliverGameData(data: Record<string, unknown>): boolean {
  switch (data.type) {
    case "start_game":
    case "state": {
      if (!isStateData(data)) return false;
      if (data.type === "state" && handler?.state(data)) return true;
      buffered.push(data);
      if (buffered.length > BUFFER_LIMIT) buffered.shift();
      return data.type === "state";
    }
    case "opponent_drop":
      if (typeof data.game_id !== "string" || typeof data.reconnect_until !== "number")
        return false;
      pvpStatusStore.set({ gameId: data.game_id, opponentAwayUntil: data.reconnect_until });
      return true;
    case "opponent_back":
      if (typeof data.game_id !== "string") return false;
      pvpStatusStore.set({ gameId: data.game_id, opponentAwayUntil: null });
      return true;
    case "cancel_warning":
      if (typeof data.game_id !== "string") return false;
      handler?.cancelWarning(data.game_id);
      return true;
    default:
      return false;
  }
}

/** Our channel went down or came back. */
export function setChannelDown(channelDown: boolean): void {
  if (pvpStatusStore.get().channelDown !== channelDown) pvpStatusStore.set({ channelDown });
}

/** A new game is shown (or none): the status starts clean. */
export function resetPvpStatus(gameId: string | null): void {
  const s = pvpStatusStore.get();
  if (s.gameId === gameId) return;
  pvpStatusStore.set({ gameId, opponentAwayUntil: null, idleLeft: null });
}
