import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { HttpError, parseWith } from "../http/http-error.ts";
import type { PartnerAdapter } from "./partner-adapter.ts";

const PayBody = z.strictObject({ order_id: z.uuid("order_id must be an order id") });

/**
 * The partner platform simulator (development and tests only): /partner/
 * embeds the game in a frame with a partner id and nickname, and plays the
 * platform's part of a payment; /partner/api/pay is the platform charging.
 */
export function partnerSimulatorRoutes(app: FastifyInstance, partner: PartnerAdapter): void {
  const page = readFileSync(new URL("./simulator/index.html", import.meta.url), "utf8");
  app.get("/partner", async (_request, reply) => reply.redirect("/partner/"));
  app.get("/partner/", async (_request, reply) =>
    reply.type("text/html; charset=utf-8").send(page),
  );
  app.post("/partner/api/pay", async (request) => {
    const body = parseWith(PayBody, request.body);
    if (!partner.sandboxPay)
      throw new HttpError(404, "not_found", "This platform has no simulator.");
    try {
      return { data: { payment_id: await partner.sandboxPay(body.order_id) } };
    } catch {
      throw new HttpError(404, "not_found", "No such order.");
    }
  });
}
