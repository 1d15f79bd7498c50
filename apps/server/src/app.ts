import { existsSync } from "node:fs";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { sql } from "kysely";
import { createTokenService } from "./auth/tokens.ts";
import { currentBattleVersions } from "./battles/battle-versions.ts";
import { createCpuBattles, type TurnPlanner } from "./battles/cpu-battles.ts";
import type { FaultHook } from "./battles/fault-points.ts";
import type { Config } from "./config.ts";
import type { GameContent } from "./content-bridge.ts";
import type { Db } from "./db/database.ts";
import { createShop } from "./economy/box-opening.ts";
import { BOXES } from "./economy/boxes.ts";
import { createDeckEditor } from "./economy/deck-editor.ts";
import { createPayments } from "./economy/payments.ts";
import { requireUser } from "./http/auth-guard.ts";
import { listClientFiles } from "./http/client-files.ts";
import { installErrorHandler, installJsonParser } from "./http/error-handler.ts";
import { createRateLimiter } from "./http/rate-limiter.ts";
import { authRoutes } from "./http/routes/auth-routes.ts";
import { catalogueRoutes } from "./http/routes/catalogue-routes.ts";
import { cpuBattleRoutes } from "./http/routes/cpu-battle-routes.ts";
import { economyRoutes } from "./http/routes/economy-routes.ts";
import { playerRoutes } from "./http/routes/player-routes.ts";
import { progressionRoutes } from "./http/routes/progression-routes.ts";
import { tutorialRoutes } from "./http/routes/tutorial-routes.ts";
import { createLocalPartner } from "./partners/local-partner.ts";
import { partnerSimulatorRoutes } from "./partners/partner-simulator.ts";
import { setProgressionClock } from "./progression/clock.ts";
import { createProgression } from "./progression/progression.ts";
import { createSeasonEnd, scheduleSeasonEnd } from "./progression/season-end.ts";
import { type ArenaOptions, registerArena } from "./realtime/arena.ts";
import { createPlayerService } from "./services/player-service.ts";

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
  const clock = deps.clock ?? Date.now;
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 16 * 1024,
    // Finish in-flight requests on close, but do not wait on idle keep-alive sockets.
    forceCloseConnections: "idle",
    return503OnClosing: true,
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
  // Answers over 1 KB go compressed when the browser asks (br, then gzip):
  // /api/cards alone is ~60 KB of JSON (bench/web/lighthouse.ts, map). The
  // client's files come precompressed from the build and are left as they are.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ["br", "gzip"] });

  const tokens = createTokenService({
    secret: config.tokenSecret,
    ttlSeconds: config.tokenTtlSeconds,
    clock,
  });
  const auth = requireUser(tokens);
  const players = createPlayerService({
    db,
    tokens,
    clock,
    partnerName: config.partnerName,
    starter: deps.content.starter,
  });

  // Liveness: the process answers. Readiness (/healthz) also checks the database.
  app.get("/livez", async () => ({ data: { status: "ok" } }));

  app.get("/healthz", async (_request, reply) => {
    try {
      await sql`select 1`.execute(db.kysely);
      return { data: { status: "ok", database: db.dialect } };
    } catch {
      return reply
        .status(503)
        .send({ error: { code: "internal", message: "database unreachable" } });
    }
  });

  authRoutes(app, players);
  playerRoutes(app, {
    players,
    auth,
    eventLimiter: createRateLimiter({ limit: config.eventsPerMinute, windowMs: 60_000, clock }),
  });
  // The guided tutorial's step (features/tutorial on the client).
  tutorialRoutes(app, { db: db.kysely, auth, clock });

  // Arena progression: daily tasks, season track, ranks (progression/).
  setProgressionClock(clock);
  const progression = createProgression({ db, clock });
  await progression.ensureSeason();
  progressionRoutes(app, { auth, progression, db: db.kysely, clock });
  if (deps.seasonSchedule !== false) {
    const stopSeasonEnd = scheduleSeasonEnd({
      job: createSeasonEnd({ db, clock, progression }),
      progression,
      clock,
      log: app.log,
    });
    app.addHook("preClose", async () => stopSeasonEnd());
  }

  const battleVersions = currentBattleVersions(deps.content.apiCards);
  const storyBattles = createCpuBattles({
    db,
    versions: battleVersions,
    clock,
    catalogue: deps.content.catalogue,
    opponent: deps.content.opponent,
    chapterOf: deps.content.chapterOf,
    bossIds: deps.content.bossIds,
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

  await registerArena(app, {
    config,
    db,
    content: deps.content,
    tokens,
    auth,
    clock,
    progression,
    battleVersions,
    ...(deps.arena ? { options: deps.arena } : {}),
  });

  const partner = createLocalPartner(db, config.partnerName);
  economyRoutes(app, {
    auth,
    editor: createDeckEditor({ db, clock }),
    shop: createShop({
      db,
      clock,
      onBoxOpened: progression.onBoxOpened,
      onSeasonPass: progression.onSeasonPass,
    }),
    payments: createPayments({ db, clock, partner }),
    partnerName: config.partnerName,
    // The sandbox stands in for a platform in local play; never with a real partner.
    sandbox: !config.production,
  });

  if (!config.production) partnerSimulatorRoutes(app, partner);

  const clientRoot = existsSync(config.clientDist) ? config.clientDist : undefined;
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
      // Tests only (refused in production): the arena's bot fallback wait.
      ...(config.arenaBotWaitSeconds !== undefined
        ? { arenaBotWaitSeconds: String(config.arenaBotWaitSeconds) }
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

  app.addHook("onClose", async () => {
    await db.close();
  });
  return app;
}
