/**
 * Serialises work on one battle inside this process (a player double-clicking
 * end turn). Across processes the optimistic version check in the battles
 * table does the same job.
 */
export function createBattleLock() {
  const tails = new Map<string, Promise<unknown>>();
  return async function withBattle<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = tails.get(id) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(id, tail);
    try {
      return await run;
    } finally {
      if (tails.get(id) === tail) tails.delete(id);
    }
  };
}
