/**
 * The PvP queue of the arena (product.md section 4, "PvP queue"):
 *
 *   idle -> entering (2 s) -> searching (timer counts up each second,
 *   "Finding opponent...") -> matched (confirm_start_game: poll
 *   confirm-start-game every 5 s) -> starting -> the battle screen.
 *
 * A random threshold of 20-70 s is drawn on entry; when the wait reaches it
 * and bot play is allowed (no match being confirmed), or the force-bot flag
 * is set (the opponent left a confirmed match), the queue is cancelled and a
 * bot game (opponent 21) starts. Without a matchmaking server (the queue
 * call answers 404 or nothing) the wait runs locally and ends in the bot
 * game all the same. Framework-free: the screen subscribes; tests drive it
 * with fake timers.
 */
import { ARENA_BOT } from "@cardrealm/content";
import type { StateMessage } from "@cardrealm/engine";
import { ApiError } from "../../lib/api.ts";

export const QUEUE_ENTRY_DELAY_MS = 2000;
export const QUEUE_TICK_MS = 1000;
export const CONFIRM_POLL_MS = 5000;
export const MATCH_START_DELAY_MS = 500;
export const BOT_WAIT_MIN_S = 20;
export const BOT_WAIT_MAX_S = 70;
/** The arena bot's opponent id (content's ARENA_BOT). */
export const ARENA_BOT_ID = ARENA_BOT.id;

export type QueuePhase = "idle" | "entering" | "searching" | "matched" | "starting";

export interface QueueState {
  phase: QueuePhase;
  /** Seconds waited in the queue (the timer). */
  seconds: number;
  /** Seconds after which the bot game starts (20-70, drawn on entry). */
  threshold: number;
  /** False while a found match is being confirmed. */
  botAllowed: boolean;
  /** Set when an opponent left a confirmed match: the bot starts at the threshold regardless. */
  forceBot: boolean;
  /** The server holds us in its queue (false: local wait only, no matchmaking server). */
  serverQueued: boolean;
  /** The match id of confirm_start_game, while confirming. */
  matchId: string | null;
  /** Something the player should know while searching (the opponent left during confirm). */
  notice: string | null;
}

/** Said while searching again after the found opponent left before the battle began. */
export const OPPONENT_LEFT_TEXT = "Your opponent left before the battle. Searching again…";

/**
 * Said when the server lost the match being confirmed (its Redis restarted
 * empty, docs/realtime.md "Redis restarts"): the queue is left, the player
 * starts again.
 */
export const QUEUE_RESET_TEXT = "The queue was reset: press Fight again";

export type ConfirmResult =
  | { result: "start_game"; game_id?: string; messages?: StateMessage[] }
  | { result: "waiting" }
  | { result: "opponent_leave" };

/** The calls the queue makes (arena-api.ts; fakes in tests). */
export interface QueueApi {
  queue(): Promise<unknown>;
  cancelQueue(): Promise<unknown>;
  confirm(players: string): Promise<ConfirmResult>;
  /** Starts the bot game: the arena server's bot, or story-style opponent 21 without it. */
  bot(): Promise<StateMessage[]>;
}

/** What the realtime channel delivers to the queue (PvP channel message data). */
export type QueueChannelData =
  | { type: "confirm_start_game"; players: string }
  | { type: "start_game"; players?: string; messages: StateMessage[] }
  | { type: "opponent_leave"; players: string }
  | { type: "queue_reset"; players: string }
  | { type: string; [key: string]: unknown };

export interface PvpQueueDeps {
  api: QueueApi;
  /** The battle starts: hand its opening state to the battle screen. */
  onGame(messages: StateMessage[]): void;
  /** A refusal worth telling the player (deck too small, already in a battle, ...). */
  onError(message: string): void;
  random?: () => number;
  /** Seconds before the bot instead of a drawn 20-70 (a test server's setting). */
  fixedThreshold?: () => number | undefined;
}

const IDLE: QueueState = {
  phase: "idle",
  seconds: 0,
  threshold: BOT_WAIT_MIN_S,
  botAllowed: true,
  forceBot: false,
  serverQueued: false,
  matchId: null,
  notice: null,
};

