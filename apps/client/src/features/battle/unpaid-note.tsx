import type { UnpaidReason } from "@cardrealm/engine";
import { type AppSettings, useAppStore } from "../../stores/app-store.ts";
import "./unpaid-note.css";

/** rules.md 4, "Paid battles": the server's numbers (GET /api/settings), these when it sends none. */
export interface PaidBattleNumbers {
  minSeconds: number;
  minCards: number;
  perDay: number;
}

const DEFAULTS: PaidBattleNumbers = { minSeconds: 60, minCards: 3, perDay: 30 };

export function paidBattleNumbers(settings: AppSettings | null): PaidBattleNumbers {
  const read = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return value !== undefined && Number.isInteger(n) && n >= 0 ? n : fallback;
  };
  return {
    minSeconds: read(settings?.paidBattleMinSeconds, DEFAULTS.minSeconds),
    minCards: read(settings?.paidBattleMinCards, DEFAULTS.minCards),
    perDay: read(settings?.paidBattlesPerDay, DEFAULTS.perDay),
  };
}

/** "a minute", "2 minutes", "90 seconds". */
function duration(seconds: number): string {
  if (seconds % 60 === 0) return seconds === 60 ? "a minute" : `${seconds / 60} minutes`;
  return seconds === 1 ? "a second" : `${seconds} seconds`;
}

/** The end panel's words for why a battle paid nothing (rules.md 4 gives the first and last). */
export function unpaidText(reason: UnpaidReason, n: PaidBattleNumbers): string {
  switch (reason) {
    case "too_short":
      return `Battles under ${duration(n.minSeconds)} pay nothing`;
    case "too_few_cards":
      return `Battles with fewer than ${n.minCards} card${n.minCards === 1 ? "" : "s"} played pay nothing`;
    case "daily_limit":
      return `Today's ${n.perDay} rewarded battles are done: rewards return at 00:00 UTC`;
  }
}

/** The end panel's line saying why this battle paid nothing (end_game.result.unpaid); none when it paid. */
export function UnpaidNote({ unpaid }: { unpaid: UnpaidReason | undefined }) {
  const settings = useAppStore((s) => s.settings);
  if (!unpaid) return null;
  return (
    <p className="unpaid-note" data-testid="end-game-unpaid" data-reason={unpaid}>
      {unpaidText(unpaid, paidBattleNumbers(settings))}
    </p>
  );
}
