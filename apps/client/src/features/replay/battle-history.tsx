import type { ReplayMode, ReplayResult, ReplaySummary } from "@cardrealm/protocol";
import { useEffect, useId, useRef } from "react";
import { BackdropDismiss } from "../../components/card-views/backdrop-dismiss.tsx";
import { StagePortal } from "../../components/modal/stage-portal.tsx";
import { playClick } from "../../lib/audio.ts";
import { formatDateTime } from "../../lib/format.ts";
import { appStore, setReplay } from "../../stores/app-store.ts";
import { replayApi, replayErrorText } from "./replay-api.ts";
// The replay's stylesheet, split by subject: imported in this order, which is its cascade.
import "./replay-bar.css";
import "./replay-history.css";
import { useLoad } from "../../lib/use-load.ts";

export const MODE_LABEL: Record<ReplayMode, string> = {
  story: "Story",
  arena: "Arena",
  bot: "Arena",
  practice: "Deck challenge",
  friendly: "Friendly",
};

export const RESULT_LABEL: Record<ReplayResult, string> = {
  win: "Victory",
  loss: "Defeat",
  draw: "Draw",
};

type Rows =
  | { status: "loading" }
  | { status: "ready"; rows: ReplaySummary[] }
  | { status: "error"; text: string };

function HistoryRow({ row }: { row: ReplaySummary }) {
  const cells = (
    <>
      <img className="history-row__portrait" src={row.opponent.avatar} alt="" draggable={false} />
      <span className="history-row__who">
        <span className="history-row__name">{row.opponent.name}</span>
        <span className="history-row__mode">{MODE_LABEL[row.mode]}</span>
      </span>
      <span className={`history-row__result history-row__result--${row.result}`}>
        {RESULT_LABEL[row.result]}
      </span>
      <span className="history-row__turns">
        {row.turns} {row.turns === 1 ? "turn" : "turns"}
      </span>
      <span className="history-row__date">{formatDateTime(row.finished_at)}</span>
    </>
  );
  if (!row.available) {
    return (
      <li
        className="history-row history-row--unavailable"
        aria-disabled="true"
        data-testid={`history-row-${row.id}`}
        data-available="false"
      >
        {cells}
        <span className="history-row__note">Recorded by an older version</span>
      </li>
    );
  }
  return (
    <li data-testid={`history-row-${row.id}`} data-available="true">
      <button
        type="button"
        className="history-row history-row--open"
        aria-label={`Watch ${RESULT_LABEL[row.result].toLowerCase()} against ${row.opponent.name}, ${MODE_LABEL[row.mode]}, ${row.turns} turns, ${formatDateTime(row.finished_at)}`}
        onClick={() => {
          playClick();
          setReplay({ source: { kind: "own", id: row.id }, returnTo: appStore.get().route });
        }}
      >
        {cells}
        <span className="history-row__watch" aria-hidden="true">
          ▶ Watch
        </span>
      </button>
    </li>
  );
}

/**
 * The battle history (issue 16): the player's last finished battles,
 * newest first; a click opens the replay viewer. A battle recorded by an
 * older version of the game is listed greyed and cannot be opened.
 */
export function BattleHistory({ onClose }: { onClose: () => void }) {
  const [loaded, retry] = useLoad(replayApi.list);
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const rows: Rows =
    loaded.status === "ready"
      ? { status: "ready", rows: loaded.value }
      : loaded.status === "error"
        ? { status: "error", text: replayErrorText(loaded.error) }
        : loaded;

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>("button")?.focus();
    return () => {
      if (before && document.contains(before)) before.focus();
    };
  }, []);

  return (
    <StagePortal>
      <div className="history__backdrop">
        <BackdropDismiss onDismiss={onClose} label="Close" />
        <section
          ref={ref}
          className="history panel"
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          data-testid="battle-history"
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.stopPropagation();
              onClose();
            }
          }}
        >
          <header className="history__head">
            <h2 id={titleId} className="history__title">
              Battle chronicle
            </h2>
            <button
              type="button"
              className="btn btn--ghost history__close"
              onClick={onClose}
              data-testid="battle-history-close"
            >
              Close
            </button>
          </header>
          {rows.status === "loading" && (
            <p className="history__status" role="status">
              <span className="challenge-loading__sigil history__sigil" aria-hidden="true" />
              Reading the chronicle…
            </p>
          )}
          {rows.status === "error" && (
            <div className="history__status" role="alert">
              <p>{rows.text}</p>
              <button type="button" className="btn btn--purple" onClick={retry}>
                Try again
              </button>
            </div>
          )}
          {rows.status === "ready" && rows.rows.length === 0 && (
            <p className="history__status" role="status">
              No battle fought yet. Your battles are written here as soon as they end.
            </p>
          )}
          {rows.status === "ready" && rows.rows.length > 0 && (
            <ul className="history__list" aria-label="Your last battles">
              {rows.rows.map((row) => (
                <HistoryRow key={row.id} row={row} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </StagePortal>
  );
}
