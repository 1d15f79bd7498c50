import { isTutorialMoveAllowed, TutorialBody } from "@cardrealm/protocol";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { Kysely } from "kysely";
import { nowIso } from "../../db/executor.ts";
import { findUserById } from "../../db/repositories/users-repo.ts";
import type { Database } from "../../db/schema.ts";
import { userView } from "../../services/user-view.ts";
import { HttpError, parseWith, unauthorized } from "../http-error.ts";

/**
 * PUT /api/player/tutorial {step, isActive}: keeps the guided tutorial's step
 * on the server so a reload continues where it was (docs/protocol.md). Only
 * forward moves of a running tutorial are taken; isActive false finishes it
 * and a finished tutorial never returns (409).
 */
export function tutorialRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; auth: preHandlerAsyncHookHandler; clock: () => number },
): void {
  const { db, auth, clock } = deps;

  app.put("/api/player/tutorial", { preHandler: auth }, async (request) => {
    const body = parseWith(TutorialBody, request.body);
    const row = await findUserById(db, request.userId);
    if (!row) throw unauthorized("This player no longer exists. Please sign in again.");
    if (row.tutorial_active !== 1) {
      throw new HttpError(409, "conflict", "The tutorial is already finished.");
    }
    if (!isTutorialMoveAllowed(row.tutorial_step, body.step)) {
      throw new HttpError(
        409,
        "conflict",
        `The tutorial only moves forward: it is at ${row.tutorial_step}, not before ${body.step}.`,
      );
    }
    // Conditional on the step read above, so two racing saves cannot move it back.
    const updated = await db
      .updateTable("users")
      .set({
        tutorial_step: body.step,
        tutorial_active: body.isActive ? 1 : 0,
        updated_at: nowIso(clock),
      })
      .where("id", "=", row.id)
      .where("tutorial_step", "=", row.tutorial_step)
      .where("tutorial_active", "=", 1)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      throw new HttpError(409, "conflict", "The tutorial moved meanwhile; reload to continue.");
    }
    const user = await userView(db, row.id);
    return { data: user };
  });
}
