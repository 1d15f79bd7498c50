import { createHash, timingSafeEqual } from "node:crypto";
import {
  OperatorFindQuery,
  OperatorGrantBody,
  OperatorPlayerActionBody,
  OperatorPlayerParams,
  OperatorRefundBody,
} from "@cardrealm/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { consoleFiles } from "../../operator/console-files.ts";
import type { OperatorService } from "../../services/operator-service.ts";
import { parseWith, unauthorized } from "../http-error.ts";
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

/**
 * The operator's console: `/operator/` (a page that asks for the token) and
 * `/api/operator/*`, present only when OPERATOR_TOKENS is set. Each call
 * names its operator by the bearer token; wrong tokens are throttled per
 * address (10 a minute); every call is logged with the operator's name, and
 * the service writes it to operator_actions.
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

  async function operatorOf(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const key = `operator:${request.ip}`;
    await failures.check(request, reply, key);
    const header = request.headers.authorization ?? "";
    const name = header.startsWith("Bearer ")
      ? operatorByToken(deps.tokens, header.slice(7))
      : null;
    if (!name) {
      await failures.take(request, reply, key);
      throw unauthorized(
        "Operator token required: Authorization: Bearer <token from OPERATOR_TOKENS>.",
      );
    }
    request.log.info({ operator: name, call: request.routeOptions.url }, "operator call");
    return name;
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

  app.get("/api/operator/players", async (request, reply) => {
    const operator = await operatorOf(request, reply);
    const { q } = parseWith(OperatorFindQuery, request.query, "query");
    return { data: await operators.find(operator, q) };
  });
  app.get("/api/operator/players/:id", async (request, reply) => {
    const operator = await operatorOf(request, reply);
    const { id } = parseWith(OperatorPlayerParams, request.params, "path");
    return { data: valueOrHttpError(await operators.player(operator, id)) };
  });
  app.post("/api/operator/grant", async (request, reply) => {
    const operator = await operatorOf(request, reply);
    const b = parseWith(OperatorGrantBody, request.body);
    const act = { operator, reason: b.reason };
    return {
      data: valueOrHttpError(
        await operators.grant(act, { userId: b.user_id, gems: b.gems, key: b.key }),
      ),
    };
  });
  app.post("/api/operator/refund", async (request, reply) => {
    const operator = await operatorOf(request, reply);
    const b = parseWith(OperatorRefundBody, request.body);
    return {
      data: valueOrHttpError(await operators.refund({ operator, reason: b.reason }, b.order_id)),
    };
  });
  app.post("/api/operator/end-sessions", async (request, reply) => {
    const operator = await operatorOf(request, reply);
    const b = parseWith(OperatorPlayerActionBody, request.body);
    return {
      data: valueOrHttpError(
        await operators.endSessions({ operator, reason: b.reason }, b.user_id),
      ),
    };
  });
  for (const [path, suspend] of [
    ["/api/operator/suspend", true],
    ["/api/operator/unsuspend", false],
  ] as const) {
    app.post(path, async (request, reply) => {
      const operator = await operatorOf(request, reply);
      const b = parseWith(OperatorPlayerActionBody, request.body);
      return {
        data: valueOrHttpError(
          await operators.setSuspended({ operator, reason: b.reason }, b.user_id, suspend),
        ),
      };
    });
  }
}
