import { afterEach, describe, expect, it, vi } from "vitest";
import { preloadImages, preloadInBackground, toUrl } from "./preload.ts";

/** An Image stand-in: "ok" URLs load, "bad" ones fail, "slow" ones never settle. */
class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  decoding = "auto";
  set src(url: string) {
    if (url.includes("slow")) return;
    queueMicrotask(() => (url.includes("bad") ? this.onerror?.() : this.onload?.()));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("image preloading", () => {
  it("prefixes bare names with their folder and keeps absolute paths", () => {
    expect(toUrl("/static/media/", "map.svg")).toBe("/static/media/map.svg");
    expect(toUrl("/img/", "/img/cards/1.png")).toBe("/img/cards/1.png");
  });

  it("counts every image, a failed one included, and finishes when all settle", async () => {
    vi.stubGlobal("Image", FakeImage);
    const seen: string[] = [];
    const result = await preloadImages(["/a-ok.png", "/b-bad.png", "/c-ok.png"], 20_000, (d, t) =>
      seen.push(`${d}/${t}`),
    );
    expect(seen).toEqual(["0/3", "1/3", "2/3", "3/3"]);
    expect(result).toEqual({ loaded: 2, failed: 1, total: 3, timedOut: false });
  });

  it("gives up at the time budget when an image hangs", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("Image", FakeImage);
    const done = preloadImages(["/a-ok.png", "/slow.png"], 5_000, () => {});
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await done).toMatchObject({ loaded: 1, total: 2, timedOut: true });
  });
});

describe("background preloading", () => {
  it("loads every image a batch at a time, each batch only when the browser is idle", async () => {
    const requested: string[] = [];
    class RecordingImage extends FakeImage {
      override set src(url: string) {
        requested.push(url);
        super.src = url;
      }
    }
    vi.stubGlobal("Image", RecordingImage);
    const idleRuns: Array<() => void> = [];
    const urls = ["/1-ok.svg", "/2-ok.svg", "/3-bad.svg", "/4-ok.svg", "/5-ok.svg"];
    const { done } = preloadInBackground(urls, { batch: 2, idle: (run) => idleRuns.push(run) });
    expect(requested).toEqual([]);
    // Each idle moment starts one batch of two; nothing runs between them.
    for (const expected of [2, 4, 5]) {
      idleRuns.shift()?.();
      await vi.waitFor(() => expect(idleRuns.length).toBe(1));
      expect(requested).toHaveLength(expected);
    }
    idleRuns.shift()?.();
    expect(await done).toBe(5);
  });

  it("stops between batches when asked", async () => {
    vi.stubGlobal("Image", FakeImage);
    const idleRuns: Array<() => void> = [];
    const job = preloadInBackground(["/a-ok.svg", "/b-ok.svg", "/c-ok.svg"], {
      batch: 1,
      idle: (run) => idleRuns.push(run),
    });
    idleRuns.shift()?.();
    await vi.waitFor(() => expect(idleRuns.length).toBe(1));
    job.stop();
    idleRuns.shift()?.();
    expect(await job.done).toBe(1);
  });
});
