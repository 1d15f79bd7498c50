import type { StateMessage } from "@cardrealm/engine";
import {
  type ChannelData,
  type ConfirmStartGameResult,
  type EndTurnBody,
  type PlayCardBody,
  PVP,
  type QueueStatus,
} from "@cardrealm/protocol";
import { overButActive } from "../db/repositories/battles-repo.ts";
import type { QueueEntry } from "../matchmaking/arena-store.ts";
import { type Outcome, outcomeOf, Refused } from "../services/outcome.ts";
import { createArenaChannel } from "./arena-channel.ts";
import type { ArenaContext } from "./arena-context.ts";
import { type ArenaGames, createArenaGames } from "./arena-games.ts";
import { createArenaMatchmaking } from "./arena-matchmaking.ts";
import { RoomRegistry } from "./arena-room.ts";
import { createArenaSettlement } from "./arena-settlement.ts";
import { createArenaStart, type FriendlySeat } from "./arena-start.ts";
import { createArenaTurns } from "./arena-turns.ts";
import { type ArenaDeps, type ArenaTiming, BATTLE_MODE, humans } from "./arena-types.ts";
import { createBattleLock } from "./battle-lock.ts";

export type {
  ArenaDeps,
  ArenaFinishedHook,
  ArenaGameFinished,
  ArenaOutcome,
  ArenaTiming,
} from "./arena-types.ts";
export type { QueueEntry };

/** Start-up: pays every arena game found over but unsettled; how many. */
async function settleAllOverdue(deps: ArenaDeps, games: ArenaGames): Promise<number> {
  let n = 0;
  for (const row of await overButActive(deps.db.kysely)) {
    if (!Object.values(BATTLE_MODE).some((m) => m === row.mode)) continue;
    try {
      const g = await games.load(row.id);
      if (g?.rec.battle.status === "active" && g.state.over) {
        await games.settleOverdue(g);
        n++;
      }
    } catch (err) {
      deps.log.error({ err, game: row.id }, "an overdue arena game could not be settled");
    }
  }
  return n;
}

/**
 * The arena (PvP and bot games): the arena's plug-ins into the battle core,
 * put together. Each part owns one thing (docs/architecture.md, "Battles"):
 * arena-games.ts the storage, arena-settlement.ts the rewards,
 * arena-turns.ts the moves and timers, arena-start.ts new games,
 * arena-matchmaking.ts the queue, arena-channel.ts the realtime hooks.
 * What the routes call answers an Outcome (a refusal in domain words).
 */
