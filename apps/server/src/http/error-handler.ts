import { type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ApiErrorBody, ErrorCode } from "@cardrealm/protocol";
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from "fastify";
import { AccountSuspended } from "../auth/account-suspended.ts";
import { databaseFault } from "../db/db-errors.ts";
import { HttpError } from "./http-error.ts";

const errorBody = (code: ErrorCode, message: string): ApiErrorBody => ({
  error: { code, message },
});

const INTERNAL_MESSAGE = "Something went wrong on our side. Please try again.";

const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON.",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large: send at most 16 KB.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Send the request body as application/json.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request's Content-Length does not match its body.",
};

/**
 * One shape for every failure: `{ error: { code, message } }`. Client faults
 * keep their 4xx status and a message a person can act on; anything else is
 * logged with its stack and answered as a plain 500 without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | AccountSuspended, request, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ error: { code: err.code, message: err.message } });
    }
    // Every sign-in of a suspended account ends in the token issue (auth/sessions.ts).
    if (err instanceof AccountSuspended) {
      return reply.status(403).send({ error: { code: "forbidden", message: err.message } });
    }
    // Database outages answer 503 and lost races 409, never a bare 500 (db/db-errors.ts).
    const fault = databaseFault(err);
    if (fault === "unavailable") {
      request.log.warn({ err }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", "2")
        .send({
          error: {
            code: "unavailable",
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
    return reply.status(500).send(errorBody("internal", INTERNAL_MESSAGE));
  });

  // Node answers an Expect header other than 100-continue with a bare 417
  // itself unless someone listens for it.
  app.server.on("checkExpectation", (_req, res) => {
    writeRawError(
      res,
      417,
      "Only 'Expect: 100-continue' is understood: send the request without this Expect header.",
    );
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

/**
 * Fastify server options for the refusals Fastify and Node make before any
 * route runs, so they too answer `{ error: { code, message } }`:
 * - `frameworkErrors`: a URL that is not valid percent-encoded UTF-8
 *   (FST_ERR_BAD_URL, 400) or a path segment over the router's 100
 *   characters (FST_ERR_MAX_PARAM_LENGTH, 414);
 * - `clientErrorHandler`: what Node's HTTP parser refuses (headers over
 *   16 KB: 431; request timeout: 408; anything not valid HTTP/1.1: 400).
 * Spread into `Fastify({...})`.
 */
export const errorShapeOptions: Pick<
  FastifyServerOptions,
  "frameworkErrors" | "clientErrorHandler"
> = {
  frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
    if (err.code === "FST_ERR_BAD_URL") {
      return reply
        .status(400)
        .send(
          errorBody(
            "bad_request",
            "The URL is not valid: each % must start a %XX escape of UTF-8 (write a space as %20 and % itself as %25).",
          ),
        );
    }
    if (err.code === "FST_ERR_MAX_PARAM_LENGTH") {
      return reply
        .status(414)
        .send(
          errorBody(
            "bad_request",
            "A part of the URL is too long: at most 100 characters between two slashes.",
          ),
        );
    }
    // Async route constraints (unused here) and anything Fastify adds later.
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    return reply
      .status(status)
      .send(
        status < 500
          ? errorBody("bad_request", err.message)
          : errorBody("internal", INTERNAL_MESSAGE),
      );
  },

  clientErrorHandler(err: NodeJS.ErrnoException & { reason?: unknown }, socket: Socket) {
    // A reset socket is gone: there is no one to answer.
    if (err.code === "ECONNRESET" || socket.destroyed) return;
    let status: number;
    let message: string;
    if (err.code === "HPE_HEADER_OVERFLOW") {
      status = 431;
      message =
        "The request's headers are too large (over 16 KB together): send fewer or shorter headers, or clear this site's cookies.";
    } else if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") {
      status = 408;
      message = "The request took too long to arrive. Please send it again.";
    } else {
      status = 400;
      // llhttp's reasons are fixed texts ("Invalid method encountered"), never request data.
      const reason = typeof err.reason === "string" ? ` (${err.reason.slice(0, 100)})` : "";
      message = `The request is not valid HTTP/1.1${reason}: check its request line and headers.`;
    }
    if (socket.writable) socket.end(rawResponse(status, message), () => socket.destroy());
    else socket.destroy();
  },
};

function rawResponse(status: number, message: string): string {
  const body = JSON.stringify(errorBody("bad_request", message));
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}

function writeRawError(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify(errorBody("bad_request", message));
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    connection: "close",
  });
  res.end(body);
}

/**
 * The plain-HTTP side of the /wss route: a request without a websocket
 * upgrade gets 426 in the error shape (the plugin's default is an empty 404).
 */
export async function websocketOnly(_request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(426)
    .header("upgrade", "websocket")
    .send(
      errorBody(
        "bad_request",
        "This address is the game's WebSocket: open it with a WebSocket client (Connection: Upgrade, Upgrade: websocket).",
      ),
    );
}
