import { randomInt, randomUUID } from "node:crypto";
import { type HumanDelays, safeEndTurn } from "@cardrealm/ai";
import type { OpponentDef } from "@cardrealm/content";
import {
  type Action,
  type BattleEvent,
  type BattleSetup,
  type BattleState,
  type Catalogue,
  coinFlip,
  createBattle,
  type EndReason,
  IDLE_FORFEIT,
  messagesFor,
  type Side,
  type StateMessage,
  snapshotMessage,
  step,
} from "@cardrealm/engine";
import {
  type ChannelData,
  type ConfirmStartGameResult,
  DECK_MIN_CARDS,
  type EndTurnBody,
  MESSAGES,
  type PlayCardBody,
  PVP,
  type QueueStatus,
} from "@cardrealm/protocol";
import type { Db } from "../db/database.ts";
import { type Executor, isUniqueViolation, nowIso } from "../db/executor.ts";
import { createGroupTransaction } from "../db/group-transaction.ts";
import { relaxedTransaction } from "../db/relaxed-commit.ts";
import {
  activeBattleOf,
  findBattle,
  finishBattle,
  overButActive,
  voidBattle,
} from "../db/repositories/battles-repo.ts";
import { decksOf } from "../db/repositories/collection-repo.ts";
import { applyGemChange } from "../db/repositories/ledger-repo.ts";
import {
  type ArenaGameRow,
  type ArenaRecord,
  arenaActions,
  arenaProfiles,
  finishArena,
  insertArena,
  loadArena,
  saveArenaState,
  seatOf,
} from "../db/repositories/pvp-repo.ts";
import { findUserById, type UserRow } from "../db/repositories/users-repo.ts";
import { rankOf } from "../economy/ranks.ts";
import { HttpError } from "../http/http-error.ts";
import {
  type ArenaStore,
  DEFAULT_WINDOW,
  type QueueEntry,
  type WindowRule,
} from "../matchmaking/arena-store.ts";
import { arenaReward } from "../progression/arena-rewards.ts";
import {
  type BattleStats,
  battleStats,
  NO_STATS,
  traceEvents,
} from "../progression/battle-stats.ts";
import type { Progression } from "../progression/progression.ts";
import type { RoomClock } from "../realtime/room-clock.ts";
import { createBattleLock } from "./battle-lock.ts";
import { type BattleVersions, isForeign } from "./battle-versions.ts";
import { endTurnAction, playCardAction, refusal } from "./pvp-actions.ts";
import { type PvpRoom, RoomRegistry } from "./pvp-room.ts";
import { createArenaWriter } from "./pvp-writer.ts";
import { sideOutcome } from "./quit-rules.ts";

/**
 * What the progression code (dailies, season track) hears after an arena
 * game, once per human player, after the result is paid and committed.
 * A throwing or rejecting hook is logged and never undoes the game.
 */
export interface ArenaGameFinished {
  gameId: string;
  mode: "pvp" | "bot";
  userId: number;
  /** The player's absolute side in `state` (0 or 1). */
  side: Side;
  opponentUserId: number | null;
  outcome: ArenaOutcome;
  won: boolean;
  reason: EndReason;
  /** Gems paid (premium doubling included). */
  silver: number;
  rankScoreBefore: number;
  rankScoreAfter: number;
  seasonXp: number;
  /** The final engine state and every action, for counting battle events. */
  state: BattleState;
  actions: readonly Action[];
}

export type ArenaOutcome = "win" | "loss" | "draw";

export type ArenaFinishedHook = (e: ArenaGameFinished) => void | Promise<void>;

export interface ArenaTiming {
  turnMs: number;
  openingTurnMs: number;
  startAllowanceMs: number;
  reconnectMs: number;
}

export interface PvpDeps {
  db: Db;
  /** Timestamps of rows (the app's clock). */
  clock: () => number;
  /** Deadlines and timers. */
  room: RoomClock;
  catalogue: Catalogue;
  bot: OpponentDef;
  store: ArenaStore;
  /** Delivers a channel message to a player, wherever their socket is. */
  send: (userId: number, data: ChannelData) => void;
  isConnected: (userId: number) => Promise<boolean>;
  /** The bot's turn (plays, then end_turn). */
  planBotTurn: (state: BattleState, side: Side) => Action[];
  botDelays: (seed: number) => HumanDelays;
  /** Season xp, rank score (floor applied), daily tasks: called inside the settling transaction. */
  progression: Pick<Progression, "onBattleFinished">;
  /** The running engine and catalogue versions, stamped on every new game. */
  versions: BattleVersions;
  onArenaGameFinished?: ArenaFinishedHook | undefined;
  timing?: Partial<ArenaTiming>;
  window?: WindowRule;
  log: {
    error(obj: unknown, msg: string): void;
    warn(obj: unknown, msg: string): void;
  };
}

/** The battles row's setup for an arena game (the seed stays on the server). */
interface ArenaSetup extends BattleSetup {
  mode: "pvp" | "bot";
  /** User ids by absolute side; null for the bot. */
  players: [number, number | null];
  cpuId: number;
}

