/**
 * What the long tasks of the map's first load are: a new guest's map opened
 * cold (empty cache, Lighthouse's landscape phone screen) under a Chromium
 * trace, then every main-thread task of LT_MIN_MS or more (default 50 ms at
 * the throttle) listed with its self time split by kind: script by file and
 * function, style recalculation with its element count, layout with its
 * object count, paint, image decode, each dispatched event by type.
 *
 *   npx tsx web/load-tasks.ts          (from bench/, after a build)
 *
 * LT_CPU=4 throttles the CPU like Lighthouse's mobile profile (default 1:
 * Lighthouse itself loads unthrottled and multiplies each task by 4, so at
 * 1x a task over 12.5 ms is a long one); LT_RUNS (1); LT_TRACE_FILE keeps
 * the last trace (opens in Chrome DevTools); LT_PROFILE=1 adds V8's sampler
 * and the top self-time functions; LT_UNTIL_MS (8000) how long after the
 * map is up the trace goes on.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  loadAverage,
  newPlayerToken,
  startGameServer,
  TOKEN_KEY,
} from "./web-kit.ts";

interface Ev {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    elementCount?: number;
    data?: {
      url?: string;
      functionName?: string;
      type?: string;
      frame?: string;
      elementCount?: number;
      cpuProfile?: {
        nodes?: { id: number; callFrame: { functionName: string; url: string }; parent?: number }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
    beginData?: { dirtyObjects?: number; totalObjects?: number };
  };
}

const CPU = Number(process.env.LT_CPU ?? 1);
const RUNS = Number(process.env.LT_RUNS ?? 1);
const MIN_MS = Number(process.env.LT_MIN_MS ?? (50 * CPU) / 4);
const UNTIL_MS = Number(process.env.LT_UNTIL_MS ?? 8000);
const PROFILE = process.env.LT_PROFILE === "1";
const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "toplevel",
  "v8.execute",
  "blink.user_timing",
  "loading",
  ...(PROFILE ? ["disabled-by-default-v8.cpu_profiler"] : []),
];

function mainThread(events: Ev[]): string {
  const renderers = new Set<number>();
  for (const e of events)
    if (e.ph === "M" && e.name === "process_name" && e.args?.name === "Renderer")
      renderers.add(e.pid);
  // The page's main thread is the renderer main thread that ran the most tasks.
  const counts = new Map<string, number>();
  const mains = new Set<string>();
  for (const e of events)
    if (
      e.ph === "M" &&
      e.name === "thread_name" &&
      e.args?.name === "CrRendererMain" &&
      renderers.has(e.pid)
    )
      mains.add(`${e.pid}:${e.tid}`);
  for (const e of events) {
    const k = `${e.pid}:${e.tid}`;
    if (mains.has(k) && e.ph === "X") counts.set(k, (counts.get(k) ?? 0) + (e.dur ?? 0));
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
}

const short = (url: string | undefined) =>
  (url ?? "").replace(/^https?:\/\/[^/]+/, "").replace(/^\/assets\//, "") || "?";

/** A trace event's kind, with what it touched. */
function label(e: Ev): string {
  const d = e.args?.data;
  switch (e.name) {
    case "EventDispatch":
      return `event ${d?.type ?? "?"}`;
    case "FunctionCall":
      return `script ${short(d?.url)} ${d?.functionName || "(anon)"}`;
    case "EvaluateScript":
    case "v8.evaluateModule":
    case "v8.compile":
    case "v8.compileModule":
    case "V8.CompileCode":
      return `${e.name} ${short(d?.url)}`;
    case "TimerFire":
    case "FireAnimationFrame":
    case "FireIdleCallback":
    case "RunMicrotasks":
      return e.name;
    default:
      return e.name;
  }
}

interface Task {
  startMs: number;
  durMs: number;
  self: Map<string, number>;
  styleElements: number;
  layoutObjects: number;
  events: Map<string, number>;
}

/** Thread (CPU) time of an event, microseconds: on a shared machine wall time counts others' work. */
const cpuUs = (e: Ev) => e.tdur ?? e.dur ?? 0;

function tasksOf(events: Ev[], thread: string, t0: number): Task[] {
  const list = events
    .filter((e) => e.ph === "X" && `${e.pid}:${e.tid}` === thread && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: Task[] = [];
  // The stack of open events; the bottom one is the top-level task (or an event outside any).
  const stack: { e: Ev; childUs: number; task: Task | null }[] = [];
  const close = (upTo: number) => {
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (!top || top.e.ts + (top.e.dur ?? 0) > upTo) break;
      stack.pop();
      const { task } = top;
      if (!task) continue;
      const selfUs = Math.max(0, cpuUs(top.e) - top.childUs);
      const k = stack.length > 0 ? label(top.e) : "(task itself)";
      task.self.set(k, (task.self.get(k) ?? 0) + selfUs / 1000);
    }
  };
  for (const e of list) {
    close(e.ts);
    const parent = stack[stack.length - 1];
    let task: Task | null = null;
    if (!parent) {
      if (e.name === "ThreadControllerImpl::RunTask" || e.name === "RunTask") {
        task = {
          startMs: (e.ts - t0) / 1000,
          durMs: cpuUs(e) / 1000,
          self: new Map(),
          styleElements: 0,
          layoutObjects: 0,
          events: new Map(),
        };
        tasks.push(task);
      }
    } else {
      parent.childUs += cpuUs(e);
      task = parent.task;
    }
    if (task && e.name === "UpdateLayoutTree")
      task.styleElements += e.args?.elementCount ?? e.args?.data?.elementCount ?? 0;
    if (task && e.name === "Layout") task.layoutObjects += e.args?.beginData?.dirtyObjects ?? 0;
    if (task && e.name === "EventDispatch") {
      const t = e.args?.data?.type ?? "?";
      task.events.set(t, (task.events.get(t) ?? 0) + 1);
    }
    stack.push({ e, childUs: 0, task });
  }
  close(Number.POSITIVE_INFINITY);
  return tasks;
}

