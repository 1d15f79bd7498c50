import { afterEach, describe, expect, it, vi } from "vitest";
import { preloadImages, toUrl } from "./preload.ts";

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
