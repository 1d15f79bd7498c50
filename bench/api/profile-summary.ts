/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, e.g. the server's from
 * `BENCH_CPU_PROF=<dir> npx tsx bench/api/api-bench.ts`): the functions with
 * the most self time, and the most inclusive time, as a share of the busy
 * (non-idle) samples.
 *
 *   npx tsx bench/api/profile-summary.ts <file.cpuprofile> [top=25] [focus]
 *   PROFILE_LAST_S=4 ... : only the last 4 s of samples (the last route's run).
 *
 * With `focus` (a function name), also where that function's time comes
 * from: its samples by the nearest caller outside Kysely.
 *
 *   PROFILE_LONG_MS=20 ... : also the busy stretches (runs of samples with no
 *   idle between them, i.e. what held the event loop) of 20 ms or more: how
 *   many, their length, and the self time inside them only (the tail's causes).
 *
 *   PROFILE_FROM_US=.. PROFILE_TO_US=.. ... : only the samples between these
 *   instants of the monotonic clock (bench/pvp prints its measuring window's
 *   as "profile window"; a V8 profile's clock is process.hrtime's).
 *
 * Self time is also summed by file and by area (a package under
 * node_modules, a folder of apps/server/src, packages/<name>, node:).
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, focus] = process.argv.slice(2);
if (!file) throw new Error("usage: profile-summary.ts <file.cpuprofile> [top]");
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const label = (n: ProfileNode) => {
  const url = n.callFrame.url.replace(/^.*\/(node_modules|apps|packages)\//, "$1/");
  return `${n.callFrame.functionName || "(anonymous)"} ${url}:${n.callFrame.lineNumber + 1}`;
};

const callers = new Map<string, number>();
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let busy = 0;
// PROFILE_LAST_S=<seconds>: only the samples of the profile's last seconds
// (bench/api runs GET /livez first: with BENCH_ROUTES=livez,<route> and
// BENCH_RATE_PHASE=0, the last BENCH_SECONDS are the route's own).
const lastUs = Number(process.env.PROFILE_LAST_S ?? 0) * 1e6;
const at: number[] = [];
let clock = 0;
for (const dt of profile.timeDeltas) {
  clock += dt;
  at.push(clock);
}
const fromUs = Number(process.env.PROFILE_FROM_US ?? Number.NaN) - profile.startTime;
const toUs = Number(process.env.PROFILE_TO_US ?? Number.NaN) - profile.startTime;
const from = lastUs > 0 ? clock - lastUs : Number.isNaN(fromUs) ? Number.NEGATIVE_INFINITY : fromUs;
const to = Number.isNaN(toUs) ? Number.POSITIVE_INFINITY : toUs;
const byFile = new Map<string, number>();
const byArea = new Map<string, number>();
/** Where a frame's code lives, coarsely: a package, a server folder, node itself. */
function areaOf(url: string): string {
  if (url === "") return "(native)";
  if (url.startsWith("node:")) return "node:";
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return `node_modules/${nm[1]}`;
  const server = /apps\/server\/src\/([^/]+)\//.exec(url);
  if (server) return `apps/server/src/${server[1]}/`;
  const pkg = /packages\/([^/]+)\//.exec(url);
  if (pkg) return `packages/${pkg[1]}`;
  return url.replace(/^.*\/(apps|packages)\//, "$1/");
}
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  if ((at[i] ?? 0) < from || (at[i] ?? 0) > to) return;
  const node = byId.get(id);
  if (!node) return;
  const name = node.callFrame.functionName;
  if (name === "(idle)" || name === "(program)" || name === "(garbage collector)") {
    if (name !== "(idle)") {
      busy += dt;
      self.set(name, (self.get(name) ?? 0) + dt);
      byArea.set(name, (byArea.get(name) ?? 0) + dt);
    }
    return;
  }
  busy += dt;
  const key = label(node);
  self.set(key, (self.get(key) ?? 0) + dt);
  const url = node.callFrame.url.replace(/^.*\/(node_modules|apps|packages)\//, "$1/");
  byFile.set(url || "(native)", (byFile.get(url || "(native)") ?? 0) + dt);
  const area = areaOf(node.callFrame.url);
  byArea.set(area, (byArea.get(area) ?? 0) + dt);
  if (focus) {
    let inFocus = false;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const n = byId.get(at);
      if (!n) break;
      if (n.callFrame.functionName === focus) inFocus = true;
      else if (inFocus && n.callFrame.url !== "" && !n.callFrame.url.includes("/kysely/")) {
        const k = label(n);
        callers.set(k, (callers.get(k) ?? 0) + dt);
        break;
      }
    }
  }
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const n = byId.get(at);
    if (!n) break;
    const k = label(n);
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
  }
});

// Busy stretches: consecutive non-idle samples (a task that held the loop).
const longMs = Number(process.env.PROFILE_LONG_MS ?? 0);
const longSelf = new Map<string, number>();
const stretches: number[] = [];
if (longMs > 0) {
  let start = -1;
  const close = (end: number) => {
    if (start < 0) return;
    let len = 0;
    for (let j = start; j < end; j++) len += profile.timeDeltas[j + 1] ?? 0;
    if (len >= longMs * 1000) {
      stretches.push(len / 1000);
      for (let j = start; j < end; j++) {
        const n = byId.get(profile.samples[j] as number);
        if (!n) continue;
        const k = n.callFrame.url === "" ? n.callFrame.functionName : label(n);
        longSelf.set(k, (longSelf.get(k) ?? 0) + (profile.timeDeltas[j + 1] ?? 0));
      }
    }
    start = -1;
  };
  profile.samples.forEach((id, i) => {
    const outside = (at[i] ?? 0) < from || (at[i] ?? 0) > to;
    if (outside || byId.get(id)?.callFrame.functionName === "(idle)") close(i);
    else if (start < 0) start = i;
  });
  close(profile.samples.length);
}

const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (share of ${(busy / 1e6).toFixed(2)} s busy)`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * v) / busy).toFixed(1).padStart(5)} %  ${k}`);
};
if (Number.isFinite(from) || Number.isFinite(to)) {
  const span = (Math.min(to, clock) - Math.max(0, from)) / 1e6;
  console.log(
    `window ${span.toFixed(1)} s: busy ${(busy / 1e6).toFixed(2)} s = ${((100 * busy) / 1e6 / span).toFixed(0)}% of a core`,
  );
}
print("self time", self);
print("self time by area", byArea);
print("self time by file", byFile);
print("inclusive time", inclusive);
if (longMs > 0) {
  stretches.sort((a, b) => b - a);
  const total = stretches.reduce((a, b) => a + b, 0);
  console.log(
    `\nbusy stretches >= ${longMs} ms: ${stretches.length}, ${(total / 1000).toFixed(2)} s in all; longest ${stretches
      .slice(0, 10)
      .map((x) => x.toFixed(0))
      .join(", ")} ms`,
  );
  const sum = [...longSelf.values()].reduce((a, b) => a + b, 0);
  console.log(`self time inside them (share of ${(sum / 1e6).toFixed(2)} s)`);
  for (const [k, v] of [...longSelf].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * v) / sum).toFixed(1).padStart(5)} %  ${k}`);
}
if (focus) print(`${focus}: by its nearest caller outside Kysely`, callers);
