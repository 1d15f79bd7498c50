import type { RoomClock, TimerHandle } from "../realtime/room-clock.ts";

/**
 * A battle room: one process's live handle on an arena game, with an explicit
 * lifecycle (architecture.md principle 11):
 *
 *   create   the registry makes a room when this process first touches a game
 *   join     a player's socket registered here while the game runs
 *   drop     a player's socket closed: the reconnection window starts
 *   reconnect  the player is back (here or on another process) within it
 *   leave    the window passed, or the player gave up: the game is forfeited
 *   dispose  the game ended (or the server closes): every timer stops
 *
 * The game itself is the database row; the room only holds timers on the room
 * clock: the turn deadline, the bot's next move and the drop windows. Rooms
 * on several processes may hold timers for one game: whichever fires first
 * does the work, the others find the game moved on (optimistic version lock).
 */
export interface RoomEvents {
  /** The turn that was current when armed has reached its deadline. */
  onTurnDeadline(room: PvpRoom, turn: number): void;
  /** The bot's next move is due. */
  onBotMove(room: PvpRoom, turn: number): void;
  /** A dropped player's window passed (the service checks they did not come back elsewhere). */
  onWindowOver(room: PvpRoom, userId: number): void;
}

export class PvpRoom {
  private turnTimer: TimerHandle | null = null;
  private armedTurn = -1;
  private armedDeadline = 0;
  private botTimer: TimerHandle | null = null;
  private readonly drops = new Map<number, TimerHandle>();
  private readonly present = new Set<number>();
  disposed = false;

  constructor(
    readonly gameId: string,
    private readonly clock: RoomClock,
    private readonly events: RoomEvents,
    private readonly onDispose: (room: PvpRoom) => void,
  ) {}

  join(userId: number): void {
    this.present.add(userId);
    this.cancelDrop(userId);
  }

  /** Arms (or re-arms) the turn timer for `turn`, due at `deadline`. */
  armTurn(turn: number, deadline: number): void {
    if (this.disposed) return;
    // Every move re-arms with the turn's unchanged deadline: keep the timer
    // that is already set for it (a new one per move was garbage by the next).
    if (this.turnTimer && this.armedTurn === turn && this.armedDeadline === deadline) return;
    this.turnTimer?.cancel();
    this.armedTurn = turn;
    this.armedDeadline = deadline;
    this.turnTimer = this.clock.after(deadline - this.clock.now(), () => {
      this.turnTimer = null;
      this.events.onTurnDeadline(this, turn);
    });
  }

  armBot(turn: number, waitMs: number): void {
    if (this.disposed) return;
    this.botTimer?.cancel();
    this.botTimer = this.clock.after(waitMs, () => {
      this.botTimer = null;
      this.events.onBotMove(this, turn);
    });
  }

  drop(userId: number, until: number): void {
    if (this.disposed) return;
    this.present.delete(userId);
    this.cancelDrop(userId);
    this.drops.set(
      userId,
      this.clock.after(until - this.clock.now(), () => {
        this.drops.delete(userId);
        this.events.onWindowOver(this, userId);
      }),
    );
  }

  reconnect(userId: number): void {
    this.join(userId);
  }

  /** The player is out of the game for good (the service forfeits it). */
  leave(userId: number): void {
    this.present.delete(userId);
    this.cancelDrop(userId);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.turnTimer?.cancel();
    this.botTimer?.cancel();
    for (const t of this.drops.values()) t.cancel();
    this.drops.clear();
    this.present.clear();
    this.onDispose(this);
  }

  private cancelDrop(userId: number): void {
    this.drops.get(userId)?.cancel();
    this.drops.delete(userId);
  }
}

/** The rooms of this process, made on first use and forgotten on dispose. */
export class RoomRegistry {
  private readonly rooms = new Map<string, PvpRoom>();
  constructor(
    private readonly clock: RoomClock,
    private readonly events: RoomEvents,
  ) {}

  get(gameId: string): PvpRoom {
    let room = this.rooms.get(gameId);
    if (!room) {
      room = new PvpRoom(gameId, this.clock, this.events, (r) => {
        if (this.rooms.get(r.gameId) === r) this.rooms.delete(r.gameId);
      });
      this.rooms.set(gameId, room);
    }
    return room;
  }

  peek(gameId: string): PvpRoom | undefined {
    return this.rooms.get(gameId);
  }

  get size(): number {
    return this.rooms.size;
  }

  disposeAll(): void {
    for (const r of [...this.rooms.values()]) r.dispose();
  }
}
