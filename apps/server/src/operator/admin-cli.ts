/**
 * `npm run admin -- <command>`: the operator's console on the command line,
 * against the configured database (DATABASE_URL or the SQLite file under
 * DATA_DIR). The same service as the web console: every action is logged in
 * operator_actions with the operator's name (address "cli", route "admin
 * <command>"), refusals included.
 */
import { randomUUID } from "node:crypto";
import {
  OperatorFindQuery,
  OperatorGrantBody,
  OperatorGrantParams,
  OperatorPlayerActionBody,
  OperatorRefundBody,
} from "@cardrealm/protocol";
import { Redis } from "ioredis";
import type { z } from "zod";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { statusOfRefusal } from "../http/refusal-to-http.ts";
import { type BusEnvelope, busPrefix, userChannel } from "../realtime/bus.ts";
import { createOperatorService } from "../services/operator-service.ts";
import type { Outcome } from "../services/outcome.ts";

const USAGE = `usage: npm run admin -- <command> [arguments] --operator NAME [--reason TEXT] [--json]
  find <id | login | nickname | partner id>   look players up
  show <player id>                            profile, ledger, purchases, battles, operator actions
  grant <player id> <gems> --reason TEXT [--key KEY]   credit gems (once per key; above the
                                              operator's OPERATOR_GRANT_GEMS_PER_DAY it waits)
  grants                                      the grants waiting for a second operator
  confirm-grant <grant id>                    confirm another operator's waiting grant
  refund <order id> --reason TEXT             take a paid order's gems back (once)
  end-sessions <player id> --reason TEXT      sign the player out everywhere
  suspend <player id> --reason TEXT           sign out and refuse every sign-in, with the reason
  unsuspend <player id> --reason TEXT         lift a suspension
The operator's name comes from --operator or OPERATOR_NAME.`;

class UsageError extends Error {}

function parseArgs(argv: string[]) {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? "";
    if (a === "--json") options.set("json", "1");
    else if (a.startsWith("--")) {
      const value = argv[i + 1];
      if (value === undefined) throw new UsageError(`${a} needs a value`);
      options.set(a.slice(2), value);
      i++;
    } else positional.push(a);
  }
  return { positional, options };
}

function valid<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  throw new UsageError(
    r.error.issues
      .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
      .join("; "),
  );
}

async function main(argv: string[]): Promise<number> {
  const { positional, options } = parseArgs(argv);
  const [command, ...args] = positional;
  if (!command || command === "help") {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const operator = options.get("operator") ?? process.env.OPERATOR_NAME ?? "";
  if (!/^[a-z0-9._-]{2,32}$/.test(operator)) {
    throw new UsageError("name the operator: --operator NAME (2-32 of a-z 0-9 . _ -)");
  }
  const reason = options.get("reason") ?? "";
  const id = (text: string | undefined) => {
    if (!text || !/^\d{1,9}$/.test(text))
      throw new UsageError(`not a player id: ${text ?? "(none)"}`);
    return Number(text);
  };

  const config = loadConfig();
  const db = openDatabase(config);
  // With Redis, the servers hear of ended sessions at once and close those
  // sockets (realtime/bus.ts); without it only the web console's ends do.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  const notices: Promise<unknown>[] = [];
  const ended: BusEnvelope = { t: "ended" };
  try {
    await migrateToLatest(db);
    const ops = createOperatorService({
      db,
      clock: Date.now,
      grantCeiling: config.operatorGrantGemsPerDay,
      ...(redis
        ? {
            onSessionsEnded: (userId: number) => {
              const prefix = busPrefix(config.databaseUrl ?? config.sqlitePath);
              notices.push(redis.publish(userChannel(prefix, userId), JSON.stringify(ended)));
            },
          }
        : {}),
    });
    const caller = { operator, address: "cli", route: `admin ${command}` };
    /** The value, or the refusal written to operator_actions and shown. */
    const resultOf = async <T>(o: Outcome<T>, action: string, userId: number | null) => {
      if (o.ok) return o.value;
      await ops.recordAttempt(caller, {
        action,
        userId,
        outcome: "refused",
        status: statusOfRefusal(o.refusal.kind),
        details: { code: o.refusal.kind, message: o.refusal.message },
      });
      throw new UsageError(o.refusal.message);
    };
    let result: unknown;
    switch (command) {
      case "find":
        result = await ops.find(caller, valid(OperatorFindQuery, { q: args.join(" ") }).q);
        break;
      case "show": {
        const userId = id(args[0]);
        result = await resultOf(await ops.player(caller, userId), "view", userId);
        break;
      }
      case "grant": {
        const b = valid(OperatorGrantBody, {
          user_id: id(args[0]),
          gems: Number(args[1]),
          reason,
          key: options.get("key") ?? randomUUID(),
        });
        result = await resultOf(
          await ops.grant(
            { ...caller, reason: b.reason },
            { userId: b.user_id, gems: b.gems, key: b.key },
          ),
          "grant",
          b.user_id,
        );
        break;
      }
      case "grants":
        result = await ops.pendingGrants(caller);
        break;
      case "confirm-grant": {
        const grantId = valid(OperatorGrantParams, { id: id(args[0]) }).id;
        result = await resultOf(await ops.confirmGrant(caller, grantId), "confirm_grant", null);
        break;
      }
      case "refund": {
        const b = valid(OperatorRefundBody, { order_id: args[0] ?? "", reason });
        result = await resultOf(
          await ops.refund({ ...caller, reason: b.reason }, b.order_id),
          "refund",
          null,
        );
        break;
      }
      case "end-sessions":
      case "suspend":
      case "unsuspend": {
        const b = valid(OperatorPlayerActionBody, { user_id: id(args[0]), reason });
        const act = { ...caller, reason: b.reason };
        result =
          command === "end-sessions"
            ? await resultOf(await ops.endSessions(act, b.user_id), "end_sessions", b.user_id)
            : await resultOf(
                await ops.setSuspended(act, b.user_id, command === "suspend"),
                command,
                b.user_id,
              );
        break;
      }
      default:
        throw new UsageError(`unknown command ${command}`);
    }
    console.log(options.has("json") ? JSON.stringify(result) : JSON.stringify(result, null, 2));
    await Promise.all(notices);
    return 0;
  } finally {
    await db.close();
    redis?.disconnect();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError || err instanceof ConfigError) {
      console.error(`admin: ${err.message}`);
      if (err instanceof UsageError) console.error(USAGE);
      process.exit(2);
    }
    console.error("admin failed:", err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
