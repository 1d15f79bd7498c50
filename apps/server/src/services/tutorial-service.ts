import {
  isTutorialMoveAllowed,
  TUTORIAL_STEPS,
  type TutorialStep,
  tutorialStepIndex,
  type User,
} from "@cardrealm/protocol";
import type { Db } from "../db/database.ts";
import { type Executor, nowIso } from "../db/executor.ts";
import { saveTutorialStep } from "../db/repositories/tutorial-repo.ts";
import { findUserById } from "../db/repositories/users-repo.ts";
import { recordFact } from "../observability/analytics.ts";
import { type Outcome, outcomeOf, Refused } from "./outcome.ts";
import { userView } from "./user-view.ts";

/**
 * The guided tutorial's step, kept on the server so a reload continues where
 * it was (docs/protocol.md). Only forward moves of a running tutorial are
 * taken; isActive false finishes it and a finished tutorial never returns.
 */
export function createTutorial(deps: { db: Db; clock: () => number }) {
  const k = deps.db.kysely;
  return {
    save(userId: number, step: TutorialStep, isActive: boolean): Promise<Outcome<User>> {
      return outcomeOf(async () => {
        const row = await findUserById(k, userId);
        if (!row)
          throw new Refused(
            "unknown_player",
            "This player no longer exists. Please sign in again.",
          );
        if (row.tutorial_active !== 1)
          throw new Refused("conflict", "The tutorial is already finished.");
        if (!isTutorialMoveAllowed(row.tutorial_step, step))
          throw new Refused(
            "conflict",
            `The tutorial only moves forward: it is at ${row.tutorial_step}, not before ${step}.`,
          );
        // Saved only from a step at or before this one (or the step read above,
        // should it be a name no longer in the list).
        const from = [
          ...TUTORIAL_STEPS.filter((s) => tutorialStepIndex(s) <= tutorialStepIndex(step)),
          row.tutorial_step,
        ];
        const now = nowIso(deps.clock);
        const save = (db: Executor, fromSteps: string[]) =>
          saveTutorialStep(db, { userId, from: fromSteps, step, active: isActive, now });
        // A move (a new step, or the end) is a fact, recorded once with the
        // save that makes it (docs/analytics.md): the save then moves only
        // from another step, and a racing identical save that finds the step
        // already taken is saved again as a repeat, without a second fact.
        const moves = step !== row.tutorial_step || !isActive;
        const fact = {
          name: "tutorial_step",
          data: { from: row.tutorial_step, step, active: isActive },
        } as const;
        const saved =
          moves &&
          (await k.transaction().execute(async (trx) => {
            if (!(await save(trx, isActive ? from.filter((s) => s !== step) : from))) return false;
            await recordFact(trx, userId, fact, now);
            return true;
          }))
            ? true
            : await save(k, from);
        if (!saved)
          throw new Refused("conflict", "The tutorial moved meanwhile; reload to continue.");
        const user = await userView(k, userId, deps.clock());
        if (!user) throw new Refused("unknown_player", "Please sign in again.");
        return user;
      });
    },
  };
}
