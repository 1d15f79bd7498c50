import type { FastifyServerOptions } from "fastify";

/** Query parameters that carry a secret: their values never reach a log. */
const SECRET_PARAMS = /([?&](?:token|sign|device_key|password)=)[^&#]*/gi;

/** The URL as logged: secrets in its query replaced by "[redacted]". */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, "$1[redacted]");
}

/**
 * The server's logger: JSON lines at `level`, with the Authorization header,
 * passwords and any secret in a URL's query (the realtime channel's
 * `?token=`, a launch's `sign`) redacted.
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: [
      "req.headers.authorization",
      "req.body.password",
      "req.body.current_password",
      "req.body.device_key",
    ],
    serializers: {
      req(request: {
        method: string;
        url: string;
        hostname?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          hostname: request.hostname,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}
