import { EmoteBody, WatchBody } from "@cardrealm/protocol";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { ArenaEmotes } from "../../battles/arena-emotes.ts";
import type { ArenaSpectate } from "../../battles/arena-spectate.ts";
import { outcomeOf } from "../../services/outcome.ts";
import { parseWith } from "../http-error.ts";
import { valueOrHttpError } from "../refusal-to-http.ts";

/**
 * Spectating a friend's arena game and the players' emotes (issue 24 items
 * 4 and 5; docs/protocol.md): watch answers the spectator's first view,
 * later ones come over the channel; emote sends one to the opponent.
 */
export function socialRoutes(
  app: FastifyInstance,
  deps: { auth: preHandlerAsyncHookHandler; spectate: ArenaSpectate; emotes: ArenaEmotes },
): void {
  const { auth, spectate, emotes } = deps;
  app.post("/api/game/pvp/watch", { preHandler: auth }, async (request) => {
    const body = parseWith(WatchBody, request.body);
    return {
      data: valueOrHttpError(await outcomeOf(() => spectate.watch(request.userId, body.game_id))),
    };
  });
  app.post("/api/game/pvp/unwatch", { preHandler: auth }, async (request) => {
    const body = parseWith(WatchBody, request.body);
    return {
      data: valueOrHttpError(await outcomeOf(() => spectate.unwatch(request.userId, body.game_id))),
    };
  });
  app.post("/api/game/pvp/emote", { preHandler: auth }, async (request) => {
    const body = parseWith(EmoteBody, request.body);
    return { data: valueOrHttpError(await outcomeOf(() => emotes.emote(request.userId, body))) };
  });
}
