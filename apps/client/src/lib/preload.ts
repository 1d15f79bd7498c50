/** Where the files list's entries live (GET /api/files: data[0] media, data[1] img). */
export const MEDIA_BASE = "/static/media/";
export const IMG_BASE = "/img/";

export function toUrl(base: string, path: string): string {
  if (/^(https?:)?\/\//.test(path) || path.startsWith("/")) return path;
  return base + path;
}

export interface PreloadResult {
  loaded: number;
  failed: number;
  total: number;
  timedOut: boolean;
}

/**
 * Preloads images with `new Image()`, reporting progress after each one
 * settles (a failed image counts as done: a missing file must never stall
 * the game). Resolves when all are settled or after `budgetMs`, whichever
 * comes first.
 */
export function preloadImages(
  urls: readonly string[],
  budgetMs: number,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<PreloadResult> {
  const unique = [...new Set(urls)];
  const total = unique.length;
  let loaded = 0;
  let failed = 0;
  onProgress(0, total);
  if (total === 0) return Promise.resolve({ loaded, failed, total, timedOut: false });

  return new Promise((resolve) => {
    let finished = false;
    const images: HTMLImageElement[] = [];
    const finish = (timedOut: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      for (const img of images) {
        img.onload = null;
        img.onerror = null;
      }
      resolve({ loaded, failed, total, timedOut });
    };
    const onAbort = () => finish(true);
    const timer = setTimeout(() => finish(true), budgetMs);
    signal?.addEventListener("abort", onAbort);

    const settle = (ok: boolean) => {
      if (finished) return;
      if (ok) loaded++;
      else failed++;
      onProgress(loaded + failed, total);
      if (loaded + failed >= total) finish(false);
    };
    for (const url of unique) {
      const img = new Image();
      img.decoding = "async";
      img.onload = () => settle(true);
      img.onerror = () => settle(false);
      images.push(img);
      img.src = url;
    }
  });
}

/**
 * Warms the HTTP cache with images after the screen is up: a few at a time,
 * each batch when the browser is idle, so the first screen's main thread is
 * not spent parsing a hundred card pictures it does not show. Returns a stop
 * function; resolves `done` with how many settled.
 */
export function preloadInBackground(
  urls: readonly string[],
  options: { batch?: number; idle?: (run: () => void) => void } = {},
): { stop: () => void; done: Promise<number> } {
  const batch = options.batch ?? 4;
  const idle =
    options.idle ??
    ((run: () => void) => {
      const ric = (
        globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }
      ).requestIdleCallback;
      if (ric) ric(run, { timeout: 2000 });
      else setTimeout(run, 50);
    });
  const queue = [...new Set(urls)];
  let stopped = false;
  let settled = 0;
  const done = new Promise<number>((resolve) => {
    const next = () => {
      if (stopped || queue.length === 0) {
        resolve(settled);
        return;
      }
      const slice = queue.splice(0, batch);
      void preloadImages(slice, 15_000, () => {}).then((r) => {
        settled += r.loaded + r.failed;
        idle(next);
      });
    };
    idle(next);
  });
  return {
    stop: () => {
      stopped = true;
    },
    done,
  };
}
