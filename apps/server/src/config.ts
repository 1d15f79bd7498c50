import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import type { PaidBattleRule } from "./battles/paid-battles.ts";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy.ts";

/**
 * Every setting the server reads, from the environment, validated at start.
 * The README's settings table mirrors this schema; keep them in step.
 */
const url = (what: string) =>
  z.url({ message: `${what} must be a full http(s) address, e.g. https://example.com/page` });

/** A whole number of something (milliseconds, connections) between min and max. */
const whole = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be between ${min} and ${max}`)
    .max(max, `${name} must be between ${min} and ${max}`)
    .default(fallback);

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ message: "PORT must be a number" })
    .int("PORT must be a whole number")
    .min(0, "PORT must be between 0 and 65535")
    .max(65535, "PORT must be between 0 and 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: "DATABASE_POOL_SIZE must be a number" })
    .int("DATABASE_POOL_SIZE must be a whole number")
    .min(1, "DATABASE_POOL_SIZE must be between 1 and 200")
    .max(200, "DATABASE_POOL_SIZE must be between 1 and 200")
    .default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ message: "DATABASE_STATEMENT_TIMEOUT_MS must be a number" })
    .int("DATABASE_STATEMENT_TIMEOUT_MS must be a whole number")
    .min(100, "DATABASE_STATEMENT_TIMEOUT_MS must be between 100 and 3600000")
    .max(3_600_000, "DATABASE_STATEMENT_TIMEOUT_MS must be between 100 and 3600000")
    .default(15_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
    .number({ message: "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS must be a number" })
    .int("DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS must be a whole number")
    .min(100, "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS must be between 100 and 3600000")
    .max(3_600_000, "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS must be between 100 and 3600000")
    .default(10_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "REDIS_URL must start with redis:// or rediss://")
    .optional(),
  TOKEN_SECRET: z.string().min(32, "TOKEN_SECRET must be at least 32 characters").optional(),
  PARTNER_SECRET: z.string().min(32, "PARTNER_SECRET must be at least 32 characters").optional(),
  PAYMENT_SANDBOX: z.enum(["0", "1"], { message: "PAYMENT_SANDBOX must be 0 or 1" }).default("0"),
  SERVER_TIMING: z.enum(["0", "1"], { message: "SERVER_TIMING must be 0 or 1" }).default("0"),
  FRAME_ANCESTORS: z
    .string()
    .regex(
      /^(('self'|'none'|https?:\/\/[a-z0-9.-]+(:\d+)?)(\s+|$))+$/i,
      "FRAME_ANCESTORS must be 'self', 'none' or origins like https://partner.example (space-separated)",
    )
    .default("'self'"),
  TRUST_PROXY: z
    .string()
    .default("0")
    .transform((value, ctx): TrustProxy => {
      const setting = parseTrustProxy(value);
      if ("kind" in setting) return setting;
      ctx.issues.push({ code: "custom", message: setting.refused, input: value });
      return z.NEVER;
    }),
  HTTP_HEADERS_TIMEOUT_MS: whole("HTTP_HEADERS_TIMEOUT_MS", 100, 300_000, 10_000),
  HTTP_REQUEST_TIMEOUT_MS: whole("HTTP_REQUEST_TIMEOUT_MS", 100, 600_000, 30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: whole("HTTP_KEEP_ALIVE_TIMEOUT_MS", 100, 600_000, 65_000),
  WSS_REGISTER_TIMEOUT_MS: whole("WSS_REGISTER_TIMEOUT_MS", 100, 600_000, 10_000),
  CONNECTIONS_PER_ADDRESS: whole("CONNECTIONS_PER_ADDRESS", 1, 1_000_000, 256),
  MAX_CONNECTIONS: whole("MAX_CONNECTIONS", 1, 1_000_000, 10_000),
  SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  LOGINS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(20),
  LOGIN_FAILURES_PER_LOGIN: z.coerce.number().int().min(1).max(1_000_000).default(10),
  REPLAY_SHARE_MISSES_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Friend requests (by code or link) one player, and one address, may send per hour. */
  FRIEND_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 30),
  PARTNER_NAME: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, "PARTNER_NAME must be 2-32 lowercase letters, digits or dashes")
    .default("local"),
  SUPPORTER_URL: url("SUPPORTER_URL").default("https://example.com/cardrealm/supporter"),
  PATRON_URL: url("PATRON_URL").default("https://example.com/cardrealm/patron"),
  COMMUNITY_URL: url("COMMUNITY_URL").default("https://example.com/cardrealm/community"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  CLIENT_DIST: z.string().default("apps/client/dist"),
  EVENTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  BATTLE_SEED: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 2)
    .optional(),
  ARENA_BOT_WAIT_SECONDS: z.coerce.number().int().min(1).max(70).optional(),
  BATTLE_PACE_PERCENT: z.coerce.number().int().min(1).max(100).optional(),
  // rules.md 4, "Paid battles" (battles/paid-battles.ts); 0 turns a minimum off (tests only).
  PAID_BATTLE_MIN_SECONDS: z.coerce
    .number({ message: "PAID_BATTLE_MIN_SECONDS must be a number" })
    .int("PAID_BATTLE_MIN_SECONDS must be a whole number")
    .min(0, "PAID_BATTLE_MIN_SECONDS must be between 0 and 3600")
    .max(3600, "PAID_BATTLE_MIN_SECONDS must be between 0 and 3600")
    .default(60),
  PAID_BATTLE_MIN_CARDS: z.coerce
    .number({ message: "PAID_BATTLE_MIN_CARDS must be a number" })
    .int("PAID_BATTLE_MIN_CARDS must be a whole number")
    .min(0, "PAID_BATTLE_MIN_CARDS must be between 0 and 40")
    .max(40, "PAID_BATTLE_MIN_CARDS must be between 0 and 40")
    .default(3),
  PAID_BATTLES_PER_DAY: z.coerce
    .number({ message: "PAID_BATTLES_PER_DAY must be a number" })
    .int("PAID_BATTLES_PER_DAY must be a whole number")
    .min(1, "PAID_BATTLES_PER_DAY must be between 1 and 100000")
    .max(100_000, "PAID_BATTLES_PER_DAY must be between 1 and 100000")
    .default(30),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  OPERATOR_TOKENS: z
    .string()
    .regex(
      /^[a-z0-9._-]{2,32}=[\x21-\x2b\x2d-\x7e]{24,200}(,[a-z0-9._-]{2,32}=[\x21-\x2b\x2d-\x7e]{24,200})*$/,
      "OPERATOR_TOKENS must be name=token pairs separated by commas (names: 2-32 of a-z 0-9 . _ -; tokens: 24+ printable characters without commas or spaces)",
    )
    .optional(),
  OPERATOR_GRANT_GEMS_PER_DAY: z.coerce
    .number({ message: "OPERATOR_GRANT_GEMS_PER_DAY must be a number" })
    .int("OPERATOR_GRANT_GEMS_PER_DAY must be a whole number")
    .min(0, "OPERATOR_GRANT_GEMS_PER_DAY must be between 0 and 100000000")
    .max(100_000_000, "OPERATOR_GRANT_GEMS_PER_DAY must be between 0 and 100000000")
    .default(10_000),
  METRICS_TOKEN: z
    .string()
    .min(16, "METRICS_TOKEN must be at least 16 characters")
    .regex(/^[\x21-\x7e]+$/, "METRICS_TOKEN must be printable ASCII without spaces")
    .optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sqlitePath: string;
  /** PostgreSQL only: connections the server keeps open at most. */
  databasePoolSize: number;
  /** PostgreSQL only: a statement (lock waits included) running longer is cancelled. */
  statementTimeoutMs: number;
  /** PostgreSQL only: a session idle this long inside a transaction is ended by the server. */
  idleInTransactionTimeoutMs: number;
  redisUrl: string | undefined;
  /** Operators of the console by their bearer token (OPERATOR_TOKENS); empty: no console. */
  operatorTokens: ReadonlyMap<string, string>;
  /**
   * Gems one operator may grant per UTC day on their own; a grant above waits
   * for a second operator to confirm it (0: every grant does).
   */
  operatorGrantGemsPerDay: number;
  /** GET /metrics answers only with this bearer token; unset, the route does not exist. */
  metricsToken: string | undefined;
  tokenSecret: string;
  /** Shared with the partner platform: signs its launch parameters and payment notices. */
  partnerSecret: string;
  /** The local payment sandbox (PAYMENT_SANDBOX=1; never in production). */
  paymentSandbox: boolean;
  /** Every answer carries a Server-Timing header: when the server began it, how long it took (SERVER_TIMING=1). */
  serverTiming: boolean;
  /** CSP frame-ancestors: who may frame the game (the partner's origins). */
  frameAncestors: string[];
  /**
   * Who may write X-Forwarded-For/-Proto (client address for the throttles,
   * HTTPS for HSTS): nobody, a hop count, or the proxies' addresses.
   */
  trustProxy: TrustProxy;
  /** Slow and idle connections (issue 23 item 5; docs/decisions.md). */
  connections: {
    /** A connection must have sent a request's whole header within this (silent ones too). */
    headersTimeoutMs: number;
    /** ...and its whole request, body included, within this. */
    requestTimeoutMs: number;
    /** An idle keep-alive connection is closed after this. */
    keepAliveTimeoutMs: number;
    /** A /wss socket that has not registered by then is closed. */
    wssRegisterTimeoutMs: number;
    /** Open connections one socket address may hold (a trusted proxy's are not counted). */
    perAddress: number;
    /** Open connections the process holds at most; beyond it new ones are closed at once. */
    max: number;
  };
  /** Throttles, per client address unless said otherwise. */
  throttle: {
    signupsPerHour: number;
    loginsPerMinute: number;
    /** Failed logins per login name in 15 minutes. */
    loginFailuresPerLogin: number;
    /** Unknown replay share ids one player, and one address, may ask for per hour. */
    replayShareMissesPerHour: number;
    friendRequestsPerHour: number;
  };
  /** Password hashes computed at once; the rest wait their turn. */
  passwordHashConcurrency: number;
  tokenTtlSeconds: number;
  partnerName: string;
  supporterUrl: string;
  patronUrl: string;
  communityUrl: string;
  logLevel: string;
  clientDist: string;
  eventsPerMinute: number;
  /** Tests only: every story battle uses this seed (refused in production). */
  battleSeed: number | undefined;
  /**
   * Tests only: the arena queue's bot fallback comes after this many seconds
   * instead of a random 20-70 (sent to the client in /api/settings; refused
   * in production).
   */
  arenaBotWaitSeconds: number | undefined;
  /**
   * Tests only: the battle screen's reading pauses (the other side's played
   * card, "Enemy turn!", the bot's waits; on the server, the arena bot's
   * think times) at this percentage of product.md's
   * timings; animations keep their length (sent to the client in
   * /api/settings; refused in production).
   */
  battlePacePercent: number | undefined;
  /**
   * rules.md 4, "Paid battles": a side is paid only after a battle of at
   * least `minSeconds` on the server's clock in which it played at least
   * `minCards` cards, and only for a player's first `perDay` such battles of
   * a UTC day (battles/paid-battles.ts).
   */
  paidBattles: PaidBattleRule;
  production: boolean;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError with one line per bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (FOO=) means "not set", as in most shells' usage.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ""),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const production = e.NODE_ENV === "production";
  if (production && e.BATTLE_SEED !== undefined) {
    throw new ConfigError(
      "Invalid settings:\n  BATTLE_SEED: a fixed battle seed is for tests; unset it in production",
    );
  }
  if (production && e.ARENA_BOT_WAIT_SECONDS !== undefined) {
    throw new ConfigError(
      "Invalid settings:\n  ARENA_BOT_WAIT_SECONDS: a fixed bot wait is for tests; unset it in production",
    );
  }
  if (production && e.BATTLE_PACE_PERCENT !== undefined) {
    throw new ConfigError(
      "Invalid settings:\n  BATTLE_PACE_PERCENT: a faster battle screen is for tests; unset it in production",
    );
  }
  for (const name of ["PAID_BATTLE_MIN_SECONDS", "PAID_BATTLE_MIN_CARDS"] as const) {
    if (production && e[name] === 0) {
      throw new ConfigError(
        `Invalid settings:\n  ${name}: 0 lets battles be farmed for rewards (tests only); unset it in production`,
      );
    }
  }
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      "Invalid settings:\n  HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS",
    );
  }
  if (production && !e.TOKEN_SECRET) {
    throw new ConfigError("Invalid settings:\n  TOKEN_SECRET: required when NODE_ENV=production");
  }
  if (production && !e.PARTNER_SECRET) {
    throw new ConfigError("Invalid settings:\n  PARTNER_SECRET: required when NODE_ENV=production");
  }
  if (production && e.PAYMENT_SANDBOX === "1") {
    throw new ConfigError(
      "Invalid settings:\n  PAYMENT_SANDBOX: the payment sandbox credits gems without a payment; never in production",
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sqlitePath: resolve(dataDir, "cardrealm.sqlite"),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
    operatorTokens: new Map(
      (e.OPERATOR_TOKENS ?? "")
        .split(",")
        .filter(Boolean)
        .map((pair) => {
          const at = pair.indexOf("=");
          return [pair.slice(at + 1), pair.slice(0, at)] as const;
        }),
    ),
    operatorGrantGemsPerDay: e.OPERATOR_GRANT_GEMS_PER_DAY,
    tokenSecret: e.TOKEN_SECRET ?? devSecret(dataDir, "token-secret"),
    partnerSecret: e.PARTNER_SECRET ?? devSecret(dataDir, "partner-secret"),
    paymentSandbox: e.PAYMENT_SANDBOX === "1",
    serverTiming: e.SERVER_TIMING === "1",
    frameAncestors: e.FRAME_ANCESTORS.trim().split(/\s+/),
    trustProxy: e.TRUST_PROXY,
    connections: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      wssRegisterTimeoutMs: e.WSS_REGISTER_TIMEOUT_MS,
      perAddress: e.CONNECTIONS_PER_ADDRESS,
      max: e.MAX_CONNECTIONS,
    },
    throttle: {
      signupsPerHour: e.SIGNUPS_PER_HOUR,
      loginsPerMinute: e.LOGINS_PER_MINUTE,
      loginFailuresPerLogin: e.LOGIN_FAILURES_PER_LOGIN,
      replayShareMissesPerHour: e.REPLAY_SHARE_MISSES_PER_HOUR,
      friendRequestsPerHour: e.FRIEND_REQUESTS_PER_HOUR,
    },
    passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
    tokenTtlSeconds: e.TOKEN_TTL_HOURS * 3600,
    partnerName: e.PARTNER_NAME,
    supporterUrl: e.SUPPORTER_URL,
    patronUrl: e.PATRON_URL,
    communityUrl: e.COMMUNITY_URL,
    logLevel: e.LOG_LEVEL,
    clientDist: resolve(e.CLIENT_DIST),
    eventsPerMinute: e.EVENTS_PER_MINUTE,
    battleSeed: e.BATTLE_SEED,
    arenaBotWaitSeconds: e.ARENA_BOT_WAIT_SECONDS,
    battlePacePercent: e.BATTLE_PACE_PERCENT,
    paidBattles: {
      minSeconds: e.PAID_BATTLE_MIN_SECONDS,
      minCards: e.PAID_BATTLE_MIN_CARDS,
      perDay: e.PAID_BATTLES_PER_DAY,
    },
    production,
  };
}

/**
 * Outside production a secret is generated once and kept in the data folder,
 * so players stay signed in across restarts of a local server (and the local
 * partner simulator keeps signing with the same partner secret).
 */
function devSecret(dataDir: string, name: string): string {
  const file = resolve(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