export function createArenaBattles(deps: ArenaDeps) {
  const timing: ArenaTiming = {
    turnMs: PVP.turnMs,
    openingTurnMs: PVP.openingTurnMs,
    startAllowanceMs: PVP.startAllowanceMs,
    reconnectMs: PVP.reconnectMs,
    ...deps.timing,
  };
  let closed = false;
  const background = (p: Promise<unknown>, what: string): void => {
    p.catch((err: unknown) => {
      if (!closed) deps.log.error({ err }, `${what} failed`);
    });
  };

  const rooms = new RoomRegistry(deps.room, {
    onTurnDeadline: (room, turn) => background(turns.onDeadline(room.gameId, turn), "turn timer"),
    onBotMove: (room, turn) => background(turns.botMove(room.gameId, turn), "bot move"),
    onWindowOver: (room, userId) => background(turns.windowOver(room, userId), "drop window"),
  });
  const settlement = createArenaSettlement({
    clock: deps.clock,
    catalogue: deps.catalogue,
    progression: deps.progression,
    paidBattles: deps.paidBattles,
    onArenaGameFinished: deps.onArenaGameFinished,
    log: deps.log,
  });
  const games = createArenaGames(deps, {
    roomClock: deps.room,
    turnMs: timing.turnMs,
    rooms: () => rooms,
    settlement,
  });
  const ctx: ArenaContext = {
    deps,
    timing,
    games,
    rooms,
    settlement,
    withGame: createBattleLock(),
    background,
    isClosed: () => closed,
  };
  const turns = createArenaTurns(ctx);
  const starts = createArenaStart(ctx, turns.armTimers);
  const matchmaking = createArenaMatchmaking(ctx, starts);
  const channel = createArenaChannel(ctx, turns.armTimers);

  return {
    rooms,
    timing,
    matchTick: matchmaking.matchTick,

    /** Start-up: pays every arena game found over but unsettled; how many. */
    settleAllOverdue: (): Promise<number> => settleAllOverdue(deps, games),

    queue: (userId: number): Promise<Outcome<QueueStatus>> =>
      outcomeOf(() => matchmaking.queue(userId)),
    cancelQueue: (userId: number): Promise<Outcome<QueueStatus>> =>
      outcomeOf(() => matchmaking.cancelQueue(userId)),
    confirmStart: (userId: number, matchId: string): Promise<Outcome<ConfirmStartGameResult>> =>
      outcomeOf(() => matchmaking.confirmStart(userId, matchId)),
    startBot: (userId: number): Promise<Outcome<StateMessage[]>> =>
      outcomeOf(() => starts.startBot(userId)),
    current: (userId: number): Promise<Outcome<StateMessage[] | null>> =>
      outcomeOf(() => channel.current(userId)),
    playCard: (userId: number, body: PlayCardBody): Promise<Outcome<StateMessage[]>> =>
      outcomeOf(() => turns.playCard(userId, body)),
    endTurn: (userId: number, body: EndTurnBody): Promise<Outcome<StateMessage[]>> =>
      outcomeOf(() => turns.endTurn(userId, body)),
    giveUp: (userId: number, gameId: string, version?: number): Promise<Outcome<StateMessage[]>> =>
      outcomeOf(() => turns.giveUp(userId, gameId, version)),
    /** The caller's enemy timer ran out: the server ends that turn if its deadline passed. */
    warning: (userId: number, gameId: string): Promise<Outcome<StateMessage[]>> =>
      outcomeOf(() => turns.warning(userId, gameId)),
    /** The answer to a cancel_warning message: the caller's game as it stands (a resync). */
    cancelWarning: (userId: number): Promise<Outcome<StateMessage[]>> =>
      outcomeOf(async () => (await channel.current(userId)) ?? []),

    /**
     * A friendly game (issue 24): both players leave the ranked queue, the
     * game starts; answers each player's opening list (by user id).
     */
    async startFriendly(
      p0: FriendlySeat,
      p1: FriendlySeat,
    ): Promise<{ gameId: string; seq: number; openings: Map<number, StateMessage[]> }> {
      for (const u of [p0.userId, p1.userId]) {
        await deps.store.leave(u);
        await deps.store.cancelMatchOf(u, deps.room.now());
      }
      const g = await starts.createFriendly(p0, p1);
      const openings = new Map<number, StateMessage[]>();
      for (const h of humans(g)) openings.set(h.userId, games.snapshotFor(g, h.side));
      return { gameId: g.rec.battle.id, seq: g.state.version, openings };
    },
    /** A finished friendly game's players and decks (a rematch's), or null. */
    async finishedFriendly(
      gameId: string,
    ): Promise<{ players: [number, number]; decks: [number[], number[]] } | null> {
      const g = await games.load(gameId);
      if (g?.setup.mode !== "friendly" || g.rec.battle.status !== "finished") return null;
      const p1 = g.rec.game.player1;
      if (p1 === null) return null;
      return {
        players: [g.rec.game.player0, p1],
        decks: [g.setup.sides[0].deck, g.setup.sides[1].deck],
      };
    },
    /** Whether a player is free to start a battle (no arena seat, no other battle). */
    isFree: async (userId: number): Promise<boolean> => {
      try {
        await starts.assertFree(userId);
        return true;
      } catch (err) {
        if (err instanceof Refused) return false;
        throw err;
      }
    },

    onRegister: (userId: number): Promise<ChannelData[]> => channel.onRegister(userId),
    onDrop: channel.onDrop,
    onGone: channel.onGone,

    /** Queue state for tests and the bench. */
    queuedSince: (userId: number) => deps.store.queuedSince(userId),
    queueSize: () => deps.store.queueSize(),

    close(): void {
      closed = true;
      rooms.disposeAll();
      games.clear();
    },
  };
}

export type ArenaBattles = ReturnType<typeof createArenaBattles>;
