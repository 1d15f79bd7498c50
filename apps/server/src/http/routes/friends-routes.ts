import {
  AcceptChallengeBody,
  ChallengeBody,
  ChallengeParams,
  EmptyBody,
  FRIENDS,
  FriendRequestBody,
  FriendUserBody,
  RematchBody,
} from "@cardrealm/protocol";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { Challenges } from "../../friends/challenges.ts";
import type { Friends } from "../../friends/friends-service.ts";
import { outcomeOf } from "../../services/outcome.ts";
import { parseWith } from "../http-error.ts";
import { valueOrHttpError } from "../refusal-to-http.ts";
import { manualThrottle } from "../throttle.ts";

/**
 * Friends, challenges and rematches (issue 24; docs/protocol.md, "Friends").
 * Signed-in players only, guests included; every answer is `{ data }`.
 */
export function friendsRoutes(
  app: FastifyInstance,
  deps: {
    auth: preHandlerAsyncHookHandler;
    friends: Friends;
    challenges: Challenges;
    /** Friend requests one player, and one address, may send per hour. */
    requestsPerHour: number;
  },
): void {
  const { auth, friends, challenges } = deps;
  const requests = manualThrottle(app, {
    max: deps.requestsPerHour,
    timeWindowMs: 3_600_000,
    what: "friend requests",
  });
  const sent = manualThrottle(app, {
    max: FRIENDS.challengesPerMinute,
    timeWindowMs: 60_000,
    what: "challenges",
  });
  const answer = async <T>(work: () => Promise<T>) => ({
    data: valueOrHttpError(await outcomeOf(work)),
  });

  app.get("/api/friends", { preHandler: auth }, (request) =>
    answer(() => friends.list(request.userId)),
  );
  app.post("/api/friends/request", { preHandler: auth }, async (request, reply) => {
    const { code } = parseWith(FriendRequestBody, request.body);
    // Counted before the lookup: guessing codes spends the same allowance.
    await requests.take(request, reply, `friend-request:user:${request.userId}`);
    await requests.take(request, reply, `friend-request:ip:${request.ip}`);
    return answer(() => friends.request(request.userId, code));
  });
  const onUser = (path: string, work: (me: number, other: number) => Promise<unknown>) =>
    app.post(path, { preHandler: auth }, async (request) => {
      const { user_id } = parseWith(FriendUserBody, request.body);
      return answer(() => work(request.userId, user_id));
    });
  onUser("/api/friends/accept", friends.accept);
  onUser("/api/friends/decline", friends.decline);
  onUser("/api/friends/remove", friends.remove);
  onUser("/api/friends/block", friends.block);
  onUser("/api/friends/unblock", friends.unblock);

  app.post("/api/challenges", { preHandler: auth }, async (request, reply) => {
    const body = parseWith(ChallengeBody, request.body);
    await sent.take(request, reply, `challenge:user:${request.userId}`);
    return answer(() => challenges.create(request.userId, body));
  });
  app.get("/api/challenges/:id", { preHandler: auth }, async (request) => {
    const { id } = parseWith(ChallengeParams, request.params, "path");
    return answer(() => challenges.view(request.userId, id));
  });
  app.post("/api/challenges/:id/accept", { preHandler: auth }, async (request) => {
    const { id } = parseWith(ChallengeParams, request.params, "path");
    const { deck } = parseWith(AcceptChallengeBody, request.body);
    return answer(() => challenges.accept(request.userId, id, deck));
  });
  app.post("/api/challenges/:id/decline", { preHandler: auth }, async (request) => {
    const { id } = parseWith(ChallengeParams, request.params, "path");
    parseWith(EmptyBody, request.body);
    return answer(() => challenges.decline(request.userId, id));
  });
  app.post("/api/challenges/:id/cancel", { preHandler: auth }, async (request) => {
    const { id } = parseWith(ChallengeParams, request.params, "path");
    parseWith(EmptyBody, request.body);
    return answer(() => challenges.cancel(request.userId, id));
  });
  app.post("/api/game/friendly/rematch", { preHandler: auth }, async (request) => {
    const { game_id } = parseWith(RematchBody, request.body);
    return answer(() => challenges.rematch(request.userId, game_id));
  });
}
