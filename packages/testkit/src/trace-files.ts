/**
 * Trace files on disk, for tests and tools (Node only; not exported from the
 * package index so the engine's browser-safe type check never sees node:fs).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Trace } from "@cardrealm/engine";
import { loadTrace, saveTrace } from "./trace.ts";

export function writeTraceFile(dir: string, name: string, trace: Trace): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name.endsWith(".json") ? name : `${name}.json`);
  writeFileSync(file, saveTrace(trace));
  return file;
}

export function readTraceFiles(dir: string): { file: string; trace: Trace }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith(".json"))
    .sort()
    .map((n) => {
      const file = join(dir, n);
      return { file, trace: loadTrace(readFileSync(file, "utf8")) };
    });
}
