import { CpuStartBody, EndTurnBody, GiveUpBody, PlayCardBody } from "@cardrealm/protocol";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { StoryBattles } from "../../battles/story-battles.ts";
import { parseWith } from "../http-error.ts";
import { parseIntent } from "../intent-body.ts";
import { valueOrHttpError } from "../refusal-to-http.ts";

/** Story battles (product.md section 7): every answer is `{ data: [StateMessage, ...] }`. */
export function cpuBattleRoutes(
  app: FastifyInstance,
  deps: { auth: preHandlerAsyncHookHandler; battles: StoryBattles },
): void {
  const { auth, battles } = deps;
  app.post("/api/game/cpu/start", { preHandler: auth }, async (request) => {
    const body = parseWith(CpuStartBody, request.body);
    return { data: valueOrHttpError(await battles.start(request.userId, body.cpu_id)) };
  });
  app.get("/api/game/cpu/current", { preHandler: auth }, async (request) => ({
    data: valueOrHttpError(await battles.current(request.userId)),
  }));
  app.post("/api/game/cpu/play-card", { preHandler: auth }, async (request) => {
    const body = parseIntent(PlayCardBody, request.body);
    return { data: valueOrHttpError(await battles.playCard(request.userId, body)) };
  });
  app.post("/api/game/cpu/end-turn", { preHandler: auth }, async (request) => {
    const body = parseIntent(EndTurnBody, request.body);
    return { data: valueOrHttpError(await battles.endTurn(request.userId, body)) };
  });
  app.post("/api/game/cpu/giveup", { preHandler: auth }, async (request) => {
    const body = parseWith(GiveUpBody, request.body);
    return {
      data: valueOrHttpError(await battles.giveUp(request.userId, body.game_id, body.version)),
    };
  });
}