/** Self time by function from V8's sampler (LT_PROFILE=1), top n. */
function profileTop(events: Ev[], thread: string, n: number): string[] {
  const [pid] = thread.split(":");
  const nodes = new Map<number, { fn: string; url: string }>();
  const selfUs = new Map<number, number>();
  for (const e of events) {
    if (e.name !== "ProfileChunk" || String(e.pid) !== pid) continue;
    const p = e.args?.data?.cpuProfile;
    for (const node of p?.nodes ?? [])
      nodes.set(node.id, { fn: node.callFrame.functionName, url: node.callFrame.url });
    const deltas = e.args?.data?.timeDeltas ?? [];
    (p?.samples ?? []).forEach((id, i) => {
      selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0));
    });
  }
  const byFn = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = nodes.get(id);
    const k = node ? `${node.fn || "(anon)"} ${short(node.url)}` : `#${id}`;
    byFn.set(k, (byFn.get(k) ?? 0) + us / 1000);
  }
  return [...byFn.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${k}`);
}

function fmtMap(m: Map<string, number>, n: number, minMs = 0.5): string {
  return [...m.entries()]
    .filter(([, v]) => v >= minMs)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join("; ");
}

async function main(): Promise<void> {
  const server = await startGameServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    for (let run = 0; run < RUNS; run++) {
      const token = await newPlayerToken(server.url);
      const context = await browser.newContext({
        viewport: { width: 823, height: 412 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      await context.addInitScript(([k, v]) => localStorage.setItem(k, v), [
        TOKEN_KEY,
        token,
      ] as const);
      // As in tools/perf/load-budget.ts: a fresh load has no user activation (no music yet).
      await context.addInitScript(
        "Object.defineProperty(navigator, 'userActivation', { value: { hasBeenActive: false, isActive: false } });",
      );
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      if (CPU > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
      await browser.startTracing(page, { categories: CATEGORIES });
      await page.goto(server.url, { waitUntil: "commit", timeout: 300_000 });
      await page.getByTestId("screen-home").waitFor({ timeout: 300_000 });
      await page.getByTestId("loading-popup").waitFor({ state: "hidden", timeout: 300_000 });
      await page.waitForTimeout(UNTIL_MS);
      const buf = await browser.stopTracing();
      await context.close();
      if (process.env.LT_TRACE_FILE) writeFileSync(process.env.LT_TRACE_FILE, buf);
      report(run, buf);
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

function report(run: number, buf: Buffer): void {
  {
    const events = (JSON.parse(buf.toString("utf8")) as { traceEvents: Ev[] }).traceEvents;
    const thread = mainThread(events);
    const nav = events.find((e) => e.name === "navigationStart" && `${e.pid}:${e.tid}` === thread);
    const fcp = events.find(
      (e) => e.name === "firstContentfulPaint" && `${e.pid}:${e.tid}` === thread,
    );
    const t0 = nav?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
    const tasks = tasksOf(events, thread, t0);
    const fcpMs = fcp ? (fcp.ts - t0) / 1000 : 0;
    const long = tasks.filter((t) => t.durMs >= MIN_MS);
    // TBT as Lighthouse counts it at 4x: each task after FCP, times 4/CPU, beyond 50 ms.
    const scale = 4 / CPU;
    const tbt = tasks
      .filter((t) => t.startMs >= fcpMs)
      .reduce((s, t) => s + Math.max(0, t.durMs * scale - 50), 0);
    const busy = tasks.reduce((s, t) => s + t.durMs, 0);
    console.log(
      `run ${run + 1}: CPU ${CPU}x, FCP ${fcpMs.toFixed(0)} ms, ${tasks.length} tasks (${busy.toFixed(0)} ms), ` +
        `${long.length} of ${MIN_MS.toFixed(1)} ms+; TBT-like at 4x ${tbt.toFixed(0)} ms (load ${loadAverage()})`,
    );
    const all = new Map<string, number>();
    for (const t of tasks) for (const [k, v] of t.self) all.set(k, (all.get(k) ?? 0) + v);
    console.log(`  all tasks, self time ms: ${fmtMap(all, 25, 1)}`);
    for (const t of long) {
      console.log(
        `  task @${t.startMs.toFixed(0)} ms ${t.durMs.toFixed(1)} ms` +
          (t.styleElements ? `, style ${t.styleElements} elements` : "") +
          (t.layoutObjects ? `, layout ${t.layoutObjects} objects` : "") +
          (t.events.size ? `, events ${fmtMap(t.events, 8, 1)}` : ""),
      );
      console.log(`      ${fmtMap(t.self, 12)}`);
    }
    if (PROFILE) for (const line of profileTop(events, thread, 30)) console.log(`  ${line}`);
  }
}

// LT_FROM_TRACE=/tmp/t.json reads a kept trace again instead of loading the page.
if (process.env.LT_FROM_TRACE) report(0, readFileSync(process.env.LT_FROM_TRACE));
else await main();
