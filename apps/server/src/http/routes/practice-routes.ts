import { PracticeStartBody } from "@cardrealm/protocol";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { StoryBattles } from "../../battles/story-battles.ts";
import { parseWith } from "../http-error.ts";
import { valueOrHttpError } from "../refusal-to-http.ts";

/**
 * Deck challenges (issue 16, docs/replays.md): the opponents a player may
 * challenge, and the start of a practice battle with a shared deck. The
 * battle is then played through /api/game/cpu/* like a story battle, and
 * pays nothing.
 */
export function practiceRoutes(
  app: FastifyInstance,
  deps: { auth: preHandlerAsyncHookHandler; battles: StoryBattles },
): void {
  const { auth, battles } = deps;
  app.get("/api/game/practice/opponents", { preHandler: auth }, async (request) => ({
    data: valueOrHttpError(await battles.practiceOpponents(request.userId)),
  }));
  app.post("/api/game/practice/start", { preHandler: auth }, async (request) => {
    const body = parseWith(PracticeStartBody, request.body);
    return {
      data: valueOrHttpError(
        await battles.startPractice(request.userId, body.deck_code, body.cpu_id),
      ),
    };
  });
}
