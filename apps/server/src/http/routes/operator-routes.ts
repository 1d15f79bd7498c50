import { createHash, timingSafeEqual } from "node:crypto";
import {
  EmptyBody,
  OperatorFindQuery,
  OperatorGrantBody,
  OperatorGrantParams,
  OperatorListQuery,
  OperatorPlayerActionBody,
  OperatorPlayerParams,
  OperatorRefundBody,
} from "@cardrealm/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { consoleFiles } from "../../operator/console-files.ts";
import type { Caller, OperatorService } from "../../services/operator-service.ts";
import { HttpError, parseWith, unauthorized } from "../http-error.ts";
import { valueOrHttpError } from "../refusal-to-http.ts";
import { manualThrottle } from "../throttle.ts";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** The operator named by a bearer token, comparing every token in constant time. */
function operatorByToken(tokens: ReadonlyMap<string, string>, given: string): string | null {
  const g = digest(given);
  let found: string | null = null;
  for (const [token, name] of tokens) {
    if (timingSafeEqual(digest(token), g)) found = name;
  }
  return found;
}

/** What an operator call does, in operator_actions' words, by route. */
type Action =
  | "lookup"
  | "view"
  | "grant"
  | "refund"
  | "end_sessions"
  | "suspend"
  | "unsuspend"
  | "list_grants"
  | "confirm_grant";

/** A refused call's player, when the body names one well formed (for the log only). */
function userIdIn(request: FastifyRequest, action: Action): number | null {
  const body: unknown = request.body;
  const params: unknown = request.params;
  const raw =
    action === "view"
      ? Number((params as { id?: unknown } | undefined)?.id)
      : body !== null && typeof body === "object" && "user_id" in body
        ? body.user_id
        : null;
  return typeof raw === "number" && Number.isInteger(raw) && raw >= 1 && raw <= 2_147_483_647
    ? raw
    : null;
}

/** Names the caller's token found no operator for, in operator_actions. */
const NO_OPERATOR = "(unknown)";

/**
 * The operator's console: `/operator/` (a page that asks for the token) and
 * `/api/operator/*`, present only when OPERATOR_TOKENS is set. Each call
 * names its operator by the bearer token, compared first (constant time): a
 * right token is never refused by the lockout, so a stranger's guesses from
 * an operator's address cannot lock the operator out. Wrong and missing
 * tokens are throttled per address (10 a minute). Every attempt is written
 * to operator_actions with its outcome, status, address and route: the
 * service writes what it did (in the same transaction as the change), the
 * route writes what was refused (wrong token, bad input, a refusal) - never
 * the token itself.
 */
