import { TutorialBody } from "@cardrealm/protocol";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { createTutorial } from "../../services/tutorial-service.ts";
import { parseWith } from "../http-error.ts";
import { valueOrHttpError } from "../refusal-to-http.ts";

/**
 * PUT /api/player/tutorial {step, isActive}: the guided tutorial's step
 * (services/tutorial-service.ts). A backwards move or a finished tutorial
 * answers 409.
 */
export function tutorialRoutes(
  app: FastifyInstance,
  deps: { auth: preHandlerAsyncHookHandler; tutorial: ReturnType<typeof createTutorial> },
): void {
  const { auth, tutorial } = deps;
  app.put("/api/player/tutorial", { preHandler: auth }, async (request) => {
    const body = parseWith(TutorialBody, request.body);
    return {
      data: valueOrHttpError(await tutorial.save(request.userId, body.step, body.isActive)),
    };
  });
}
