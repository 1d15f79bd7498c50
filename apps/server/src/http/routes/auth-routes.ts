import {
  EmptyBody,
  LoginBody,
  MESSAGES,
  PartnerAuthBody,
  type SignedInUser,
} from "@cardrealm/protocol";
import type { FastifyInstance } from "fastify";
import type { PlayerService, SignedIn } from "../../services/player-service.ts";
import { HttpError, parseWith } from "../http-error.ts";

const withToken = (s: SignedIn): { data: SignedInUser } => ({
  data: { ...s.user, jwtToken: s.token },
});

/** Sign-in calls (no token): partner auth, login and password, new guest. */
export function authRoutes(app: FastifyInstance, players: PlayerService): void {
  app.post("/api/auth", async (request) => {
    const body = parseWith(PartnerAuthBody, request.body);
    return withToken(await players.partnerAuth(String(body.partner_id), body.nickname));
  });

  app.post("/api/login", async (request) => {
    const body = parseWith(LoginBody, request.body);
    const signed = await players.login(body.login, body.password);
    if (!signed) throw new HttpError(401, "incorrect_login", MESSAGES.incorrectLogin);
    return withToken(signed);
  });

  app.post("/api/play-new-player", async (request) => {
    parseWith(EmptyBody, request.body);
    return withToken(await players.playNewPlayer());
  });
}
