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
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
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
const from = lastUs > 0 ? clock - lastUs : Number.NEGATIVE_INFINITY;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  if ((at[i] ?? 0) < from) return;
  const node = byId.get(id);
  if (!node) return;
  const name = node.callFrame.functionName;
  if (name === "(idle)" || name === "(program)" || name === "(garbage collector)") {
    if (name !== "(idle)") {
      busy += dt;
      self.set(name, (self.get(name) ?? 0) + dt);
    }
    return;
  }
  busy += dt;
  const key = label(node);
  self.set(key, (self.get(key) ?? 0) + dt);
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

const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (share of ${(busy / 1e6).toFixed(2)} s busy)`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * v) / busy).toFixed(1).padStart(5)} %  ${k}`);
};
print("self time", self);
print("inclusive time", inclusive);
if (focus) print(`${focus}: by its nearest caller outside Kysely`, callers);
