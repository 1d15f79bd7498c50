import type { FastifyError, FastifyInstance } from "fastify";
import { databaseFault } from "../db/db-errors.ts";
import { HttpError } from "./http-error.ts";

const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON.",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Send the request body as application/json.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request's Content-Length does not match its body.",
};

/**
 * One shape for every failure: `{ error: { code, message } }`. Client faults
 * keep their 4xx status and a message a person can act on; anything else is
 * logged with its stack and answered as a plain 500 without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ error: { code: err.code, message: err.message } });
    }
    // Database outages answer 503 and lost races 409, never a bare 500 (db/db-errors.ts).
    const fault = databaseFault(err);
    if (fault === "unavailable") {
      request.log.warn({ err }, "database unavailable");
      return reply.status(503).send({
        error: {
          code: "internal",
          message: "The game is briefly unavailable. Please try again in a moment.",
        },
      });
    }
    if (fault === "conflict") {
      request.log.warn({ err }, "database refused a racing change");
      return reply.status(409).send({
        error: { code: "conflict", message: "Something changed at the same moment; try again." },
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (err.code && FASTIFY_CODES[err.code]) ?? err.message;
      const code =
        status === 401
          ? "unauthorized"
          : status === 404
            ? "not_found"
            : status === 429
              ? "rate_limited"
              : "bad_request";
      return reply.status(status).send({ error: { code, message } });
    }
    request.log.error({ err }, "request failed");
    return reply.status(500).send({
      error: { code: "internal", message: "Something went wrong on our side. Please try again." },
    });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: {
        code: "not_found",
        message: `No such call: ${request.method} ${request.url.split("?")[0]}`,
      },
    }),
  );
}

/** JSON bodies; an empty body reads as undefined so body-less POSTs work with any client. */
export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new HttpError(400, "bad_request", "The request body is not valid JSON.");
      done(err, undefined);
    }
  });
}
