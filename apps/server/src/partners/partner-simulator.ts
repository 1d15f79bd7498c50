import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { LIMITS, line, textFormat } from "@cardrealm/protocol";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { HttpError, parseWith } from "../http/http-error.ts";
import { cspDirectives, inlineHashes } from "../http/security-headers.ts";
import { signFields } from "./partner-signature.ts";

const LaunchQuery = z.strictObject({
  partner_id: line().trim().min(1).max(LIMITS.partnerIdMax),
  nickname: line().trim().min(1).max(LIMITS.nicknameMax),
});

const PayBody = z.strictObject({
  order_id: textFormat(z.uuid("order_id must be an order id")),
  partner_id: line().trim().min(1).max(LIMITS.partnerIdMax),
  amount: z.number().int().min(0).max(10_000_000),
  /** How many times the platform sends its notice (2: a retried notice, at once). */
  notices: z.union([z.literal(1), z.literal(2)]).default(1),
});

/** 127.0.0.0/8 and ::1, as IPv4, IPv6 or IPv4-mapped IPv6. */
const LOOPBACK = /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$|^::1$/;

/**
 * The simulator's calls sign launches and credit gems with no authentication,
 * so they answer only a client on this machine: the socket's own peer (never
 * the address a proxy claims), and not a request a proxy on this machine
 * forwarded (it carries the proxy's forwarding headers).
 */
export function isLoopbackCaller(request: FastifyRequest): boolean {
  const h = request.headers;
  if (
    h["x-forwarded-for"] !== undefined ||
    h.forwarded !== undefined ||
    h["x-real-ip"] !== undefined
  )
    return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? "");
}

/**
 * The partner platform simulator (development and tests only, never in
 * production): /partner/ embeds the game in a frame, launching it with
 * parameters it signs the way a platform would (/partner/api/launch), and
 * plays the platform's part of a payment: /partner/api/pay "charges" the
 * player and sends the game the signed server-to-server notice, through the
 * game's own callback route. Its calls (/partner/api/*) answer only
 * loopback clients (`isLoopbackCaller`): 403 for everyone else.
 */
export function partnerSimulatorRoutes(
  app: FastifyInstance,
  deps: {
    partnerName: string;
    partnerSecret: string;
    clock: () => number;
    frameAncestors: string[];
  },
): void {
  const page = readFileSync(new URL("./simulator/index.html", import.meta.url), "utf8");
  // The page's own inline script and style, hashed into its own CSP.
  const pageCsp = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives({
        frameAncestors: deps.frameAncestors,
        inline: inlineHashes(page),
      }),
    },
  };
  app.get("/partner", async (_request, reply) => reply.redirect("/partner/"));
  app.get("/partner/", { helmet: pageCsp }, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").send(page),
  );

  const onlyLoopback = {
    onRequest: async (request: FastifyRequest) => {
      if (!isLoopbackCaller(request)) {
        throw new HttpError(
          403,
          "forbidden",
          "The partner simulator answers only this machine (and no proxied request).",
        );
      }
    },
  };

  app.get("/partner/api/launch", onlyLoopback, async (request) => {
    const q = parseWith(LaunchQuery, request.query, "query");
    const fields = {
      partner_id: q.partner_id,
      nickname: q.nickname,
      ts: Math.floor(deps.clock() / 1000),
    };
    return { data: { ...fields, sign: signFields(deps.partnerSecret, fields) } };
  });

  app.post("/partner/api/pay", onlyLoopback, async (request) => {
    const body = parseWith(PayBody, request.body);
    const paymentId = `sim-${randomUUID()}`;
    const fields = {
      order_id: body.order_id,
      payment_id: paymentId,
      user_id: body.partner_id,
      amount: body.amount,
      status: "paid" as const,
      ts: Math.floor(deps.clock() / 1000),
    };
    const notice = { ...fields, sign: signFields(deps.partnerSecret, fields) };
    const answers = await Promise.all(
      Array.from({ length: body.notices }, () =>
        app.inject({
          method: "POST",
          url: `/api/${deps.partnerName}/payment/callback`,
          payload: notice,
        }),
      ),
    );
    const refused = answers.find((a) => a.statusCode !== 200);
    if (refused) {
      const message =
        (refused.json() as { error?: { message?: string } }).error?.message ?? "refused";
      throw new HttpError(409, "conflict", `The game refused the payment notice: ${message}`);
    }
    return { data: { payment_id: paymentId, notices: answers.length } };
  });
}
