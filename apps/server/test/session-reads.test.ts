import { describe, expect, it } from "vitest";
import { createSessionReads } from "../src/auth/session-reads.ts";
import type { Executor } from "../src/db/executor.ts";
import type { SessionRow } from "../src/db/repositories/users-repo.ts";

/**
 * The shared session read (auth/session-reads.ts) against a table the test
 * changes by hand: each read answers with the versions as they were when
 * the read started, and is held open until the test releases it.
 */
function fakeTable() {
  const versions = new Map<number, number>([
    [1, 1],
    [2, 1],
    [3, 1],
  ]);
  const reads: { ids: number[]; release: () => void; fail: (e: Error) => void }[] = [];
  const read = (_db: Executor, ids: readonly number[]): Promise<SessionRow[]> => {
    const rows = ids.flatMap((id) => {
      const v = versions.get(id);
      return v === undefined
        ? []
        : [{ id, session_version: v, suspended_at: null, suspended_reason: null }];
    });
    return new Promise((resolve, reject) => {
      reads.push({ ids: [...ids], release: () => resolve(rows), fail: reject });
    });
  };
  return { versions, reads, read };
}

const db = {} as Executor;
const settle = () => new Promise((r) => setImmediate(r));

describe("session reads shared by calls that arrive together", () => {
  it("a lone call reads at once; calls arriving during a read share the next one", async () => {
    const t = fakeTable();
    const sessionOf = createSessionReads(db, { maxInFlight: 1, read: t.read });
    const first = sessionOf(1);
    expect(t.reads.map((r) => r.ids)).toEqual([[1]]);
    const later = [sessionOf(2), sessionOf(3), sessionOf(2)];
    expect(t.reads).toHaveLength(1);
    t.reads[0]?.release();
    expect((await first)?.session_version).toBe(1);
    await settle();
    expect(t.reads.map((r) => r.ids)).toEqual([[1], [2, 3]]);
    t.reads[1]?.release();
    expect((await Promise.all(later)).map((r) => r?.id)).toEqual([2, 3, 2]);
  });

  it("a call never gets a read that started before it arrived (an ended session is seen)", async () => {
    const t = fakeTable();
    const sessionOf = createSessionReads(db, { maxInFlight: 1, read: t.read });
    const before = sessionOf(1);
    // A password change commits while that read runs; a call arriving now must see it.
    t.versions.set(1, 2);
    const after = sessionOf(1);
    t.reads[0]?.release();
    expect((await before)?.session_version).toBe(1);
    await settle();
    t.reads[1]?.release();
    expect((await after)?.session_version).toBe(2);
  });

  it("an unknown user reads as absent; a failed read fails only its own calls", async () => {
    const t = fakeTable();
    const sessionOf = createSessionReads(db, { maxInFlight: 1, read: t.read });
    const gone = sessionOf(99);
    const failing = sessionOf(1);
    t.reads[0]?.release();
    expect(await gone).toBeUndefined();
    await settle();
    expect(t.reads[1]?.ids).toEqual([1]);
    const next = sessionOf(2);
    t.reads[1]?.fail(new Error("connection lost"));
    await expect(failing).rejects.toThrow("connection lost");
    await settle();
    expect(t.reads[2]?.ids).toEqual([2]);
    t.reads[2]?.release();
    expect((await next)?.id).toBe(2);
  });

  it("runs up to maxInFlight reads side by side, each of at most maxIds users", async () => {
    const t = fakeTable();
    for (let id = 10; id < 20; id++) t.versions.set(id, 1);
    const sessionOf = createSessionReads(db, { maxInFlight: 2, maxIds: 3, read: t.read });
    const calls = Array.from({ length: 10 }, (_, i) => sessionOf(10 + i));
    // The first two calls each found a free slot; the other eight wait.
    expect(t.reads.map((r) => r.ids)).toEqual([[10], [11]]);
    t.reads[0]?.release();
    await settle();
    expect(t.reads[2]?.ids).toEqual([12, 13, 14]);
    for (let i = 1; i < 10 && t.reads.some((r) => r); i++) {
      for (const r of t.reads) r.release();
      await settle();
    }
    expect((await Promise.all(calls)).map((r) => r?.id)).toEqual(calls.map((_, i) => 10 + i));
    expect(t.reads.every((r) => r.ids.length <= 3)).toBe(true);
    expect(t.reads.length).toBe(5);
  });
});
