import type { FastifyInstance, FastifyReply } from "fastify";

/** What readiness checks; each throws (or rejects) when its part is not ready. */
export interface ReadinessChecks {
  dialect: string;
  /** One round trip to the database. */
  database: () => Promise<void>;
  /** Migrations this build knows that the database has not run. */
  pendingMigrations: () => Promise<string[]>;
  /** A round trip to Redis; absent when the server runs without Redis. */
  redis?: () => Promise<void>;
  /** True once the server has been told to stop (SIGTERM): a proxy should send no new work. */
  draining: () => boolean;
}

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer in 2 s`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Liveness and readiness, for a load balancer or an orchestrator:
 * - `/livez`: the process answers (restart it when this fails);
 * - `/readyz`: it can serve players: database and Redis reachable, every
 *   migration applied, not draining (send it no new work when this fails).
 * `/healthz` is the older name of `/readyz`.
 */
export function healthRoutes(app: FastifyInstance, checks: ReadinessChecks): void {
  // Migrations only move forward: once all are applied, they stay so.
  let migrated = false;

  app.get("/livez", async () => ({ data: { status: "ok" } }));

  const readiness = async (_request: unknown, reply: FastifyReply) => {
    const notReady = (reason: string) =>
      reply.status(503).send({ error: { code: "unavailable", message: `not ready: ${reason}` } });
    if (checks.draining()) return notReady("the server is shutting down");
    try {
      await withTimeout("the database", checks.database());
    } catch {
      return notReady("database unreachable");
    }
    if (!migrated) {
      const pending = await withTimeout("the database", checks.pendingMigrations()).catch(() => [
        "(unknown)",
      ]);
      if (pending.length > 0) return notReady(`migrations not applied: ${pending.join(", ")}`);
      migrated = true;
    }
    if (checks.redis) {
      try {
        await withTimeout("Redis", checks.redis());
      } catch {
        return notReady("Redis unreachable");
      }
    }
    return {
      data: {
        status: "ok",
        database: checks.dialect,
        redis: checks.redis ? "ok" : "not configured",
        migrations: "applied",
      },
    };
  };
  app.get("/readyz", readiness);
  app.get("/healthz", readiness);
}
