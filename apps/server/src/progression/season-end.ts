/**
 * The season-end job (rules.md section 4, product.md section 9): when the
 * open season's end time has come, in one transaction it closes the season,
 * records every player who played it (rank, score, xp, rank reward), drops
 * them back to bronze with an empty season track and opens the next season.
 * Then it pays each recorded rank reward once (ledger key per season and
 * player). Safe to run again, from the command or from several server
 * processes: only one closes a season, and a payment interrupted half way is
 * finished by the next run.
 */
import { utcDay } from "@cardrealm/content";
import type { Db } from "../db/database.ts";
import { isUniqueViolation, nowIso } from "../db/executor.ts";
import { applyGemChange } from "../db/repositories/ledger-repo.ts";
import {
  closeSeason,
  deleteDailiesBefore,
  findSeason,
  insertSeason,
  liftStatementTimeout,
  markResultPaid,
  resetFromSnapshot,
  snapshotSeason,
  unpaidResults,
} from "../db/repositories/progression-repo.ts";
import type { Progression } from "./progression.ts";
import { nextSeason } from "./seasons.ts";

/** Daily task rows older than this many days are deleted at season end. */
const KEEP_DAILY_DAYS = 7;
const PAY_BATCH = 200;
/** The schedule looks again at least this often (a season's end may be moved in the table). */
const MAX_SLEEP_MS = 60 * 60 * 1000;

export interface SeasonEndResult {
  /** The season this run closed, or null when none was due (or another run closed it). */
  closed: string | null;
  /** Players recorded for the closed season. */
  players: number;
  /** Rank rewards paid by this run (of any closed season). */
  paid: number;
  /** The season open after the run, and when it ends. */
  open: { id: string; ends_at: string };
}

export function createSeasonEnd(deps: { db: Db; clock: () => number; progression: Progression }) {
  const { db, clock, progression } = deps;
  const k = db.kysely;

  /** Pays every recorded, unpaid rank reward once. */
  async function payUnpaid(): Promise<number> {
    let paid = 0;
    for (;;) {
      const batch = await unpaidResults(k, PAY_BATCH);
      if (batch.length === 0) return paid;
      for (const r of batch) {
        try {
          await k.transaction().execute(async (trx) => {
            const now = nowIso(clock);
            if (!(await markResultPaid(trx, r.season, r.user_id, now))) return;
            const change = await applyGemChange(trx, {
              userId: r.user_id,
              delta: r.reward,
              reason: "season_rank_reward",
              idempotencyKey: `season-rank:${r.season}:${r.user_id}`,
              now,
            });
            if (change.status === "applied") paid++;
          });
        } catch (err) {
          // Another process paid this one at the same moment: its ledger key won.
          if (!isUniqueViolation(err)) throw err;
        }
      }
    }
  }

  return {
    payUnpaid,

    /** Ends the open season if its end has come (or `force`), then pays what is unpaid. */
    async run(opts: { force?: boolean } = {}): Promise<SeasonEndResult> {
      const open = await progression.ensureSeason();
      const now = clock();
      let closed: string | null = null;
      let players = 0;
      if (opts.force || now >= Date.parse(open.ends_at)) {
        const r = await k.transaction().execute(async (trx) => {
          const iso = nowIso(clock);
          await liftStatementTimeout(trx, db.dialect);
          if (!(await closeSeason(trx, open.id, iso))) return null;
          const recorded = await snapshotSeason(trx, open.id);
          await resetFromSnapshot(trx, open.id, iso);
          // Rarely (an early end in the month the season started) the month's id is taken.
          const taken = new Set<string>();
          let next = nextSeason(now, (id) => taken.has(id));
          while (await findSeason(trx, next.id)) {
            taken.add(next.id);
            next = nextSeason(now, (id) => taken.has(id));
          }
          await insertSeason(trx, next);
          return { id: open.id, recorded };
        });
        if (r) {
          closed = r.id;
          players = r.recorded;
        }
      }
      const paid = await payUnpaid();
      if (closed) {
        await deleteDailiesBefore(k, utcDay(now - KEEP_DAILY_DAYS * 86_400_000));
      }
      const after = await progression.ensureSeason();
      return { closed, players, paid, open: { id: after.id, ends_at: after.ends_at } };
    },
  };
}

export type SeasonEnd = ReturnType<typeof createSeasonEnd>;

/**
 * Runs the job inside the server at the open season's end (00:00 UTC on the
 * 1st of the month): sleeps until then (at most an hour at a time, so a
 * moved end time is noticed), runs, and sleeps again. On start it also
 * finishes any payment an interrupted run left. Returns stop().
 */
export function scheduleSeasonEnd(deps: {
  job: SeasonEnd;
  progression: Progression;
  clock: () => number;
  log: { info(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const arm = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(tick, Math.max(1000, Math.min(ms, MAX_SLEEP_MS)));
    timer.unref();
  };

  async function tick(): Promise<void> {
    try {
      const open = await deps.progression.ensureSeason();
      const wait = Date.parse(open.ends_at) - deps.clock();
      if (wait > 0) return arm(wait);
      const result = await deps.job.run();
      deps.log.info(result, "season end job ran");
      const next = await deps.progression.ensureSeason();
      arm(Date.parse(next.ends_at) - deps.clock());
    } catch (err) {
      deps.log.error({ err }, "season end job failed; retrying in a minute");
      arm(60_000);
    }
  }

  const first = setTimeout(() => {
    deps.job
      .payUnpaid()
      .catch((err: unknown) => deps.log.error({ err }, "paying season rewards failed"))
      .finally(() => void tick());
  }, 0);
  first.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    if (timer) clearTimeout(timer);
  };
}
