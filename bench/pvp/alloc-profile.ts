/**
 * Where a running server allocates: V8's sampling heap profiler over the
 * inspector, keeping the samples of objects the collector already freed
 * (the young garbage that makes the scavenges), summed by function.
 *
 *   BENCH_SERVER_NODE_ARGS="--inspect=127.0.0.1:9339" npx tsx bench/pvp/pvp-bench.ts &
 *   # once the bench says the games started:
 *   npx tsx bench/pvp/alloc-profile.ts 9339 15 [top=30]
 *
 * Prints the allocated bytes by allocating function (self) and by file, as
 * a share of all sampled bytes, and the rate in MB/s.
 *
 * `ALLOC_SURVIVORS=1`: only the objects no scavenge freed (still alive, or
 * promoted to the old generation and left for a full collection): what the
 * scavenges copy and what makes the old generation grow.
 */
import WebSocket from "ws";

interface AllocNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocNode[];
}

const [portArg, secondsArg, topArg] = process.argv.slice(2);
const port = Number(portArg ?? 9339);
const seconds = Number(secondsArg ?? 15);
const top = Number(topArg ?? 30);

const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
  webSocketDebuggerUrl: string;
}[];
const url = targets[0]?.webSocketDebuggerUrl;
if (!url) throw new Error(`no inspector target on port ${port}`);
const ws = new WebSocket(url);
await new Promise((r) => ws.once("open", r));
let nextId = 1;
const waiting = new Map<number, (v: unknown) => void>();
ws.on("message", (raw) => {
  const m = JSON.parse(raw.toString()) as { id?: number; result?: unknown; error?: unknown };
  if (m.id !== undefined) {
    if (m.error) throw new Error(JSON.stringify(m.error));
    waiting.get(m.id)?.(m.result);
  }
});
function call<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
  const id = nextId++;
  ws.send(JSON.stringify({ id, method, params }));
  return new Promise((r) => waiting.set(id, r as (v: unknown) => void));
}

const survivorsOnly = process.env.ALLOC_SURVIVORS === "1";
await call("HeapProfiler.enable");
await call("HeapProfiler.startSampling", {
  samplingInterval: 16384,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: !survivorsOnly,
});
await new Promise((r) => setTimeout(r, seconds * 1000));
const { profile } = await call<{ profile: { head: AllocNode } }>("HeapProfiler.stopSampling");
ws.close();

const bySelf = new Map<string, number>();
const byFile = new Map<string, number>();
let total = 0;
const short = (url: string) =>
  url.replace(/^.*\/(node_modules|apps|packages)\//, "$1/") || "(native)";
function walk(n: AllocNode, path: string[]): void {
  if (n.selfSize > 0) {
    total += n.selfSize;
    const f = n.callFrame;
    // The nearest caller of ours names a native or library allocation.
    const ours = [...path].reverse().find((p) => p.includes("apps/") || p.includes("packages/"));
    const key = `${f.functionName || "(anonymous)"} ${short(f.url)}:${f.lineNumber + 1}  <- ${ours ?? "-"}`;
    bySelf.set(key, (bySelf.get(key) ?? 0) + n.selfSize);
    byFile.set(short(f.url), (byFile.get(short(f.url)) ?? 0) + n.selfSize);
  }
  const here = `${n.callFrame.functionName || "(anonymous)"} ${short(n.callFrame.url)}`;
  for (const c of n.children) walk(c, [...path, here]);
}
walk(profile.head, []);
console.log(
  `sampled ${(total / 2 ** 20).toFixed(0)} MB in ${seconds} s = ${(total / 2 ** 20 / seconds).toFixed(1)} MB/s ${survivorsOnly ? "allocated and not freed by a scavenge" : "allocated"}`,
);
for (const [title, m] of [
  ["by allocating function (and the nearest caller in apps/ or packages/)", bySelf],
  ["by file", byFile],
] as const) {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `${((100 * v) / total).toFixed(1).padStart(5)} %  ${(v / 2 ** 20 / seconds).toFixed(2).padStart(6)} MB/s  ${k}`,
    );
}
process.exit(0);