/** 20 to 70 whole seconds (product.md section 9). */
export function drawThreshold(random: () => number = Math.random): number {
  const span = BOT_WAIT_MAX_S - BOT_WAIT_MIN_S + 1;
  return BOT_WAIT_MIN_S + Math.min(span - 1, Math.floor(random() * span));
}

/** A missing matchmaking server: the route is absent, unreachable or failing. */
function serverMissing(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.status === 404 || error.status === 0 || error.status >= 500)
  );
}

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : "Something went wrong. Please try again.";

/**
 * The queue's machine. `get` and `subscribe` are bound (the screen hands
 * them to useSyncExternalStore as they are).
 */
class QueueMachine {
  private readonly deps: PvpQueueDeps;
  private readonly random: () => number;
  private state: QueueState = { ...IDLE };
  private readonly listeners = new Set<() => void>();
  private entry: ReturnType<typeof setTimeout> | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private poller: ReturnType<typeof setInterval> | null = null;
  private starter: ReturnType<typeof setTimeout> | null = null;
  /** Bumped on every cancel/start: answers of an older attempt are ignored. */
  private attempt = 0;

  constructor(deps: PvpQueueDeps) {
    this.deps = deps;
    this.random = deps.random ?? Math.random;
  }

  readonly get = (): QueueState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The PvP start button: enter the queue after the 2 s entry delay. */
  start(): void {
    if (this.state.phase !== "idle") return;
    const mine = ++this.attempt;
    this.set({ ...IDLE, phase: "entering" });
    this.entry = setTimeout(() => {
      this.entry = null;
      if (mine === this.attempt) this.search({ forceBot: false, keepClock: false });
    }, QUEUE_ENTRY_DELAY_MS);
  }

  /** Cancel (the button, or leaving the screen): the server forgets us too. */
  cancel(): void {
    this.leave();
  }

  /** Back to the Fight button, out of the server's queue and match too. */
  private leave(): void {
    const wasQueued = this.state.serverQueued || this.state.phase === "matched";
    const active = this.state.phase !== "idle";
    this.clearTimers();
    this.attempt++;
    this.set({ ...IDLE });
    if (active && wasQueued) void this.deps.api.cancelQueue().catch(() => undefined);
  }

  /** A PvP channel message (data part). Only acted on while in the queue. */
  channel(data: QueueChannelData): void {
    if (data.type === "confirm_start_game" && typeof data.players === "string") {
      if (this.state.phase !== "searching") return;
      const matchId = data.players;
      this.set({ phase: "matched", botAllowed: false, matchId });
      void this.poll(matchId);
      this.stopPolling();
      this.poller = setInterval(() => void this.poll(matchId), CONFIRM_POLL_MS);
    } else if (data.type === "opponent_leave") {
      // The server tells us at once; the confirm poll would learn it up to 5 s later.
      if (this.state.phase === "matched" && data.players === this.state.matchId) {
        this.attempt++; // answers of polls already on their way are ignored
        this.opponentLeft();
      }
    } else if (data.type === "queue_reset") {
      // The server lost this match: it will not start. Told, not searched again.
      if (this.state.phase === "matched" && data.players === this.state.matchId) {
        this.leave();
        this.deps.onError(QUEUE_RESET_TEXT);
      }
    } else if (data.type === "start_game" && Array.isArray(data.messages)) {
      if (this.state.phase !== "matched" && this.state.phase !== "searching") return;
      this.launch(data.messages as StateMessage[], MATCH_START_DELAY_MS);
    }
  }

  dispose(): void {
    this.cancel();
    this.listeners.clear();
  }

