import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { Redis } from "ioredis";
import { createKnownDevices } from "./auth/known-devices.ts";
import { createPasswordHasher } from "./auth/passwords.ts";
import { createSessions } from "./auth/sessions.ts";
import { createTokenSigner, type TokenService } from "./auth/tokens.ts";
import { currentBattleVersions } from "./battles/battle-versions.ts";
import type { FaultHook } from "./battles/fault-points.ts";
import { createStoryBattles, type TurnPlanner } from "./battles/story-battles.ts";
import type { Config } from "./config.ts";
import type { GameContent } from "./content-bridge.ts";
import type { Db } from "./db/database.ts";
import { pendingMigrations } from "./db/migrate.ts";
import { ping } from "./db/repositories/health-repo.ts";
import { gamesInProgress } from "./db/repositories/metrics-repo.ts";
import { createShop } from "./economy/box-opening.ts";
import { BOXES } from "./economy/boxes.ts";
import { createDeckEditor } from "./economy/deck-editor.ts";
import { GEM_SHOP_BOXES } from "./economy/gem-boxes.ts";
import { createPayments } from "./economy/payments.ts";
import { requireUser } from "./http/auth-guard.ts";
import { listClientFiles } from "./http/client-files.ts";
import { limitConnections, trustedProxyAddress } from "./http/connection-limits.ts";
import { errorShapeOptions, installErrorHandler, installJsonParser } from "./http/error-handler.ts";
import { HttpError } from "./http/http-error.ts";
import { recordRoutes } from "./http/route-table.ts";
import { authRoutes } from "./http/routes/auth-routes.ts";
import { catalogueRoutes } from "./http/routes/catalogue-routes.ts";
import { cpuBattleRoutes } from "./http/routes/cpu-battle-routes.ts";
import { economyRoutes } from "./http/routes/economy-routes.ts";
import { healthRoutes } from "./http/routes/health-routes.ts";
import { metricsRoutes } from "./http/routes/metrics-routes.ts";
import { operatorRoutes } from "./http/routes/operator-routes.ts";
import { playerRoutes } from "./http/routes/player-routes.ts";
import { practiceRoutes } from "./http/routes/practice-routes.ts";
import { progressionRoutes } from "./http/routes/progression-routes.ts";
import { replayRoutes } from "./http/routes/replay-routes.ts";
import { tutorialRoutes } from "./http/routes/tutorial-routes.ts";
import { installSecurityHeaders } from "./http/security-headers.ts";
import { installServerTiming } from "./http/server-timing.ts";
import { installThrottle } from "./http/throttle.ts";
import { createMetrics } from "./observability/metrics.ts";
import { createSignedPartner } from "./partners/partner-adapter.ts";
import { partnerSimulatorRoutes } from "./partners/partner-simulator.ts";
import { createProgression } from "./progression/progression.ts";
import { createSeasonEnd, scheduleSeasonEnd } from "./progression/season-end.ts";
import { type ArenaOptions, registerArena } from "./realtime/arena.ts";
import { busPrefix } from "./realtime/bus.ts";
import type { Channel } from "./realtime/channel.ts";
import { createReplays } from "./replays/replay-service.ts";
import { createOperatorService } from "./services/operator-service.ts";
import { createPlayerService } from "./services/player-service.ts";
import { createTutorial } from "./services/tutorial-service.ts";
import { fastifyTrustProxy } from "./trust-proxy.ts";

/**
 * Smaller answers go plain. A battle move's answer is 1-3 KB: compressing
 * it (br) saved ~0.8 KB on the wire, well inside one TCP round trip, and
 * cost 27-29 % more server CPU a move (bench/pvp with a browser's
 * accept-encoding, bench/RESULTS.md "Session 20").
 */
export const COMPRESS_THRESHOLD_BYTES = 4096;

export interface AppDeps {
  config: Config;
  db: Db;
  content: GameContent;
  clock?: () => number;
  /** The computer's turn; tests may pass a simple planner. Defaults to packages/ai. */
  planTurn?: TurnPlanner;
  /** Tests: a crash point inside battle settlement (battles/fault-points.ts). */
  battleFault?: FaultHook;
  logger?: FastifyServerOptions["logger"];
  /** Run the season-end job inside the server at the season's end (default true). */
  seasonSchedule?: boolean;
  /** The realtime channel and PvP arena: room clock, onArenaGameFinished hook, test timings. */
  arena?: ArenaOptions;
}

