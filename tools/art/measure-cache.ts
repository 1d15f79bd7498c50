/**
 * The art checks' in-page measurements (distinct.ts `gridsOf`, variety.ts
 * `lightInMasks`) are pure functions of what goes in: the pictures' bytes,
 * the page code that reads them, its parameters and the Chromium build that
 * runs it. Each result is kept in a temp folder under the SHA-256 of all of
 * those, so the second test file that reads the same bitmaps (distinct and
 * variety both reduce every mini bitmap), or the next run on the same art,
 * reads it instead of starting Chromium and decoding every card again
 * (docs/testing.md, "The art checks measure each picture once").
 *
 * A changed picture, page function, parameter or Chromium binary is another
 * key, so it is measured afresh: the cache cannot hide a change. What the
 * tests compute from the measurements (hashes, spreads, thresholds) runs
 * every time. `ART_MEASURE_CACHE=0` turns the cache off, `=<dir>` moves it.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath() });
}

/** A browser, or a way to get one when a measurement is not cached. */
export type BrowserSource = Browser | (() => Promise<Browser>);

export async function browserOf(source: BrowserSource): Promise<Browser> {
  return typeof source === "function" ? source() : source;
}

/** A browser launched at the first call only, so a fully cached run starts none. */
export function lazyBrowser(): { get: () => Promise<Browser>; close: () => Promise<void> } {
  let started: Promise<Browser> | undefined;
  return {
    get: () => {
      started ??= launch();
      return started;
    },
    close: async () => {
      if (started) await (await started).close();
    },
  };
}

/** The Chromium binary that measures: its path, size and time of change. */
function chromiumIdentity(): string {
  const path = chromiumPath();
  try {
    const s = statSync(path);
    return `${path} ${s.size} ${s.mtimeMs}`;
  } catch {
    return path;
  }
}

/** Where results are kept, or undefined when the cache is off. */
function cacheDir(): string | undefined {
  const setting = process.env.ART_MEASURE_CACHE;
  if (setting === "0") return undefined;
  return setting || join(tmpdir(), "cardrealm-art-measure");
}

/**
 * The result of `measure` for these inputs: read from the cache when the same
 * inputs were measured before, else measured and kept. `inputs` must hold
 * everything the result depends on (the page function's source included).
 */
export async function cachedMeasure<T>(
  name: string,
  inputs: readonly unknown[],
  measure: () => Promise<T>,
): Promise<T> {
  const dir = cacheDir();
  if (!dir) return measure();
  const hash = createHash("sha256").update(name).update("\0").update(chromiumIdentity());
  for (const part of inputs) {
    hash.update("\0").update(typeof part === "string" ? part : JSON.stringify(part));
  }
  const file = join(dir, `${name}-${hash.digest("hex")}.json`);
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    // not measured yet (or a torn file): measure below
  }
  const value = await measure();
  mkdirSync(dir, { recursive: true });
  // write then rename: another worker reading meanwhile sees all or nothing
  const part = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(part, JSON.stringify(value));
  renameSync(part, file);
  return value;
}