  private set(patch: Partial<QueueState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  private clearTimers(): void {
    if (this.entry) clearTimeout(this.entry);
    if (this.ticker) clearInterval(this.ticker);
    if (this.poller) clearInterval(this.poller);
    if (this.starter) clearTimeout(this.starter);
    this.entry = this.ticker = this.poller = this.starter = null;
  }

  private stopPolling(): void {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
  }

  private fail(message: string): void {
    this.clearTimers();
    this.attempt++;
    this.set({ ...IDLE });
    this.deps.onError(message);
  }

  private launch(messages: StateMessage[], delayMs: number): void {
    this.clearTimers();
    this.set({ phase: "starting" });
    const mine = this.attempt;
    this.starter = setTimeout(() => {
      this.starter = null;
      if (mine !== this.attempt) return;
      this.attempt++;
      this.set({ ...IDLE });
      this.deps.onGame(messages);
    }, delayMs);
  }

  private async joinServerQueue(mine: number): Promise<void> {
    try {
      await this.deps.api.queue();
      if (mine === this.attempt) this.set({ serverQueued: true });
      // Cancelled while the call was on its way: leave the server's queue again.
      else void this.deps.api.cancelQueue().catch(() => undefined);
    } catch (error) {
      if (mine !== this.attempt) return;
      if (serverMissing(error)) return; // local wait; the bot comes at the threshold
      if (error instanceof ApiError && error.status === 409) {
        // Still queued from an earlier visit (a reload): leave and join again once.
        try {
          await this.deps.api.cancelQueue();
          await this.deps.api.queue();
          if (mine === this.attempt) this.set({ serverQueued: true });
          return;
        } catch (again) {
          if (mine === this.attempt) this.fail(messageOf(again));
          return;
        }
      }
      this.fail(messageOf(error));
    }
  }

  private async startBot(): Promise<void> {
    const mine = ++this.attempt;
    const wasQueued = this.state.serverQueued;
    this.clearTimers();
    this.set({ phase: "starting", serverQueued: false });
    if (wasQueued) await this.deps.api.cancelQueue().catch(() => undefined);
    try {
      const messages = await this.deps.api.bot();
      if (mine !== this.attempt) return;
      this.attempt++;
      this.set({ ...IDLE });
      this.deps.onGame(messages);
    } catch (error) {
      if (mine === this.attempt) this.fail(messageOf(error));
    }
  }

  private tick(): void {
    const seconds = this.state.seconds + 1;
    this.set({ seconds });
    const { phase, threshold, botAllowed, forceBot } = this.state;
    if (phase === "searching" && seconds >= threshold && (botAllowed || forceBot))
      void this.startBot();
    else if (phase === "matched" && forceBot && seconds >= threshold) void this.startBot();
  }

  private search(opts: { forceBot: boolean; keepClock: boolean }): void {
    const mine = this.attempt;
    this.set({
      phase: "searching",
      botAllowed: true,
      forceBot: opts.forceBot,
      matchId: null,
      ...(opts.keepClock
        ? {}
        : { seconds: 0, threshold: this.deps.fixedThreshold?.() ?? drawThreshold(this.random) }),
    });
    if (!this.ticker) this.ticker = setInterval(() => this.tick(), QUEUE_TICK_MS);
    void this.joinServerQueue(mine);
  }

  private async poll(matchId: string): Promise<void> {
    const mine = this.attempt;
    let answer: ConfirmResult;
    try {
      answer = await this.deps.api.confirm(matchId);
    } catch (error) {
      if (mine !== this.attempt || this.state.matchId !== matchId) return;
      // No such match any more: as if the opponent left.
      if (error instanceof ApiError && (error.status === 404 || error.status === 403))
        answer = { result: "opponent_leave" };
      else return; // a lost answer: the next poll asks again
    }
    if (mine !== this.attempt || this.state.matchId !== matchId) return;
    if (answer.result === "start_game") {
      this.stopPolling();
      if (answer.messages?.length) this.launch(answer.messages, MATCH_START_DELAY_MS);
      // else the start_game channel message brings the opening state.
    } else if (answer.result === "opponent_leave") {
      this.opponentLeft();
    }
  }

  /** The found opponent left before the battle: say so, and search again (the bot may come). */
  private opponentLeft(): void {
    this.stopPolling();
    this.set({ serverQueued: false, notice: OPPONENT_LEFT_TEXT });
    this.search({ forceBot: true, keepClock: true });
  }
}

export type PvpQueue = QueueMachine;

export function createPvpQueue(deps: PvpQueueDeps): PvpQueue {
  return new QueueMachine(deps);
}