interface Loaded {
  rec: ArenaRecord;
  setup: ArenaSetup;
  state: BattleState;
  /**
   * The stored actions as JSON text, when read with the row; null when not
   * held (the cache's copies): each save appends its action in SQL, and the
   * final save reads the list back.
   */
  actionsJson: string | null;
}

/**
 * The cache's copy of a game: the state as the JSON text that was saved, not
 * as objects. A game's state lives one move (1-2 s), long enough for the
 * young generation to promote it, so 2,000 games of state objects were old
 * garbage at ~10 MB/s and their full collections held the event loop 60-170 ms
 * (bench/pvp, --trace-gc). One string per game costs the collector next to
 * nothing; parsing it back costs a few microseconds per move. The action
 * list is not held at all (the UPDATE appends to it): it grew to ~2 KB a game
 * and was the other half of that garbage.
 */
interface Cached {
  rec: ArenaRecord;
  setup: ArenaSetup;
  stateJson: string;
}

type Settlement = Map<number, { result: NonNullable<StateMessage["end_game"]>["result"] }>;

const BOT_SIDE: Side = 1;

/**
 * battles.mode of arena games. The bot game is "pvpbot", not "bot": story's
 * cpu/start with cpu_id 21 makes "bot" rows of its own, served by the cpu
 * routes; these are served by the pvp routes only.
 */
const BATTLE_MODE = { pvp: "pvp", bot: "pvpbot" } as const;

/**
 * PvP and bot games of the arena: matchmaking's confirm step, the game calls,
 * the server's turn timers, drops and reconnects, and the rewards (paid once,
 * in the transaction that saves the final state).
 */
