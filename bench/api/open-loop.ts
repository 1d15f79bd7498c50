/**
 * An open-loop load at a fixed rate (issue 25 item 5): one request every
 * 1000 / rate ms, evenly spaced, over `connections` kept-alive sockets, each
 * request as the player of the socket-sized pool it is given (index % players).
 * Latency is timed from the instant the request was due, not from when a
 * socket was free to send it: a request that had to wait for a socket (the
 * server behind) counts that wait, so there is no coordinated omission.
 *
 * Why not autocannon's overallRate (api-bench.ts's offered-rate phase): it
 * gives each connection a quota per one-second window and all connections
 * send theirs at the window's start, so 200 boxes a second over 100
 * connections arrived as a burst of 100-200 at each second, and their p99
 * was the burst's drain time (~80 ms of CPU at 0.4 ms a box), whatever the
 * server did between bursts.
 */
import { Agent, request } from "node:http";
import { percentile } from "../shared-server.ts";

export interface OpenLoopFigures {
  offered: number;
  achieved: number;
  sent: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  /** How late the generator itself sent (from the due instant to the send), p99 and max. */
  sendLagP99: number;
  sendLagMax: number;
}

export async function openLoop(opts: {
  url: string;
  path: string;
  rate: number;
  seconds: number;
  connections: number;
  /** Headers and body of the i-th request (its player). */
  requestFor: (i: number) => { headers: Record<string, string>; body: string };
}): Promise<OpenLoopFigures> {
  const { hostname, port } = new URL(opts.url);
  const agent = new Agent({
    keepAlive: true,
    maxSockets: opts.connections,
    maxFreeSockets: opts.connections,
  });
  const latencies: number[] = [];
  const sendLags: number[] = [];
  let non2xx = 0;
  const total = Math.round(opts.rate * opts.seconds);
  const interval = 1000 / opts.rate;
  const t0 = performance.now();
  const inFlight: Promise<void>[] = [];
  const fire = (i: number, due: number) =>
    new Promise<void>((resolve) => {
      const { headers, body } = opts.requestFor(i);
      const req = request(
        {
          host: hostname,
          port: Number(port),
          path: opts.path,
          method: "POST",
          agent,
          headers: { ...headers, "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            latencies.push(performance.now() - due);
            if ((res.statusCode ?? 0) >= 300) non2xx++;
            resolve();
          });
        },
      );
      req.on("error", () => {
        non2xx++;
        resolve();
      });
      req.end(body);
      sendLags.push(performance.now() - due);
    });
  for (let i = 0; i < total; i++) {
    const due = t0 + i * interval;
    const wait = due - performance.now();
    // Timers fire late, never early: requests whose instant passed go at once.
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(fire(i, due));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  sendLags.sort((a, b) => a - b);
  return {
    offered: opts.rate,
    achieved: latencies.length / elapsed,
    sent: total,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    non2xx,
    sendLagP99: percentile(sendLags, 99),
    sendLagMax: sendLags[sendLags.length - 1] ?? Number.NaN,
  };
}
