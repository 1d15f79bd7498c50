import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Metrics } from "../../observability/metrics.ts";
import { HttpError } from "../http-error.ts";

/**
 * GET /metrics in the Prometheus text format, for the operator's scraper
 * only: the route exists when METRICS_TOKEN is set and answers the bearer
 * of that token (compared in constant time); the proxy in deploy/ does not
 * pass it on either. Every answered request is timed by route pattern.
 */
export function metricsRoutes(
  app: FastifyInstance,
  deps: { metrics: Metrics; token: string | undefined },
): void {
  const { metrics } = deps;
  app.addHook("onResponse", async (request, reply) => {
    metrics.observeRequest(
      request.routeOptions.url ?? "(no route)",
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  if (!deps.token) return;
  const expected = Buffer.from(`Bearer ${deps.token}`);
  app.get("/metrics", async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(
        401,
        "unauthorized",
        "Send the metrics token: Authorization: Bearer <METRICS_TOKEN>",
      );
    }
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).header("cache-control", "no-store").send(body);
  });
}
