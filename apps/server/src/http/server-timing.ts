import type { FastifyInstance } from "fastify";

/**
 * SERVER_TIMING=1: every answer says, in a standard Server-Timing header,
 * when the server began it and how long it took until its answer was ready:
 *
 *   server-timing: app;dur=1.84;desc="1765091234567.125"
 *
 * `dur` is Fastify's elapsed time from the request's arrival in the router
 * (after Node parsed it) to its onSend, in ms; `desc` is that arrival as Unix
 * time in ms (performance.timeOrigin + performance.now(), the machine's clock).
 * A client on the same machine splits each call's round trip with it: before
 * the server read the request, the server's own time, and after the answer was
 * ready (bench/pvp's "where the slow plays waited"). Browsers show the
 * duration in their network panel. Off by default: the header tells a
 * client the server's clock and costs a little on every answer.
 */
export function installServerTiming(app: FastifyInstance): void {
  app.addHook("onSend", (_request, reply, payload, done) => {
    const dur = reply.elapsedTime;
    const began = performance.timeOrigin + performance.now() - dur;
    reply.header("server-timing", `app;dur=${dur.toFixed(2)};desc="${began.toFixed(3)}"`);
    done(null, payload);
  });
}

/** The arrival (Unix ms) and duration (ms) of a `server-timing` header written above; null if absent. */
export function parseServerTiming(
  header: string | number | readonly string[] | undefined,
): { began: number; dur: number } | null {
  const text = Array.isArray(header) ? header.join(",") : String(header ?? "");
  const m = text?.match(/app;dur=([\d.]+);desc="([\d.]+)"/);
  return m ? { dur: Number(m[1]), began: Number(m[2]) } : null;
}
