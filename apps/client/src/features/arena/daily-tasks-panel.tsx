import type { User } from "@cardrealm/protocol";
import { useEffect, useState } from "react";
import { formatGems } from "../../lib/format.ts";
import { dailyRows, formatLeft, msToNextUtcDay } from "./arena-model.ts";

/** Today's three tasks: the text, a done/need bar and the gems; renewal at 00:00 UTC. */
export function DailyTasksPanel({ dailys }: { dailys: User["dailys"] }) {
  const rows = dailyRows(dailys);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);
  return (
    <section className="arena-panel daily-panel" aria-labelledby="daily-title">
      <header className="arena-panel__head">
        <h2 id="daily-title" className="arena-panel__title">
          Daily tasks
        </h2>
        <span className="arena-panel__note">New in {formatLeft(msToNextUtcDay(now))}</span>
      </header>
      {rows.length === 0 ? (
        <p className="daily-panel__empty">No tasks today.</p>
      ) : (
        <ul className="daily-list">
          {rows.map((t) => (
            <li
              key={t.id}
              className={`daily-task${t.finished ? " daily-task--done" : ""}`}
              data-testid={`daily-task-${t.id}`}
              data-done={t.done}
              data-need={t.need}
            >
              <span className="daily-task__text">{t.text}</span>
              <span className="daily-task__reward" title={`${formatGems(t.gems)} gems`}>
                <span className="arena-gem" aria-hidden="true" />
                {formatGems(t.gems)}
              </span>
              <span
                className="daily-task__bar"
                role="progressbar"
                aria-label={t.text}
                aria-valuemin={0}
                aria-valuemax={t.need}
                aria-valuenow={t.done}
              >
                <span
                  className="daily-task__fill"
                  style={{ width: `${(100 * t.done) / t.need}%` }}
                />
                <span className="daily-task__count">
                  {t.finished ? "Done" : `${t.done} / ${t.need}`}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