/** Builds the whole server without listening (tests use app.inject()). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const ctx: Ctx = {
    deps,
    config: deps.config,
    db: deps.db,
    clock: deps.clock ?? Date.now,
    app: createFastify(deps),
  };
  const http = await installHttp(ctx);
  const live: { channel: Channel | null; tokens: TokenService | null } = {
    channel: null,
    tokens: null,
  };
  // A session that ends is forgotten by this process's session cache before
  // the answer leaves, and closes its open socket too (the channel is made by the arena).
  const sessionsEnded = (userId: number, spareToken?: string) => {
    live.tokens?.forget?.(userId);
    live.channel?.endSessions(userId, spareToken);
  };
  const { tokens, auth } = accountRoutes(ctx, http, sessionsEnded);
  live.tokens = tokens;
  const progression = await progressionOf(ctx, auth);
  const battleVersions = await battleRoutes(ctx, auth, progression);
  const arena = await registerArena(ctx.app, {
    config: ctx.config,
    db: ctx.db,
    content: deps.content,
    tokens,
    auth,
    clock: ctx.clock,
    progression,
    battleVersions,
    ...(deps.arena ? { options: deps.arena } : {}),
  });
  live.channel = arena.channel;
  http.metrics.attach({
    openWebsockets: () => arena.channel.connectedCount,
    queuedPlayers: () => arena.store.queueSize(),
    gamesInProgress: () => gamesInProgress(ctx.db.kysely),
    ...(ctx.db.poolStats ? { pool: ctx.db.poolStats } : {}),
  });
  shopRoutes(ctx, auth, progression, sessionsEnded);
  developerPages(ctx);
  await clientRoutes(ctx, auth, http.clientRoot);
  ctx.app.addHook("onClose", async () => {
    await ctx.db.close();
  });
  return ctx.app;
}

/** What every part of the server is built from. */
interface Ctx {
  deps: AppDeps;
  config: Config;
  db: Db;
  clock: () => number;
  app: FastifyInstance;
}

function createFastify(deps: AppDeps): FastifyInstance {
  const { config } = deps;
  return Fastify({
    logger: deps.logger ?? false,
    // Behind a reverse proxy (TRUST_PROXY) the client's address and scheme
    // come from X-Forwarded-For/-Proto, only the entries the proxies wrote:
    // throttles count the player, not the proxy nor an address the player made up.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 16 * 1024,
    // Slow and idle connections are closed (issue 23 item 5): Fastify's own
    // defaults are no request timeout and 72 s keep-alive. Node's checker
    // runs every connectionsCheckingInterval (30 s by default, which would
    // let a 10 s header wait last 40 s): a quarter of the header timeout.
    requestTimeout: config.connections.requestTimeoutMs,
    keepAliveTimeout: config.connections.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.connections.headersTimeoutMs,
      requestTimeout: config.connections.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(
        50,
        Math.floor(config.connections.headersTimeoutMs / 4),
      ),
    },
    // Finish in-flight requests on close, but do not wait on idle keep-alive sockets.
    forceCloseConnections: "idle",
    return503OnClosing: true,
    ...errorShapeOptions,
  });
}

/**
 * The HTTP layer before any route: the route table, connection limits, the
 * JSON parser, closing, errors, metrics, compression, security headers and
 * throttles (in Redis when there is one, so every process shares them).
 */
async function installHttp({ app, config }: Ctx) {
  recordRoutes(app);
  limitConnections(app.server, {
    perAddress: config.connections.perAddress,
    max: config.connections.max,
    isTrustedProxy: trustedProxyAddress(config),
    onRefused: warnOfRefusals(app),
  });
  installJsonParser(app);
  // While closing, answers in flight still go out, with Connection: close so
  // their keep-alive sockets do not hold the shutdown open.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });
  installErrorHandler(app);
  if (config.serverTiming) installServerTiming(app);
  const metrics = createMetrics();
  metricsRoutes(app, { metrics, token: config.metricsToken });
  // Answers of COMPRESS_THRESHOLD_BYTES or more go compressed when the browser
  // asks (br, then gzip): /api/cards alone is ~60 KB of JSON
  // (bench/web/lighthouse.ts, map). The client's files come precompressed from
  // the build and are left as they are.
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
  });

  const clientRoot = existsSync(config.clientDist) ? config.clientDist : undefined;
  const indexFile = clientRoot ? join(clientRoot, "index.html") : undefined;
  await installSecurityHeaders(app, {
    frameAncestors: config.frameAncestors,
    indexHtml: indexFile && existsSync(indexFile) ? readFileSync(indexFile, "utf8") : undefined,
  });
  const throttleRedis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 })
    : undefined;
  if (throttleRedis) {
    throttleRedis.on("error", (err: Error) => app.log.warn({ err: err.message }, "throttle redis"));
    app.addHook("onClose", async () => {
      throttleRedis.disconnect();
    });
  }
  await installThrottle(app, throttleRedis, busPrefix(config.databaseUrl ?? config.sqlitePath));

  return { metrics, clientRoot, throttleRedis, isClosing: () => closing };
}

