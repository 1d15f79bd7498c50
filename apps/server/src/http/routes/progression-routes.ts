import { RANK_REWARDS, SEASON_LEVELS } from "@cardrealm/content";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import { z } from "zod";
import type { Progression } from "../../progression/progression.ts";
import { parseWith } from "../http-error.ts";
import { valueOrHttpError } from "../refusal-to-http.ts";

const level = (name: string) =>
  z
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 or more`)
    .max(SEASON_LEVELS, `${name} must be at most ${SEASON_LEVELS}`);

/** POST /api/arena/rewards/seen: which reward popups the client has shown. */
const SeenBody = z
  .strictObject({
    free_level: level("free_level").optional(),
    paid_level: level("paid_level").optional(),
    daily_ids: z
      .array(
        z.number().int("daily_ids must hold task ids").positive("daily_ids must hold task ids"),
      )
      .max(10, "daily_ids holds at most 10 ids")
      .optional(),
  })
  .refine(
    (b) => b.free_level !== undefined || b.paid_level !== undefined || b.daily_ids !== undefined,
    { message: "Send free_level, paid_level or daily_ids." },
  );

/**
 * Arena progression calls: the champions list, the rank rewards table, the
 * open season with its track, and the acknowledgement of reward popups.
 * Daily tasks, rank and season progress travel in the user object.
 */
export function progressionRoutes(
  app: FastifyInstance,
  deps: {
    auth: preHandlerAsyncHookHandler;
    progression: Progression;
  },
): void {
  const { auth, progression } = deps;

  app.get("/api/arena/champions", { preHandler: auth }, async () => ({
    data: await progression.champions(),
  }));

  app.get("/api/arena/rank-rewards", { preHandler: auth }, async () => ({
    data: RANK_REWARDS.map((r) => ({ rank: r.rank, gems: r.gems })),
  }));

  app.get("/api/arena/season", { preHandler: auth }, async () => ({
    data: await progression.season(),
  }));

  app.post("/api/arena/rewards/seen", { preHandler: auth }, async (request) => {
    const body = parseWith(SeenBody, request.body);
    return { data: valueOrHttpError(await progression.markSeen(request.userId, body)) };
  });
}
