import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { saveArenaState } from "./pvp-repo.ts";

export type ArenaSave = Parameters<typeof saveArenaState>[1];

/**
 * Group commit for arena moves: saves that arrive while a commit is running
 * go out together in the next transaction, so a thousand games moving at once
 * cost a few commits (one fsync each on SQLite) instead of a thousand. Each
 * caller still hears back only after its own save committed, with its own
 * optimistic-lock result: durability is unchanged, a move waits at most for
 * the commit before it.
 */
export function createArenaWriter(db: Kysely<Database>, maxBatch = 256) {
  let queue: { save: ArenaSave; resolve: (ok: boolean) => void; reject: (e: unknown) => void }[] =
    [];
  let running = false;

  async function flush(): Promise<void> {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const results = await db.transaction().execute(async (trx) => {
          const out: boolean[] = [];
          for (const item of batch) out.push(await saveArenaState(trx, item.save));
          return out;
        });
        batch.forEach((item, i) => {
          item.resolve(results[i] === true);
        });
      } catch (err) {
        for (const item of batch) item.reject(err);
      }
    }
    running = false;
  }

  return {
    save(save: ArenaSave): Promise<boolean> {
      return new Promise((resolve, reject) => {
        queue.push({ save, resolve, reject });
        if (!running) {
          running = true;
          // Let the saves of requests already in flight join this commit.
          setImmediate(() => void flush());
        }
      });
    },
  };
}
