import type { Box, Files } from "@cardrealm/protocol";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";

/**
 * Read-only game data. The card list is serialised once at start: it is the
 * same for every player and the hottest call of the loading screen.
 */
export function catalogueRoutes(
  app: FastifyInstance,
  deps: {
    auth: preHandlerAsyncHookHandler;
    cardsJson: string;
    boxes: readonly Box[];
    files: () => Files;
    publicSettings: Record<string, string>;
  },
): void {
  const cardsBody = `{"data":${deps.cardsJson}}`;
  app.get("/api/cards", { preHandler: deps.auth }, async (_request, reply) =>
    reply.type("application/json; charset=utf-8").send(cardsBody),
  );
  app.get("/api/boxes", { preHandler: deps.auth }, async () => ({ data: deps.boxes }));
  app.get("/api/files", async () => ({ data: deps.files() }));
  app.get("/api/settings", async () => ({ data: deps.publicSettings }));
}
