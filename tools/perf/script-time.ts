/**
 * Main-thread script time from a Chromium trace (devtools.timeline and
 * v8.execute categories): the thread (CPU) time of the renderer main
 * thread's script events, outermost ones only, so a compile inside a
 * function call is not counted twice. Thread time, not wall time: it does
 * not grow while other processes hold the core (tools/perf/load-budget.ts).
 */

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event, microseconds. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; scriptName?: string; functionName?: string }; name?: string };
}

/** The trace events that are the page's JavaScript running (DevTools' "Scripting"). */
export const SCRIPT_EVENTS = new Set([
  "EvaluateScript",
  "v8.evaluateModule",
  "FunctionCall",
  "TimerFire",
  "FireIdleCallback",
  "FireAnimationFrame",
  "EventDispatch",
  "RunMicrotasks",
  "v8.run",
  "v8.compile",
  "v8.compileModule",
  "V8.CompileCode",
  "v8.produceCache",
  "v8.produceModuleCache",
  "XHRReadyStateChange",
  "XHRLoad",
]);

/**
 * The main threads of the page renderers (thread "CrRendererMain" in a
 * process named "Renderer"), as pid:tid keys. Chromium's own WebUI renderers
 * ("WebUI Top Renderer", busy with the browser's UI even when headless) are
 * left out.
 */
export function rendererMainThreads(events: readonly TraceEvent[]): Set<string> {
  const renderers = new Set<number>();
  for (const e of events) {
    if (e.ph === "M" && e.name === "process_name" && e.args?.name === "Renderer")
      renderers.add(e.pid);
  }
  const out = new Set<string>();
  for (const e of events) {
    if (
      e.ph === "M" &&
      e.name === "thread_name" &&
      e.args?.name === "CrRendererMain" &&
      renderers.has(e.pid)
    )
      out.add(`${e.pid}:${e.tid}`);
  }
  return out;
}

export interface ScriptTime {
  /** Thread time of the outermost script events on the renderer main threads, ms. */
  totalMs: number;
  /** The same split by the script's file (the outermost event's url; "(other)" when it names none). */
  byUrl: Map<string, number>;
  /** How many outermost events were summed. */
  events: number;
}

/** Sums the thread time of the outermost script events on the renderer main threads. */
export function scriptTime(events: readonly TraceEvent[]): ScriptTime {
  const mains = rendererMainThreads(events);
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== "X" || !SCRIPT_EVENTS.has(e.name) || e.dur === undefined) continue;
    const key = `${e.pid}:${e.tid}`;
    if (!mains.has(key)) continue;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  const byUrl = new Map<string, number>();
  let totalUs = 0;
  let count = 0;
  for (const list of byThread.values()) {
    // Outermost first at equal start: the longer event contains the shorter.
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let openUntil = Number.NEGATIVE_INFINITY;
    for (const e of list) {
      const end = e.ts + (e.dur ?? 0);
      if (e.ts < openUntil) continue;
      openUntil = end;
      const us = e.tdur ?? e.dur ?? 0;
      totalUs += us;
      count++;
      const url = e.args?.data?.url || e.args?.data?.scriptName || "(other)";
      byUrl.set(url, (byUrl.get(url) ?? 0) + us / 1000);
    }
  }
  return { totalMs: totalUs / 1000, byUrl, events: count };
}

/** The files that took the most script time, "name 12.3 ms" each, largest first. */
export function topUrls(t: ScriptTime, n = 8): string[] {
  return [...t.byUrl.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([url, ms]) => `${url.replace(/^https?:\/\/[^/]+/, "")} ${ms.toFixed(1)} ms`);
}

/**
 * The load budget's rule (tools/perf/load-budget.ts): over only when both the
 * raw thread time and its ratio to the calibration grew more than `allowed`
 * (0.25: +25%). A slower CPU stretches the raw figure but not the ratio; a
 * disturbed calibration (it moved 230-498 ms at load 26-45) stretches the
 * ratio but not the raw figure; a real growth moves both.
 */
export function overBudget(
  measured: { scriptMs: number; ratio: number },
  budget: { scriptMs: number; ratio: number },
  allowed: number,
): boolean {
  return (
    measured.scriptMs / budget.scriptMs - 1 > allowed && measured.ratio / budget.ratio - 1 > allowed
  );
}