type Http = Awaited<ReturnType<typeof installHttp>>;

/** Sessions and players: health, sign-in, the player's own routes, the tutorial. */
function accountRoutes(
  { app, config, db, clock, deps }: Ctx,
  http: Http,
  sessionsEnded: (userId: number, spareToken?: string) => void,
) {
  const { throttleRedis } = http;
  // A token signs in while its user exists and its session is current (auth/sessions.ts).
  const tokens = createSessions({
    signer: createTokenSigner({
      secret: config.tokenSecret,
      ttlSeconds: config.tokenTtlSeconds,
      clock,
    }),
    db,
  });
  const auth = requireUser(tokens);
  const players = createPlayerService({
    db,
    tokens,
    passwords: createPasswordHasher({ concurrency: config.passwordHashConcurrency }),
    clock,
    partnerName: config.partnerName,
    partnerSecret: config.partnerSecret,
    starter: deps.content.starter,
  });

  healthRoutes(app, {
    dialect: db.dialect,
    database: () => ping(db.kysely),
    pendingMigrations: () => pendingMigrations(db),
    ...(throttleRedis ? { redis: async () => void (await throttleRedis.ping()) } : {}),
    draining: http.isClosing,
  });

  // Devices that signed in to an account (the cr_device cookie): see auth/known-devices.ts.
  const devices = createKnownDevices(config.tokenSecret);
  authRoutes(app, { players, throttles: config.throttle, devices });
  playerRoutes(app, {
    players,
    auth,
    eventsPerMinute: config.eventsPerMinute,
    devices,
    sessionsEnded,
  });
  // The guided tutorial's step (features/tutorial on the client).
  tutorialRoutes(app, { auth, tutorial: createTutorial({ db, clock }) });

  return { tokens, auth };
}

type Auth = ReturnType<typeof requireUser>;

/** Arena progression: daily tasks, season track, ranks (progression/), and the season-end job. */
async function progressionOf({ app, db, clock, deps }: Ctx, auth: Auth) {
  const progression = createProgression({ db, clock });
  await progression.ensureSeason();
  progressionRoutes(app, { auth, progression });
  if (deps.seasonSchedule !== false) {
    const stopSeasonEnd = scheduleSeasonEnd({
      job: createSeasonEnd({ db, clock, progression }),
      progression,
      clock,
      log: app.log,
    });
    app.addHook("preClose", async () => stopSeasonEnd());
  }

  return progression;
}

type Progression = Awaited<ReturnType<typeof progressionOf>>;

/** Story, practice and replays of battles against the computer; returns the battle versions. */
async function battleRoutes(
  { app, config, db, clock, deps }: Ctx,
  auth: Auth,
  progression: Progression,
) {
  const battleVersions = currentBattleVersions(deps.content.apiCards);
  const storyBattles = createStoryBattles({
    db,
    versions: battleVersions,
    clock,
    catalogue: deps.content.catalogue,
    opponent: deps.content.opponent,
    opponents: deps.content.opponents,
    chapterOf: deps.content.chapterOf,
    bossIds: deps.content.bossIds,
    paidBattles: config.paidBattles,
    planTurn: deps.planTurn ?? deps.content.planTurn,
    fixedSeed: config.battleSeed,
    log: app.log,
    progression,
    ...(deps.battleFault ? { fault: deps.battleFault } : {}),
  });
  // A battle over but never paid (a crash between its end and its payment,
  // before they shared a transaction) is paid now and its player freed.
  await storyBattles.settleAllOverdue();
  cpuBattleRoutes(app, { auth, battles: storyBattles });
  // Deck challenges: a shared deck against a computer opponent, for nothing (docs/replays.md).
  practiceRoutes(app, { auth, battles: storyBattles });
  // Finished battles rebuilt for one seat, and shared by link (docs/replays.md).
  replayRoutes(app, {
    auth,
    replays: createReplays({
      db,
      clock,
      catalogue: deps.content.catalogue,
      versions: battleVersions,
      log: app.log,
    }),
    shareMissesPerHour: config.throttle.replayShareMissesPerHour,
  });

  return battleVersions;
}

