import { type HumanDelays, thinkDelays } from "@cardrealm/ai";
import { ARENA_BOT } from "@cardrealm/content";
import type { Action, BattleState, Side } from "@cardrealm/engine";
import type { ChannelData } from "@cardrealm/protocol";
import fastifyWebsocket from "@fastify/websocket";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import { Redis } from "ioredis";
import type { TokenService } from "../auth/tokens.ts";
import {
  type ArenaBattles,
  type ArenaFinishedHook,
  type ArenaTiming,
  createArenaBattles,
} from "../battles/arena-battles.ts";
import { botEmoteForStep } from "../battles/arena-bot-emotes.ts";
import { createArenaEmotes } from "../battles/arena-emotes.ts";
import { createArenaSpectate } from "../battles/arena-spectate.ts";
import { BOT_SIDE } from "../battles/arena-types.ts";
import type { BattleVersions } from "../battles/battle-versions.ts";
import { planComputerTurn } from "../battles/computer-player.ts";
import type { FriendLookups } from "../battles/watch-access.ts";
import type { Config } from "../config.ts";
import type { GameContent } from "../content-bridge.ts";
import type { Db } from "../db/database.ts";
import * as friendsRepo from "../db/repositories/friends-repo.ts";
import { createChallenges } from "../friends/challenges.ts";
import { createFriends } from "../friends/friends-service.ts";
import { friendsRoutes } from "../http/routes/friends-routes.ts";
import { pvpRoutes } from "../http/routes/pvp-routes.ts";
import { socialRoutes } from "../http/routes/social-routes.ts";
import type { ArenaStore, WindowRule } from "../matchmaking/arena-store.ts";
import { createRedisChallengeStore } from "../matchmaking/challenge-redis-store.ts";
import { type ChallengeStore, createMemoryChallengeStore } from "../matchmaking/challenge-store.ts";
import { createMemoryStore } from "../matchmaking/memory-store.ts";
import { createRedisStore, type RedisArenaStore } from "../matchmaking/redis-store.ts";
import type { Progression } from "../progression/progression.ts";
import { type Bus, busPrefix, createMemoryBus, createRedisBus } from "./bus.ts";
import { type Channel, createChannel } from "./channel.ts";
import { every, type RoomClock, systemClock } from "./room-clock.ts";
import {
  createMemorySocialStore,
  createRedisSocialStore,
  type SocialStore,
} from "./social-store.ts";

/**
 * The bot's think times (packages/ai thinkDelays), shortened to the test
 * setting BATTLE_PACE_PERCENT when it is set, so the journeys stay fast.
 */
export function pacedThinkDelays(
  pacePercent: number | undefined,
): (seed: number, options: number) => HumanDelays {
  if (pacePercent === undefined) return thinkDelays;
  const scale = (ms: number) => Math.round((ms * pacePercent) / 100);
  return (seed, options) => {
    const d = thinkDelays(seed, options);
    return { beforePlayMs: scale(d.beforePlayMs), beforeEndTurnMs: scale(d.beforeEndTurnMs) };
  };
}

/** What buildApp's callers may set for the arena (all optional). */
export interface ArenaOptions {
  /** Timers and deadlines; tests pass a ManualClock. Defaults to wall time. */
  roomClock?: RoomClock;
  /** Called once per human player after an arena game's result is committed (progression's hook). */
  onArenaGameFinished?: ArenaFinishedHook;
  /** The bot's turn; defaults to battles/computer-player.ts planComputerTurn(ARENA_BOT). */
  planBotTurn?: (state: BattleState, side: Side) => Action[];
  /** The bot's human-like waits; defaults to packages/ai thinkDelays (at BATTLE_PACE_PERCENT). */
  botDelays?: (seed: number, options: number) => HumanDelays;
  timing?: Partial<ArenaTiming>;
  window?: WindowRule;
  /** Channel resend interval (ms). */
  resendMs?: number;
  /** Matchmaking pass interval (ms, room clock). */
  matchEveryMs?: number;
  /** Websocket ping interval (ms, wall time); 0 turns it off. */
  heartbeatMs?: number;
  /** Who is whose friend and who blocks whom (spectating); defaults to db/repositories/friends-repo.ts. */
  friends?: FriendLookups;
}

export interface Arena {
  pvp: ArenaBattles;
  channel: Channel;
  store: ArenaStore;
  bus: Bus;
}

