/**
 * bench/api: requests per second of GET /api/player-details and GET /api/cards
 * against a started server, beside the trivial /livez route on the same
 * server, with the ratio of each to the trivial one.
 *
 *   npm run bench -- api            (or: npx tsx bench/api/api-bench.ts)
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 to change the load.
 */
import autocannon from "autocannon";
import { startBenchServer } from "../shared-server.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

async function measure(url: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

const { child, url } = await startBenchServer();
try {
  const signed = (await (await fetch(`${url}/api/play-new-player`, { method: "POST" })).json()) as {
    data: { jwtToken: string };
  };
  const auth = { authorization: `Bearer ${signed.data.jwtToken}` };
  console.log(
    `bench/api: ${seconds} s per route, ${connections} connections, database ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "SQLite"}`,
  );
  const trivial = await measure(`${url}/livez`, {});
  const details = await measure(`${url}/api/player-details`, auth);
  const cards = await measure(`${url}/api/cards`, auth);
  const row = (name: string, rps: number) =>
    console.log(
      `${name.padEnd(28)} ${rps.toFixed(0).padStart(8)} req/s   ratio to trivial ${(rps / trivial).toFixed(3)}`,
    );
  row("GET /livez (trivial)", trivial);
  row("GET /api/player-details", details);
  row("GET /api/cards", cards);
} finally {
  child.kill("SIGTERM");
}