/** The operator's console, and the shop: deck editor, boxes, payments. */
function shopRoutes(
  { app, config, db, clock }: Ctx,
  auth: Auth,
  progression: Progression,
  sessionsEnded: (userId: number, spareToken?: string) => void,
): void {
  // The operator's console (OPERATOR_TOKENS; absent without it).
  operatorRoutes(app, {
    operators: createOperatorService({
      db,
      clock,
      grantCeiling: config.operatorGrantGemsPerDay,
      onSessionsEnded: sessionsEnded,
    }),
    tokens: config.operatorTokens,
  });

  const partner = createSignedPartner({
    name: config.partnerName,
    secret: config.partnerSecret,
    boxes: GEM_SHOP_BOXES,
  });
  economyRoutes(app, {
    auth,
    editor: createDeckEditor({ db, clock }),
    shop: createShop({
      db,
      clock,
      onBoxOpened: progression.onBoxOpened,
      onSeasonPass: progression.onSeasonPass,
    }),
    payments: createPayments({ db, clock, partner, sandbox: config.paymentSandbox }),
    partnerName: config.partnerName,
    // The sandbox stands in for a platform in local play (PAYMENT_SANDBOX=1, never in production).
    sandbox: config.paymentSandbox,
  });
}

/** The partner simulator outside production; in production, no developer pages. */
function developerPages({ app, config, clock }: Ctx): void {
  if (!config.production) {
    partnerSimulatorRoutes(app, {
      partnerName: config.partnerName,
      partnerSecret: config.partnerSecret,
      clock,
      frameAncestors: config.frameAncestors,
    });
  } else {
    // Developer pages are not part of a production server.
    app.addHook("onRequest", async (request) => {
      if (request.url.startsWith("/card-sheet")) {
        throw new HttpError(404, "not_found", `No such call: GET ${request.url.split("?")[0]}`);
      }
    });
  }
}

/** The catalogue and public settings, and the client's files (or a note when it is not built). */
async function clientRoutes(
  { app, config, deps }: Ctx,
  auth: Auth,
  clientRoot: string | undefined,
) {
  let files = clientRoot ? listClientFiles(clientRoot) : listClientFiles("apps/client/public");
  catalogueRoutes(app, {
    auth,
    cardsJson: JSON.stringify(deps.content.apiCards),
    boxes: BOXES,
    files: () => files,
    publicSettings: {
      partner: config.partnerName,
      supporterUrl: config.supporterUrl,
      patronUrl: config.patronUrl,
      communityUrl: config.communityUrl,
      version: "1.21-p",
      // Who may frame the game and so receive its payment orders ('self': the page's own origin).
      partnerOrigins: config.frameAncestors.join(" "),
      paymentSandbox: config.paymentSandbox ? "1" : "0",
      // rules.md 4, "Paid battles": the end panel says why a battle paid nothing in these numbers.
      paidBattleMinSeconds: String(config.paidBattles.minSeconds),
      paidBattleMinCards: String(config.paidBattles.minCards),
      paidBattlesPerDay: String(config.paidBattles.perDay),
      // Tests only (refused in production): the arena's bot fallback wait.
      ...(config.arenaBotWaitSeconds !== undefined
        ? { arenaBotWaitSeconds: String(config.arenaBotWaitSeconds) }
        : {}),
      // Tests only (refused in production): the battle screen's reading pauses, in percent.
      ...(config.battlePacePercent !== undefined
        ? { battlePacePercent: String(config.battlePacePercent) }
        : {}),
    },
  });

  if (clientRoot) {
    await app.register(fastifyStatic, {
      root: clientRoot,
      wildcard: true,
      // The client build writes .br and .gz beside each text file (vite.config.ts).
      preCompressed: true,
      // Our own cache-control below: the plugin's would overwrite ours.
      cacheControl: false,
      setHeaders(res, servedPath) {
        // A precompressed file arrives as its .br/.gz sibling: judge by the original name.
        const path = servedPath.replace(/\.(br|gz)$/, "");
        // Vite fingerprints everything under assets/: safe to cache for a year.
        if (path.includes(`${"/"}assets${"/"}`))
          res.setHeader("cache-control", "public, max-age=31536000, immutable");
        else if (path.endsWith(".html")) res.setHeader("cache-control", "no-cache");
        else res.setHeader("cache-control", "public, max-age=3600");
      },
    });
    files = listClientFiles(clientRoot);
  } else {
    app.get("/", async (_request, reply) =>
      reply
        .type("text/plain; charset=utf-8")
        .send("The client is not built yet. Run `npm start` (it builds it) or `npm run build`."),
    );
  }
}

/** A warning at most every 10 s, with the count, while an address's connections are refused. */
function warnOfRefusals(app: FastifyInstance): (address: string) => void {
  let refused = 0;
  let lastWarned = 0;
  return (address) => {
    refused += 1;
    const now = Date.now();
    if (now - lastWarned < 10_000) return;
    app.log.warn({ address, refused }, "connections refused: an address is at its connection cap");
    lastWarned = now;
    refused = 0;
  };
}