/** How often each process renews the Redis epoch and retries what Redis lost (wall time). */
const EPOCH_CHECK_MS = 1000;
/** How long the start waits for the first epoch check (it goes on in the background after). */
const FIRST_CHECK_WAIT_MS = 3000;

/**
 * Surviving a Redis restart (docs/realtime.md "Redis restarts"): every
 * second, the epoch check; when Redis came back empty, this process's queued
 * players go back in the queue (redis-store.ts), its connected players are
 * marked connected again and the players of the matches it paired that were
 * waiting for confirmation are told (`lostMatch`); once Redis answers, the
 * players whose messages were lost get a resync. One check runs first, before
 * the process serves anyone, so it knows Redis's epoch from the start.
 */
async function watchRedisEpoch(
  store: RedisArenaStore,
  bus: Bus,
  lostMatch: (m: { id: string; p0: number; p1: number }) => void,
  log: { warn(obj: unknown, msg: string): void },
): Promise<NodeJS.Timeout> {
  let running = false;
  let down = false;
  const check = async (): Promise<void> => {
    if (running) return;
    running = true;
    try {
      const { wiped, requeued, lostMatches } = await store.checkEpoch();
      if (wiped) {
        bus.restorePresence();
        for (const m of lostMatches) lostMatch(m);
        log.warn(
          { requeued: requeued.length, lostMatches: lostMatches.length },
          "redis came back empty: queue and presence restored",
        );
      } else if (down) log.warn({}, "redis is back");
      down = false;
      bus.retryFailed();
    } catch (err) {
      if (!down) log.warn({ err }, "redis epoch check failed");
      down = true;
    } finally {
      running = false;
    }
  };
  // Bounded: an unreachable Redis (connect timeouts, retries) must not hold the start up.
  let waited: NodeJS.Timeout | undefined;
  await Promise.race([
    check(),
    new Promise<void>((resolve) => {
      waited = setTimeout(resolve, FIRST_CHECK_WAIT_MS);
    }),
  ]);
  clearTimeout(waited);
  const timer = setInterval(() => void check(), EPOCH_CHECK_MS);
  timer.unref();
  return timer;
}

/** Where the arena keeps what its processes share: Redis with REDIS_URL, else this process's memory. */
function arenaBackends(
  config: Config,
  now: () => number,
  log: FastifyInstance["log"],
): {
  store: ArenaStore;
  challengeStore: ChallengeStore;
  bus: Bus;
  social: SocialStore;
  redisConnections: Redis[];
  redisStore: RedisArenaStore | null;
} {
  if (!config.redisUrl) {
    return {
      store: createMemoryStore(),
      challengeStore: createMemoryChallengeStore(),
      bus: createMemoryBus(),
      social: createMemorySocialStore(now),
      redisConnections: [],
      redisStore: null,
    };
  }
  const pub = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
  const sub = pub.duplicate();
  // Reconnects are retried on their own; an outage is logged once by the epoch check.
  for (const r of [pub, sub])
    r.on("error", (err: unknown) => log.debug({ err }, "redis connection error"));
  const where = config.databaseUrl ?? config.sqlitePath;
  const prefix = busPrefix(where);
  const redisStore = createRedisStore(pub, prefix);
  return {
    store: redisStore,
    challengeStore: createRedisChallengeStore(pub, prefix),
    bus: createRedisBus({ pub, sub, prefix, log }),
    social: createRedisSocialStore(pub, prefix),
    redisConnections: [pub, sub],
    redisStore,
  };
}

/**
 * The realtime channel and the PvP arena on the app's Fastify server: /wss,
 * the /api/game/pvp/* routes, matchmaking. One process keeps the shared
 * arena state in memory; with REDIS_URL several processes share it in Redis,
 * under a key prefix derived from the database they share.
 */
