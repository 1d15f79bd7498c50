import {
  ConfirmStartGameBody,
  EmptyBody,
  EndTurnBody,
  GiveUpBody,
  PlayCardBody,
  PvpQueueBody,
  WarningBody,
} from "@cardrealm/protocol";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { ArenaBattles } from "../../battles/arena-battles.ts";
import { parseWith } from "../http-error.ts";
import { parseIntent } from "../intent-body.ts";
import { valueOrHttpError } from "../refusal-to-http.ts";

/**
 * The arena's calls (product.md section 7, docs/realtime.md): queue, confirm,
 * the bot fallback, and the PvP game calls with the story battle's bodies.
 * The arena answers outcomes; a refusal becomes its HTTP error here.
 */
export function pvpRoutes(
  app: FastifyInstance,
  deps: { auth: preHandlerAsyncHookHandler; pvp: ArenaBattles },
): void {
  const { auth, pvp } = deps;
  app.post("/api/game/pvp/queue", { preHandler: auth }, async (request) => {
    parseWith(PvpQueueBody, request.body);
    return { data: valueOrHttpError(await pvp.queue(request.userId)) };
  });
  app.post("/api/game/pvp/cancel-queue", { preHandler: auth }, async (request) => {
    parseWith(EmptyBody, request.body);
    return { data: valueOrHttpError(await pvp.cancelQueue(request.userId)) };
  });
  app.post("/api/game/pvp/confirm-start-game", { preHandler: auth }, async (request) => {
    const body = parseWith(ConfirmStartGameBody, request.body);
    return { data: valueOrHttpError(await pvp.confirmStart(request.userId, body.players)) };
  });
  app.post("/api/game/pvp/bot", { preHandler: auth }, async (request) => {
    parseWith(EmptyBody, request.body);
    return { data: valueOrHttpError(await pvp.startBot(request.userId)) };
  });
  app.get("/api/game/pvp/current", { preHandler: auth }, async (request) => ({
    data: valueOrHttpError(await pvp.current(request.userId)),
  }));
  app.post("/api/game/pvp/play-card", { preHandler: auth }, async (request) => {
    const body = parseIntent(PlayCardBody, request.body);
    return { data: valueOrHttpError(await pvp.playCard(request.userId, body)) };
  });
  app.post("/api/game/pvp/end-turn", { preHandler: auth }, async (request) => {
    const body = parseIntent(EndTurnBody, request.body);
    return { data: valueOrHttpError(await pvp.endTurn(request.userId, body)) };
  });
  app.post("/api/game/pvp/giveup", { preHandler: auth }, async (request) => {
    const body = parseWith(GiveUpBody, request.body);
    return { data: valueOrHttpError(await pvp.giveUp(request.userId, body.game_id, body.version)) };
  });
  app.post("/api/game/pvp/warning", { preHandler: auth }, async (request) => {
    const body = parseWith(WarningBody, request.body);
    return { data: valueOrHttpError(await pvp.warning(request.userId, body.game_id)) };
  });
  app.post("/api/game/pvp/cancel-warning", { preHandler: auth }, async (request) => {
    parseWith(EmptyBody, request.body);
    return { data: valueOrHttpError(await pvp.cancelWarning(request.userId)) };
  });
}