export function operatorRoutes(
  app: FastifyInstance,
  deps: { operators: OperatorService; tokens: ReadonlyMap<string, string> },
): void {
  if (deps.tokens.size === 0) return;
  const { operators } = deps;
  const failures = manualThrottle(app, {
    max: 10,
    timeWindowMs: 60_000,
    what: "operator token attempts from your address",
  });

  /** The operator of the bearer token; else 401 (counted) or 429 with the outcome to log. */
  async function operatorOf(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ name: string } | { refused: HttpError; outcome: string }> {
    const header = request.headers.authorization ?? "";
    const name = header.startsWith("Bearer ")
      ? operatorByToken(deps.tokens, header.slice(7))
      : null;
    if (name) {
      request.log.info({ operator: name, call: request.routeOptions.url }, "operator call");
      return { name };
    }
    const key = `operator:${request.ip}`;
    try {
      await failures.check(request, reply, key);
      await failures.take(request, reply, key);
    } catch (err) {
      if (err instanceof HttpError) return { refused: err, outcome: "throttled" };
      throw err;
    }
    return {
      refused: unauthorized(
        "Operator token required: Authorization: Bearer <token from OPERATOR_TOKENS>.",
      ),
      outcome: header ? "wrong_token" : "missing_token",
    };
  }

  // Per request: the operator (or the token's refusal), and the error answered if any.
  const callers = new WeakMap<FastifyRequest, { caller: Caller; outcome: string | null }>();
  const errors = new WeakMap<FastifyRequest, unknown>();

  /**
   * An operator call: the token checked before anything else (a body is not
   * even read without one), the work done, and every refusal - from the
   * token, the body parser, the schema or the service - written to the log
   * before the answer goes out.
   */
  function operatorCall(
    method: "GET" | "POST",
    url: string,
    action: Action,
    work: (request: FastifyRequest, reply: FastifyReply, caller: Caller) => Promise<unknown>,
  ): void {
    const route = `${method} ${url}`;
    app.route({
      method,
      url,
      onRequest: async (request, reply) => {
        const who = await operatorOf(request, reply);
        const operator = "name" in who ? who.name : NO_OPERATOR;
        const caller = { operator, address: request.ip, route };
        callers.set(request, { caller, outcome: "name" in who ? null : who.outcome });
        if (!("name" in who)) throw who.refused;
      },
      onError: async (request, _reply, err) => {
        errors.set(request, err);
      },
      onSend: async (request, reply, payload) => {
        const seen = callers.get(request);
        if (reply.statusCode < 400 || !seen) return payload;
        const err = errors.get(request);
        const status = reply.statusCode;
        await operators
          .recordAttempt(seen.caller, {
            action,
            userId: userIdIn(request, action),
            outcome: seen.outcome ?? (status >= 500 ? "failed" : "refused"),
            status,
            details:
              err instanceof HttpError
                ? { code: err.code, message: err.message }
                : { code: status >= 500 ? "failed" : "bad_request" },
          })
          .catch((logErr: unknown) =>
            request.log.error({ err: logErr, route }, "operator attempt not logged"),
          );
        return payload;
      },
      handler: async (request, reply) => {
        const seen = callers.get(request);
        if (!seen) throw new Error("operator call without its token check");
        return work(request, reply, seen.caller);
      },
    });
  }

  const files = consoleFiles();
  app.get("/operator/", async (_request, reply) => {
    const { type, body } = files["index.html"];
    return reply.type(type).header("cache-control", "no-store").send(body);
  });
  for (const name of ["console.js", "console.css"] as const) {
    app.get(`/operator/${name}`, async (_request, reply) => {
      const { type, body } = files[name];
      return reply.type(type).header("cache-control", "no-cache").send(body);
    });
  }

  operatorCall("GET", "/api/operator/players", "lookup", async (request, _reply, caller) => {
    const { q } = parseWith(OperatorFindQuery, request.query, "query");
    return { data: await operators.find(caller, q) };
  });
  operatorCall("GET", "/api/operator/players/:id", "view", async (request, _reply, caller) => {
    const { id } = parseWith(OperatorPlayerParams, request.params, "path");
    return { data: valueOrHttpError(await operators.player(caller, id)) };
  });
  operatorCall("POST", "/api/operator/grant", "grant", async (request, reply, caller) => {
    const b = parseWith(OperatorGrantBody, request.body);
    const act = { ...caller, reason: b.reason };
    const r = valueOrHttpError(
      await operators.grant(act, { userId: b.user_id, gems: b.gems, key: b.key }),
    );
    // Above the day's ceiling: accepted, waiting for a second operator.
    if (r.pending) reply.code(202);
    return { data: r };
  });
  operatorCall("GET", "/api/operator/grants", "list_grants", async (request, _reply, caller) => {
    parseWith(OperatorListQuery, request.query, "query");
    return { data: await operators.pendingGrants(caller) };
  });
  operatorCall(
    "POST",
    "/api/operator/grants/:id/confirm",
    "confirm_grant",
    async (request, _reply, caller) => {
      const { id } = parseWith(OperatorGrantParams, request.params, "path");
      parseWith(EmptyBody, request.body);
      return { data: valueOrHttpError(await operators.confirmGrant(caller, id)) };
    },
  );
  operatorCall("POST", "/api/operator/refund", "refund", async (request, _reply, caller) => {
    const b = parseWith(OperatorRefundBody, request.body);
    return {
      data: valueOrHttpError(await operators.refund({ ...caller, reason: b.reason }, b.order_id)),
    };
  });
  operatorCall(
    "POST",
    "/api/operator/end-sessions",
    "end_sessions",
    async (request, _reply, caller) => {
      const b = parseWith(OperatorPlayerActionBody, request.body);
      return {
        data: valueOrHttpError(
          await operators.endSessions({ ...caller, reason: b.reason }, b.user_id),
        ),
      };
    },
  );
  for (const [path, suspend] of [
    ["/api/operator/suspend", true],
    ["/api/operator/unsuspend", false],
  ] as const) {
    operatorCall(
      "POST",
      path,
      suspend ? "suspend" : "unsuspend",
      async (request, _reply, caller) => {
        const b = parseWith(OperatorPlayerActionBody, request.body);
        return {
          data: valueOrHttpError(
            await operators.setSuspended({ ...caller, reason: b.reason }, b.user_id, suspend),
          ),
        };
      },
    );
  }
}