export async function registerArena(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    content: GameContent;
    tokens: TokenService;
    auth: preHandlerAsyncHookHandler;
    clock: () => number;
    /** Season xp, rank score and daily tasks of a finished arena game (in its transaction). */
    progression: Pick<Progression, "onBattleFinished">;
    /** Engine and catalogue versions stamped on every new game. */
    battleVersions: BattleVersions;
    options?: ArenaOptions;
  },
): Promise<Arena> {
  const { config, db, content } = deps;
  const options = deps.options ?? {};
  const room = options.roomClock ?? systemClock(deps.clock);
  const log = app.log;

  const { store, challengeStore, bus, social, redisConnections, redisStore } = arenaBackends(
    config,
    () => room.now(),
    log,
  );
  let epochWatch: NodeJS.Timeout | null = null;

  const channel = createChannel({
    tokens: deps.tokens,
    clock: room,
    bus,
    log,
    authTimeoutMs: config.connections.wssRegisterTimeoutMs,
    ...(options.resendMs !== undefined ? { resendMs: options.resendMs } : {}),
    ...(options.heartbeatMs !== undefined ? { heartbeatMs: options.heartbeatMs } : {}),
    ...(options.timing?.reconnectMs !== undefined
      ? { reconnectMs: options.timing.reconnectMs }
      : {}),
  });

  const catalogue = content.catalogue;
  const send = (userId: number, data: ChannelData) => channel.send(userId, data);
  const spectate = createArenaSpectate({
    db,
    catalogue,
    store: social,
    friends: options.friends ?? friendsRepo,
    send,
    log,
  });
  const emotes = createArenaEmotes({ db, store: social, send });
  const pvp = createArenaBattles({
    db,
    clock: deps.clock,
    room,
    catalogue,
    bot: ARENA_BOT,
    store,
    send,
    isConnected: (userId) => bus.isConnected(userId),
    // The same computer player as the story's (computer-player.ts): one way to play the bot.
    planBotTurn:
      options.planBotTurn ?? ((state, side) => planComputerTurn(state, side, ARENA_BOT, catalogue)),
    botDelays: options.botDelays ?? pacedThinkDelays(config.battlePacePercent),
    progression: deps.progression,
    paidBattles: config.paidBattles,
    versions: deps.battleVersions,
    onArenaGameFinished: options.onArenaGameFinished,
    afterStep: (g, events) => {
      spectate.afterStep(g, events);
      const human = g.rec.game.player0;
      const emote =
        g.setup.mode === "bot" ? botEmoteForStep(g.setup.seed, BOT_SIDE, g.state, events) : null;
      if (emote) send(human, { type: "emote", game_id: g.rec.battle.id, emote });
    },
    ...(options.timing ? { timing: options.timing } : {}),
    ...(options.window ? { window: options.window } : {}),
    log,
  });
  // Games over but never paid (a crash before the final state and its payment shared a commit).
  await pvp.settleAllOverdue();
  channel.setHooks({
    onRegister: async (userId) => [
      ...(await pvp.onRegister(userId)),
      ...(await spectate.onRegister(userId)),
    ],
    onDrop: (userId, until) => pvp.onDrop(userId, until),
    onGone: (userId) => {
      pvp.onGone(userId);
      spectate.onGone(userId);
    },
  });

  if (redisStore) {
    // A player told is one no longer in a game (a match that did start is
    // played, not reset: the player's client ignores it then anyway).
    const tell = async (userId: number, matchId: string) => {
      const current = await pvp.current(userId);
      if (current.ok && current.value === null)
        send(userId, { type: "queue_reset", players: matchId });
    };
    epochWatch = await watchRedisEpoch(
      redisStore,
      bus,
      (m) => {
        for (const u of [m.p0, m.p1])
          tell(u, m.id).catch((err: unknown) => log.warn({ err }, "queue reset not told"));
      },
      log,
    );
  }

  // Before the plugin's own preClose (which closes what is left and the
  // server): stop timers and close sockets as a shutdown, not as drops.
  const ticker = every(room, options.matchEveryMs ?? 1000, () => {
    pvp.matchTick().catch((err: unknown) => log.error({ err }, "matchmaking failed"));
  });
  app.addHook("preClose", async () => {
    ticker.cancel();
    pvp.close();
    await channel.close();
  });
  app.addHook("onClose", async () => {
    if (epochWatch) clearInterval(epochWatch);
    await store.close();
    await bus.close();
    for (const r of redisConnections) r.disconnect();
  });

  await app.register(fastifyWebsocket, {
    options: { maxPayload: 8 * 1024, perMessageDeflate: false },
  });
  channel.route(app);
  pvpRoutes(app, { auth: deps.auth, pvp });
  // Friends, challenges and rematches (issue 24): presence and notices through the channel.
  const isConnected = (userId: number) => bus.isConnected(userId);
  friendsRoutes(app, {
    auth: deps.auth,
    friends: createFriends({ db, clock: deps.clock, send, isConnected }),
    challenges: createChallenges({
      db,
      room,
      store: challengeStore,
      pvp,
      send,
      isConnected,
      log,
    }),
    requestsPerHour: config.throttle.friendRequestsPerHour,
  });
  socialRoutes(app, { auth: deps.auth, spectate, emotes });
  return { pvp, channel, store, bus };
}
