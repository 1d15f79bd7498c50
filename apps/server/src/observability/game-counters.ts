import { Counter, Registry } from "prom-client";

/**
 * What the game did, counted where the database is told (the repositories),
 * for GET /metrics. Process-wide, like the process they count in: every app
 * a test builds in one process adds to the same counters, so tests compare
 * before and after. A count is taken when the row is written inside its
 * transaction; one that rolls back afterwards (a failed request) still
 * counts, so these are for dashboards, never for money (the ledger is that).
 */
export const gameCounters = new Registry();

export const battlesSettled = new Counter({
  name: "cardrealm_battles_settled_total",
  help: "Battles ended and settled by this process, by mode (cpu: story, pvp, bot: the arena bot).",
  labelNames: ["mode"] as const,
  registers: [gameCounters],
});

export const gemsMoved = new Counter({
  name: "cardrealm_gems_total",
  help: "Gems credited to or spent by players through this process, by reason.",
  labelNames: ["direction", "reason"] as const,
  registers: [gameCounters],
});