export function createPvpBattles(deps: PvpDeps) {
  const { db, clock, room: roomClock, catalogue, store, send, log } = deps;
  const k = db.kysely;
  const timing: ArenaTiming = {
    turnMs: PVP.turnMs,
    openingTurnMs: PVP.openingTurnMs,
    startAllowanceMs: PVP.startAllowanceMs,
    reconnectMs: PVP.reconnectMs,
    ...deps.timing,
  };
  const window = deps.window ?? DEFAULT_WINDOW;
  const withGame = createBattleLock();
  const writer = createArenaWriter(db);
  /** Games that end together settle in one commit (db/group-transaction.ts). */
  const settlements = createGroupTransaction(k);
  /** This process's copy of the games it serves (see apply: never trusted alone). */
  const cache = new Map<string, Cached>();

  function remember(g: Loaded, stateJson: string): void {
    cache.set(g.rec.battle.id, {
      rec: g.rec,
      setup: g.setup,
      stateJson,
    });
  }

  function fromCache(gameId: string): Loaded | undefined {
    const c = cache.get(gameId);
    if (!c) return undefined;
    const state = JSON.parse(c.stateJson) as BattleState;
    return { rec: c.rec, setup: c.setup, state, actionsJson: null };
  }
  let closed = false;

  const rooms = new RoomRegistry(roomClock, {
    onTurnDeadline: (room, turn) => background(onDeadline(room.gameId, turn), "turn timer"),
    onBotMove: (room, turn) => background(botMove(room.gameId, turn), "bot move"),
    onWindowOver: (room, userId) => background(windowOver(room, userId), "drop window"),
  });

  function background(p: Promise<unknown>, what: string): void {
    p.catch((err: unknown) => {
      if (!closed) log.error({ err }, `${what} failed`);
    });
  }

  // ------------------------------------------------------------ loading

  async function load(gameId: string, db: Executor = k): Promise<Loaded | undefined> {
    const rec = await loadArena(db, gameId);
    if (!rec) return undefined;
    const loaded: Loaded = {
      rec: { battle: { ...rec.battle, state: "", actions: "", setup: "" }, game: rec.game },
      setup: JSON.parse(rec.battle.setup) as ArenaSetup,
      state: JSON.parse(rec.battle.state) as BattleState,
      actionsJson: rec.battle.actions,
    };
    return loaded;
  }

  function sideOf(g: { rec: ArenaRecord }, userId: number): Side | null {
    if (g.rec.game.player0 === userId) return 0;
    if (g.rec.game.player1 === userId) return 1;
    return null;
  }

  function humans(g: Loaded): { userId: number; side: Side }[] {
    const out: { userId: number; side: Side }[] = [{ userId: g.rec.game.player0, side: 0 }];
    if (g.rec.game.player1 !== null) out.push({ userId: g.rec.game.player1, side: 1 });
    return out;
  }

  /** The caller's active game, checked against the game_id they sent. */
  async function ownGame(userId: number, gameId: string): Promise<{ side: Side }> {
    // Seats never change, so a cached copy answers "is this your game"; the
    // state itself is re-checked by apply.
    return { side: seatIn(cache.get(gameId) ?? (await load(gameId)), userId).side };
  }

  /** The caller's active game as stored now (not the cache). */
  async function ownGameFresh(userId: number, gameId: string): Promise<{ g: Loaded; side: Side }> {
    return seatIn(await load(gameId), userId);
  }

  /** The caller's seat in an active game; refuses a game that is not theirs or is over. */
  function seatIn<G extends { rec: ArenaRecord }>(
    g: G | undefined,
    userId: number,
  ): { g: G; side: Side } {
    const side = g ? sideOf(g, userId) : null;
    if (!g || side === null) throw new HttpError(404, "not_found", "No such battle.");
    if (g.rec.battle.status !== "active")
      throw new HttpError(409, "conflict", "This battle is over.");
    return { g, side };
  }

  /**
   * The ids, and the clock a client needs to show the true time left: the
   * turn's deadline and the server's time (both on the room clock), and how
   * many more timed-out turns `side` may have before it forfeits.
   */
  function decorate(g: Loaded, messages: StateMessage[], side: Side): StateMessage[] {
    const now = roomClock.now();
    for (const m of messages) {
      if (m.game_data) {
        m.game_data.game_id = g.rec.battle.id;
        m.game_data.cpu_id = g.setup.cpuId;
        m.game_data.isPvP = true;
        m.game_data.server_time = now;
        m.game_data.idle_left = Math.max(0, IDLE_FORFEIT - g.state.sides[side].idle);
        if (!g.state.over) m.game_data.turn_deadline = Number(g.rec.game.turn_deadline);
      }
    }
    return messages;
  }

  function snapshotFor(g: Loaded, side: Side): StateMessage[] {
    return decorate(g, [snapshotMessage(g.state, side, catalogue)], side);
  }

  // ------------------------------------------------------------ stepping

  interface Applied {
    g: Loaded;
    events: BattleEvent[];
    settlement: Settlement | null;
    /** For the hook, after the commit. */
    finished: ArenaGameFinished[];
  }

  /**
   * Steps a game with the action `decide` picks from its current state (null:
   * nothing to do), saving with the optimistic version lock. The first try may
   * use this process's cached copy of the game; whatever the cache says that
   * does not end in a committed save (a refusal, nothing to do, a lost race)
   * is decided again on a fresh load, so a stale cache never decides alone.
   * Moves commit through the group-commit writer; the final state and the
   * rewards commit together, each game inside its own savepoint of a
   * transaction shared with the games that end in the same tick.
   */
  async function apply(
    gameId: string,
    decide: (g: Loaded) => Action | null,
  ): Promise<Applied | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const cached = attempt === 0 ? fromCache(gameId) : undefined;
      const g = cached ?? (await load(gameId));
      if (g?.rec.battle.status !== "active") {
        // Over (perhaps finished on another process): nothing left to time here.
        cache.delete(gameId);
        rooms.peek(gameId)?.dispose();
        return null;
      }
      if (!cached && g.state.over) {
        // Over but never paid (an older build's crash): pay it now, once.
        await settleOverdue(g);
        return null;
      }
      if (!cached && (await closeIfForeign(g))) return null;
      const action = decide(g);
      if (!action) {
        if (cached) continue;
        return null;
      }
      const r = step(g.state, action, catalogue);
      if (!r.ok) {
        if (cached) continue;
        throw refusal(r.error.code, r.error.message);
      }
      const next = r.state;
      const now = roomClock.now();
      const turnChanged = next.turn !== g.state.turn || next.active !== g.state.active;
      const deadline = turnChanged ? now + timing.turnMs : Number(g.rec.game.turn_deadline);
      const after: Loaded = {
        rec: {
          battle: { ...g.rec.battle, version: next.version },
          game: { ...g.rec.game, turn_deadline: deadline },
        },
        setup: g.setup,
        state: next,
        actionsJson: null,
      };
      const save = {
        id: gameId,
        expectedVersion: g.rec.battle.version,
        version: next.version,
        action: JSON.stringify(action),
        state: JSON.stringify(next),
        deadline: turnChanged ? deadline : null,
        now: nowIso(clock),
      };
      if (!next.over) {
        if (!(await writer.save(save))) {
          cache.delete(gameId);
          continue;
        }
        remember(after, save.state);
        return { g: after, events: r.events, settlement: null, finished: [] };
      }
      const done = await settlements.run(async (trx) => {
        if (!(await saveArenaState(trx, save))) return null;
        const actionsJson = await arenaActions(trx, gameId);
        const final = { ...after, actionsJson };
        return (await settleIn(trx, final, statsOf(final))) ?? { paid: null, finished: [] };
      });
      cache.delete(gameId);
      if (done) {
        return { g: after, events: r.events, settlement: done.paid, finished: done.finished };
      }
    }
    return null;
  }

  /** A game from another engine or catalogue version is closed unpaid (docs/decisions.md). */
  async function closeIfForeign(g: Loaded): Promise<boolean> {
    if (!isForeign(g.rec.battle, deps.versions)) return false;
    const id = g.rec.battle.id;
    await k.transaction().execute(async (trx) => {
      await voidBattle(trx, id, nowIso(clock));
      await finishArena(trx, id, nowIso(clock));
    });
    log.warn({ game: id }, "closed an arena game from another game version");
    cache.delete(id);
    rooms.peek(id)?.dispose();
    return true;
  }

  /** Pays a game whose stored state is over but which is still active; exactly once. */
  async function settleOverdue(g: Loaded): Promise<void> {
    const actionsJson = g.actionsJson ?? (await arenaActions(k, g.rec.battle.id));
    const final = { ...g, actionsJson };
    const done = await settlements.run((trx) => settleIn(trx, final, statsOf(final)));
    cache.delete(g.rec.battle.id);
    rooms.peek(g.rec.battle.id)?.dispose();
    if (done) runHooks(g.rec.battle.id, done.finished);
  }

  /** What each side did, from the trace (daily tasks count it); never fails a settle. */
  function statsOf(g: Loaded & { actionsJson: string }): Map<Side, BattleStats> {
    const out = new Map<Side, BattleStats>();
    try {
      const events = traceEvents(g.setup, JSON.parse(g.actionsJson) as Action[], catalogue);
      for (const h of humans(g)) out.set(h.side, battleStats(events, h.side, catalogue));
    } catch (err) {
      log.error({ err, game: g.rec.battle.id }, "arena trace did not replay; no task progress");
    }
    return out;
  }

  /**
   * Pays each human their arena reward (gems through the ledger, once per
   * player and game) and hands the rest (season xp, rank score with its
   * floor, daily tasks) to progression; runs inside the final save's
   * transaction, so it all commits with the final state or not at all.
   */
  async function settleIn(
    trx: Executor,
    g: Loaded & { actionsJson: string },
    stats: Map<Side, BattleStats>,
  ): Promise<{ paid: Settlement; finished: ArenaGameFinished[] } | null> {
    const state = g.state;
    const now = nowIso(clock);
    const players = humans(g);
    const draw = state.winner === null;
    const rows = new Map<number, UserRow>();
    for (const p of players) {
      const u = await findUserById(trx, p.userId);
      if (u) rows.set(p.userId, u);
    }
    const actions = JSON.parse(g.actionsJson) as Action[];
    const rewards = players.map((p) => {
      const o = sideOutcome(state, actions, p.side);
      const won = o.won;
      const outcome: ArenaOutcome = draw ? "draw" : won ? "win" : "loss";
      const full = arenaReward({ won, draw, premium: rows.get(p.userId)?.premium === 1 });
      // A give-up or a short loss pays no gems or xp, but costs the loss's score (quit-rules.ts).
      const reward = o.paid
        ? full
        : { silver: 0, seasonPassTotal: undefined, seasonXp: 0, scoreDelta: full.scoreDelta };
      return { ...p, won, outcome, reward, paidInFull: o.paid };
    });
    if (
      !(await finishBattle(trx, {
        id: g.rec.battle.id,
        winner: state.winner,
        rewards: rewards[0]?.reward.silver ?? 0,
        now,
      }))
    ) {
      return null;
    }
    const paid: Settlement = new Map();
    const finished: ArenaGameFinished[] = [];
    for (const r of rewards) {
      const user = rows.get(r.userId);
      if (!user) continue;
      if (r.reward.silver !== 0) {
        await applyGemChange(trx, {
          userId: r.userId,
          delta: r.reward.silver,
          reason: r.won ? "arena_win" : "arena_loss",
          idempotencyKey: `arena:${g.rec.battle.id}:${r.userId}`,
          now,
        });
      }
      await deps.progression.onBattleFinished(trx, {
        userId: r.userId,
        battleId: g.rec.battle.id,
        mode: g.setup.mode,
        won: r.won,
        draw,
        // Unpaid (a give-up or a short loss): no daily-task progress either.
        gaveUp: !r.paidInFull,
        stats: r.paidInFull ? (stats.get(r.side) ?? NO_STATS) : NO_STATS,
        xp: r.reward.seasonXp,
        scoreDelta: r.reward.scoreDelta,
      });
      const after = await findUserById(trx, r.userId);
      paid.set(r.userId, {
        result: {
          rewards: { silver: r.reward.silver },
          ...(r.reward.seasonPassTotal !== undefined
            ? { sesason_pass_bonus: r.reward.seasonPassTotal }
            : {}),
        },
      });
      finished.push({
        gameId: g.rec.battle.id,
        mode: g.setup.mode,
        userId: r.userId,
        side: r.side,
        opponentUserId: players.find((p) => p.userId !== r.userId)?.userId ?? null,
        outcome: r.outcome,
        won: r.won,
        reason: state.endReason ?? "hp",
        silver: r.reward.silver,
        rankScoreBefore: user.rank_score,
        rankScoreAfter: after?.rank_score ?? user.rank_score,
        seasonXp: r.reward.seasonXp,
        state,
        actions,
      });
    }
    await finishArena(trx, g.rec.battle.id, now);
    return { paid, finished };
  }

  function runHooks(gameId: string, list: ArenaGameFinished[]): void {
    const hook = deps.onArenaGameFinished;
    if (!hook) return;
    for (const e of list) {
      try {
        Promise.resolve(hook(e)).catch((err: unknown) =>
          log.error({ err, gameId }, "onArenaGameFinished failed"),
        );
      } catch (err) {
        log.error({ err, gameId }, "onArenaGameFinished failed");
      }
    }
  }

  /**
   * After a saved step: each human's messages (the mover's are answered, the
   * others pushed over the channel), rewards patched into end_game, then the
   * next timer (turn deadline or the bot's move) or the room's disposal.
   */
  function afterStep(a: Applied, mover: Side | null, timedOut: Side | null): StateMessage[] {
    const { g, events } = a;
    const gameId = g.rec.battle.id;
    let answer: StateMessage[] = [];
    for (const h of humans(g)) {
      const list = decorate(g, messagesFor(events, g.state, h.side, catalogue), h.side);
      const paid = a.settlement?.get(h.userId);
      if (paid) {
        const end = list.find((m) => m.end_game);
        if (end?.end_game) end.end_game.result = paid.result;
      }
      if (h.side === mover) {
        answer = list;
        continue;
      }
      send(h.userId, {
        type: "state",
        game_id: gameId,
        seq: g.state.version,
        resume: false,
        messages: list,
        ...(g.state.over ? {} : { turn_deadline: Number(g.rec.game.turn_deadline) }),
      });
      if (h.side === timedOut) {
        send(h.userId, {
          type: "cancel_warning",
          game_id: gameId,
          idle_turns: g.state.sides[h.side].idle,
        });
      }
    }
    if (g.state.over) {
      rooms.peek(gameId)?.dispose();
      runHooks(gameId, a.finished);
    } else {
      armTimers(g);
    }
    return answer;
  }

  function armTimers(g: Loaded): void {
    const room = rooms.get(g.rec.battle.id);
    if (g.setup.mode === "bot" && g.state.active === BOT_SIDE) {
      const delays = deps.botDelays((g.setup.seed ^ Math.imul(g.state.turn, 0x9e3779b1)) >>> 0);
      room.armBot(
        g.state.turn,
        g.state.played === 0 ? delays.beforePlayMs : delays.beforeEndTurnMs,
      );
    }
    room.armTurn(g.state.turn, Number(g.rec.game.turn_deadline));
  }

  // ------------------------------------------------------------ timers

  async function onDeadline(gameId: string, turn: number): Promise<void> {
    if (closed) return;
    await withGame(gameId, async () => {
      let timedOut: Side | null = null;
      let botTurn = false;
      const a = await apply(gameId, (g) => {
        if (g.state.over || g.state.turn !== turn) return null;
        const deadline = Number(g.rec.game.turn_deadline);
        if (roomClock.now() < deadline) {
          rooms.get(gameId).armTurn(turn, deadline);
          return null;
        }
        if (g.setup.mode === "bot" && g.state.active === BOT_SIDE) {
          botTurn = true;
          return null;
        }
        timedOut = g.state.active;
        return { type: "timeout", side: g.state.active };
      });
      if (a) afterStep(a, null, timedOut);
      else if (botTurn) await botMoveLocked(gameId, turn);
    });
  }

  /** The bot's next move: its card first (if it plays one), then its end of turn. */
  function botMove(gameId: string, turn: number): Promise<void> {
    if (closed) return Promise.resolve();
    return withGame(gameId, () => botMoveLocked(gameId, turn));
  }

  async function botMoveLocked(gameId: string, turn: number): Promise<void> {
    const decide = (g: Loaded): Action | null => {
      if (g.setup.mode !== "bot" || g.state.over) return null;
      if (g.state.active !== BOT_SIDE || g.state.turn !== turn) return null;
      const plan = deps.planBotTurn(g.state, BOT_SIDE);
      const play = plan.find((x) => x.type === "play_card");
      const candidate =
        g.state.played === 0 && play ? play : plan.find((x) => x.type === "end_turn");
      const chosen = candidate ?? safeEndTurn(g.state, BOT_SIDE);
      return step(g.state, chosen, catalogue).ok ? chosen : safeEndTurn(g.state, BOT_SIDE);
    };
    const a = await apply(gameId, decide);
    if (a) afterStep(a, null, null);
  }

  async function windowOver(room: PvpRoom, userId: number): Promise<void> {
    if (closed) return;
    const now = roomClock.now();
    const until = await store.droppedUntil(userId);
    if (until === null || until > now) return; // back (or dropped again later)
    if (await deps.isConnected(userId)) return;
    await store.clearDropped(userId);
    room.leave(userId);
    await forfeit(userId, room.gameId);
  }

  async function forfeit(userId: number, gameId: string): Promise<void> {
    await withGame(gameId, async () => {
      const a = await apply(gameId, (g) => {
        const side = sideOf(g, userId);
        return side === null || g.state.over ? null : { type: "give_up", side };
      });
      if (a) afterStep(a, null, null);
    });
  }

  // ------------------------------------------------------------ starting games

  async function arenaUser(userId: number): Promise<{ user: UserRow; deck: number[] }> {
    const user = await findUserById(k, userId);
    if (!user) throw new HttpError(401, "unauthorized", "Please sign in again.");
    if (user.level < PVP.arenaLevel) throw new HttpError(403, "forbidden", MESSAGES.arenaLocked);
    const deck = (await decksOf(k, userId)).get(user.active_deck) ?? [];
    const cards = deck.flatMap((c) => Array.from({ length: c.amount }, () => c.cardId));
    if (cards.length < DECK_MIN_CARDS)
      throw new HttpError(400, "deck_too_small", MESSAGES.deckTooSmall);
    return { user, deck: cards };
  }

  async function assertFree(userId: number): Promise<void> {
    const seat = await seatOf(k, userId);
    if (seat) {
      // A seat whose battles row was finished by something other than this
      // module (it should not happen) would lock the player out: free it.
      const battle = await findBattle(k, seat.game_id);
      if (battle && battle.status !== "active") {
        log.warn({ game: seat.game_id }, "arena seat of a finished battle freed");
        await k.transaction().execute((trx) => finishArena(trx, seat.game_id, nowIso(clock)));
      } else if (battle && (JSON.parse(battle.state) as BattleState).over) {
        // Over but never paid: pay it now and let the player play on.
        const g = await load(seat.game_id);
        if (g) await settleOverdue(g);
      } else if (battle && isForeign(battle, deps.versions)) {
        const g = await load(seat.game_id);
        if (g) await closeIfForeign(g);
      } else {
        throw new HttpError(409, "conflict", "Finish your arena battle first.");
      }
    }
    if (await activeBattleOf(k, userId))
      throw new HttpError(409, "conflict", "Finish or surrender your current battle first.");
  }

  async function createGame(setup: ArenaSetup, now: number): Promise<Loaded> {
    const state = createBattle(setup, catalogue);
    const id = randomUUID();
    const iso = nowIso(clock);
    const opening = timing.openingTurnMs + (setup.mode === "pvp" ? timing.startAllowanceMs : 0);
    const game: ArenaGameRow = {
      id,
      mode: setup.mode,
      player0: setup.players[0],
      player1: setup.players[1],
      status: "active",
      turn_deadline: now + opening,
      created_at: iso,
      updated_at: iso,
    };
    const battle = {
      id,
      user_id: setup.players[0],
      mode: BATTLE_MODE[setup.mode],
      // 0, not 21: story's cpu/start treats an active row with the asked
      // cpu_id as its own battle to resume. The setup keeps the bot's id.
      cpu_id: 0,
      status: "active",
      setup: JSON.stringify(setup),
      actions: "[]",
      state: JSON.stringify(state),
      version: state.version,
      winner: null,
      rewards: null,
      created_at: iso,
      updated_at: iso,
      engine_version: deps.versions.engine,
      catalogue_version: deps.versions.catalogue,
    };
    const seats = setup.players.flatMap((u, side) => (u === null ? [] : [{ user_id: u, side }]));
    try {
      // No money or cards move here: the commit need not wait for the disk
      // (db/relaxed-commit.ts). When a wave of games ends and starts again,
      // each such fsync also flushed the moves' WAL (bench/RESULTS.md).
      await relaxedTransaction(db, (trx) => insertArena(trx, battle, game, seats));
    } catch (err) {
      if (isUniqueViolation(err))
        throw new HttpError(409, "conflict", "Finish or surrender your current battle first.");
      throw err;
    }
    const g: Loaded = {
      rec: { battle: { ...battle, state: "", actions: "", setup: "" }, game },
      setup,
      state,
      actionsJson: "[]",
    };
    remember(g, battle.state);
    for (const h of humans(g)) rooms.get(id).join(h.userId);
    armTimers(g);
    return g;
  }

  async function createPvp(p0: number, p1: number): Promise<Loaded> {
    const [a, b] = await Promise.all([arenaUser(p0), arenaUser(p1)]);
    const seed = randomInt(0, 2 ** 31 - 1);
    return createGame(
      {
        seed,
        opener: coinFlip(seed),
        sides: [
          { name: a.user.nickname, deck: a.deck },
          { name: b.user.nickname, deck: b.deck },
        ],
        mode: "pvp",
        players: [p0, p1],
        cpuId: 0,
      },
      roomClock.now(),
    );
  }

  // ------------------------------------------------------------ matchmaking

  let matching: Promise<void> | null = null;

  /** One matchmaking pass: pairs leave the queue and both hear confirm_start_game. */
  function matchTick(): Promise<void> {
    if (closed) return Promise.resolve();
    if (matching) return matching;
    matching = (async () => {
      const now = roomClock.now();
      const pairs = await store.takePairs(now, window);
      if (pairs.length === 0) return;
      const profiles = await arenaProfiles(k, pairs.flat());
      for (const [a, b] of pairs) {
        const id = randomUUID();
        await store.createMatch({ id, p0: a, p1: b, createdAt: now });
        const show = (u: number) => {
          const p = profiles.get(u);
          return { nickname: p?.nickname ?? "Player", rank: rankOf(p?.rank_score ?? 0).rank };
        };
        send(a, { type: "confirm_start_game", players: id, opponent: show(b) });
        send(b, { type: "confirm_start_game", players: id, opponent: show(a) });
      }
    })().finally(() => {
      matching = null;
    });
    return matching;
  }

  return {
    rooms,
    timing,
    matchTick,

    /** Start-up: pays every arena game found over but unsettled; how many. */
    async settleAllOverdue(): Promise<number> {
      let n = 0;
      for (const row of await overButActive(k)) {
        if (row.mode !== BATTLE_MODE.pvp && row.mode !== BATTLE_MODE.bot) continue;
        try {
          const g = await load(row.id);
          if (g?.rec.battle.status === "active" && g.state.over) {
            await settleOverdue(g);
            n++;
          }
        } catch (err) {
          log.error({ err, game: row.id }, "an overdue arena game could not be settled");
        }
      }
      return n;
    },

    async queue(userId: number): Promise<QueueStatus> {
      const { user } = await arenaUser(userId);
      await assertFree(userId);
      const now = roomClock.now();
      if (await store.liveMatchOf(userId, now))
        throw new HttpError(409, "conflict", "A match is waiting for your confirmation.");
      if (!(await store.join(userId, user.rank_score, now)))
        throw new HttpError(409, "conflict", "You are already in the queue.");
      background(matchTick(), "matchmaking");
      return { in_queue: true, since: now };
    },

    async cancelQueue(userId: number): Promise<QueueStatus> {
      await store.leave(userId);
      await store.cancelMatchOf(userId, roomClock.now());
      return { in_queue: false };
    },

    async confirmStart(userId: number, matchId: string): Promise<ConfirmStartGameResult> {
      const outcome = await store.confirm(matchId, userId, roomClock.now());
      switch (outcome.kind) {
        case "missing":
          throw new HttpError(404, "not_found", "No such match.");
        case "not_yours":
          throw new HttpError(403, "forbidden", "This match is not yours.");
        case "cancelled":
          return { result: "opponent_leave" };
        case "waiting":
          return { result: "waiting" };
        case "started": {
          const g = await load(outcome.gameId);
          const side = g ? sideOf(g, userId) : null;
          if (!g || side === null) return { result: "opponent_leave" };
          return { result: "start_game", game_id: outcome.gameId, messages: snapshotFor(g, side) };
        }
        case "create": {
          let g: Loaded;
          try {
            g = await createPvp(outcome.p0, outcome.p1);
          } catch (err) {
            await store.cancelMatch(matchId);
            log.warn({ err, matchId }, "a confirmed match could not start");
            return { result: "opponent_leave" };
          }
          await store.matchStarted(matchId, g.rec.battle.id);
          for (const h of humans(g)) {
            if (h.userId === userId) continue;
            send(h.userId, {
              type: "start_game",
              players: matchId,
              game_id: g.rec.battle.id,
              seq: g.state.version,
              messages: snapshotFor(g, h.side),
            });
          }
          const side = sideOf(g, userId) ?? 0;
          return { result: "start_game", game_id: g.rec.battle.id, messages: snapshotFor(g, side) };
        }
      }
    },

    /** A game against the arena bot (opponent 21): the human opens; arena rewards. */
    async startBot(userId: number): Promise<StateMessage[]> {
      const { user, deck } = await arenaUser(userId);
      await assertFree(userId);
      await store.leave(userId);
      await store.cancelMatchOf(userId, roomClock.now());
      const seed = randomInt(0, 2 ** 31 - 1);
      const g = await createGame(
        {
          seed,
          opener: 0,
          sides: [
            { name: user.nickname, deck },
            { name: deps.bot.name, hp: deps.bot.hp, deck: [...deps.bot.deck] },
          ],
          mode: "bot",
          players: [userId, null],
          cpuId: deps.bot.id,
        },
        roomClock.now(),
      );
      return snapshotFor(g, 0);
    },

    async current(userId: number): Promise<StateMessage[] | null> {
      const seat = await seatOf(k, userId);
      if (!seat) return null;
      const g = await load(seat.game_id);
      const side = g ? sideOf(g, userId) : null;
      if (!g || side === null || g.rec.battle.status !== "active") return null;
      if (await closeIfForeign(g)) return null;
      return snapshotFor(g, side);
    },

    playCard(userId: number, body: PlayCardBody): Promise<StateMessage[]> {
      return withGame(body.game_id, async () => {
        const { side } = await ownGame(userId, body.game_id);
        const a = await apply(body.game_id, (g) =>
          g.state.over ? null : playCardAction(g.state, side, body, catalogue),
        );
        if (!a) throw new HttpError(409, "conflict", "This battle is over.");
        return afterStep(a, side, null);
      });
    },

    endTurn(userId: number, body: EndTurnBody): Promise<StateMessage[]> {
      return withGame(body.game_id, async () => {
        const { side } = await ownGame(userId, body.game_id);
        const a = await apply(body.game_id, (g) =>
          g.state.over ? null : endTurnAction(g.state, side, body, catalogue),
        );
        if (!a) throw new HttpError(409, "conflict", "This battle is over.");
        return afterStep(a, side, null);
      });
    },

    giveUp(userId: number, gameId: string, version?: number): Promise<StateMessage[]> {
      return withGame(gameId, async () => {
        const { side } = await ownGame(userId, gameId);
        const a = await apply(gameId, (g) =>
          g.state.over
            ? null
            : { type: "give_up", side, ...(version !== undefined ? { version } : {}) },
        );
        if (!a) throw new HttpError(409, "conflict", "This battle is over.");
        return afterStep(a, side, null);
      });
    },

    /**
     * The caller's enemy timer ran out: the server checks the stored deadline
     * and, if it passed, ends the opponent's turn (or plays the bot's) now.
     */
    warning(userId: number, gameId: string): Promise<StateMessage[]> {
      return withGame(gameId, async () => {
        const { g, side } = await ownGameFresh(userId, gameId);
        // The turn already ended (the server's own timer, or the opponent's
        // move): answer the game as it stands, not a refusal.
        if (g.state.active === side) return snapshotFor(g, side);
        const left = Number(g.rec.game.turn_deadline) - roomClock.now();
        if (left > 0) {
          throw new HttpError(
            409,
            "conflict",
            `The opponent's turn has ${Math.ceil(left / 1000)} s left.`,
          );
        }
        if (g.setup.mode === "bot") {
          await botMoveLocked(gameId, g.state.turn);
          const now = await load(gameId);
          return now ? snapshotFor(now, side) : [];
        }
        let timedOut: Side | null = null;
        const a = await apply(gameId, (cur) => {
          if (cur.state.over || cur.state.turn !== g.state.turn || cur.state.active === side)
            return null;
          timedOut = cur.state.active;
          return { type: "timeout", side: cur.state.active };
        });
        if (!a) {
          const now = await load(gameId);
          return now ? snapshotFor(now, side) : [];
        }
        return afterStep(a, side, timedOut);
      });
    },

    /** The answer to a cancel_warning message: the caller's game as it stands (a resync). */
    async cancelWarning(userId: number): Promise<StateMessage[]> {
      return (await this.current(userId)) ?? [];
    },

    // -------------------------------------------------------- channel hooks

    async onRegister(userId: number): Promise<ChannelData[]> {
      const out: ChannelData[] = [];
      const wasDropped = (await store.droppedUntil(userId)) !== null;
      if (wasDropped) await store.clearDropped(userId);
      const seat = await seatOf(k, userId);
      const g = seat ? await load(seat.game_id) : undefined;
      const side = g ? sideOf(g, userId) : null;
      if (g && side !== null && g.rec.battle.status === "active" && !(await closeIfForeign(g))) {
        const gameId = g.rec.battle.id;
        out.push({
          type: "state",
          game_id: gameId,
          seq: g.state.version,
          resume: true,
          messages: snapshotFor(g, side),
          turn_deadline: Number(g.rec.game.turn_deadline),
        });
        const opponent = humans(g).find((h) => h.userId !== userId);
        if (opponent) {
          const until = await store.droppedUntil(opponent.userId);
          if (until !== null && until > roomClock.now())
            out.push({ type: "opponent_drop", game_id: gameId, reconnect_until: until });
          if (wasDropped) send(opponent.userId, { type: "opponent_back", game_id: gameId });
        }
        rooms.get(gameId).reconnect(userId);
        armTimers(g);
        return out;
      }
      const match = await store.liveMatchOf(userId, roomClock.now());
      if (match) {
        const other = match.p0 === userId ? match.p1 : match.p0;
        const p = (await arenaProfiles(k, [other])).get(other);
        out.push({
          type: "confirm_start_game",
          players: match.id,
          opponent: { nickname: p?.nickname ?? "Player", rank: rankOf(p?.rank_score ?? 0).rank },
        });
      }
      return out;
    },

    onDrop(userId: number, until: number): void {
      background(
        (async () => {
          const seat = await seatOf(k, userId);
          if (!seat) return;
          await store.markDropped(userId, until);
          const g = await load(seat.game_id);
          if (g?.rec.battle.status !== "active") return;
          rooms.get(seat.game_id).drop(userId, until);
          for (const h of humans(g)) {
            if (h.userId !== userId)
              send(h.userId, {
                type: "opponent_drop",
                game_id: seat.game_id,
                reconnect_until: until,
              });
          }
        })(),
        "drop",
      );
    },

    /** The channel forgot the player's session: out of the queue and any pending match. */
    onGone(userId: number): void {
      background(
        (async () => {
          if (await deps.isConnected(userId)) return;
          await store.leave(userId);
          await store.cancelMatchOf(userId, roomClock.now());
        })(),
        "gone",
      );
    },

    /** Queue state for tests and the bench. */
    queuedSince: (userId: number) => store.queuedSince(userId),
    queueSize: () => store.queueSize(),

    close(): void {
      closed = true;
      rooms.disposeAll();
      cache.clear();
    },
  };
}

export type PvpBattles = ReturnType<typeof createPvpBattles>;
export type { QueueEntry };
