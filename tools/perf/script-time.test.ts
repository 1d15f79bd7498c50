import { describe, expect, it } from "vitest";
import { overBudget, scriptTime, type TraceEvent } from "./script-time.ts";

const meta = (pid: number, tid: number, thread: string, process: string): TraceEvent[] => [
  { name: "process_name", ph: "M", ts: 0, pid, tid: 0, args: { name: process } },
  { name: "thread_name", ph: "M", ts: 0, pid, tid, args: { name: thread } },
];
const x = (name: string, ts: number, dur: number, tdur: number, pid = 1, tid = 1, url?: string) =>
  ({ name, ph: "X", ts, dur, tdur, pid, tid, args: url ? { data: { url } } : {} }) as TraceEvent;

describe("scriptTime", () => {
  it("sums the thread time of the outermost script events of the page's main thread", () => {
    const events = [
      ...meta(1, 1, "CrRendererMain", "Renderer"),
      x("EvaluateScript", 1000, 5000, 4000, 1, 1, "http://h/assets/main.js"),
      // Inside the evaluation: counted with it, not again.
      x("v8.compile", 1500, 1000, 900),
      x("FunctionCall", 2000, 2000, 1500),
      // A later task of its own.
      x("FunctionCall", 10_000, 3000, 2000, 1, 1, "http://h/assets/map.js"),
      // Not script: layout.
      x("Layout", 20_000, 9000, 9000),
    ];
    const t = scriptTime(events);
    expect(t.totalMs).toBeCloseTo(6, 5);
    expect(t.events).toBe(2);
    expect(t.byUrl.get("http://h/assets/main.js")).toBeCloseTo(4, 5);
    expect(t.byUrl.get("http://h/assets/map.js")).toBeCloseTo(2, 5);
  });

  it("leaves out other threads and Chromium's own WebUI renderer", () => {
    const events = [
      ...meta(1, 1, "CrRendererMain", "Renderer"),
      ...meta(1, 2, "Compositor", "Renderer"),
      ...meta(2, 5, "CrRendererMain", "WebUI Top Renderer"),
      x("FunctionCall", 0, 1000, 700),
      x("FunctionCall", 0, 50_000, 50_000, 1, 2),
      x("FunctionCall", 0, 80_000, 80_000, 2, 5),
    ];
    expect(scriptTime(events).totalMs).toBeCloseTo(0.7, 5);
  });
});

describe("overBudget", () => {
  const budget = { scriptMs: 1000, ratio: 2 };
  it("fails a growth past 25% in both the raw time and the ratio to the calibration", () => {
    expect(overBudget({ scriptMs: 1300, ratio: 2.6 }, budget, 0.25)).toBe(true);
  });
  it("passes a slower CPU (raw time up, ratio steady) and a disturbed calibration (ratio up alone)", () => {
    expect(overBudget({ scriptMs: 1600, ratio: 2.1 }, budget, 0.25)).toBe(false);
    expect(overBudget({ scriptMs: 1050, ratio: 4.2 }, budget, 0.25)).toBe(false);
    expect(overBudget({ scriptMs: 1250, ratio: 2.5 }, budget, 0.25)).toBe(false);
  });
});
