import { RANK_REWARDS } from "@cardrealm/content";
import { useEffect, useState } from "react";
import { StagePortal } from "../../components/modal/stage-portal.tsx";
import { formatGems } from "../../lib/format.ts";
import { arenaApi, type Champion, type RankReward } from "./arena-api.ts";
import { RankCrest, rankLabel } from "./rank-display.tsx";

function Popup({
  title,
  testId,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <StagePortal>
      <div className="cv-backdrop">
        <button
          type="button"
          className="cv-dismiss"
          aria-label="Close"
          tabIndex={-1}
          onClick={onClose}
        />
        <section
          className="panel arena-popup"
          role="dialog"
          aria-modal="true"
          aria-label={title}
          data-testid={testId}
        >
          <header className="arena-popup__head">
            <h2 className="arena-popup__title">{title}</h2>
            <button
              type="button"
              className="arena-popup__close"
              aria-label="Close"
              onClick={onClose}
              data-testid={`${testId}-close`}
            >
              ✕
            </button>
          </header>
          {children}
        </section>
      </div>
    </StagePortal>
  );
}

/** The champions list popup: the top 10 of champions this season. */
export function ChampionsPopup({ onClose }: { onClose: () => void }) {
  const [list, setList] = useState<Champion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    arenaApi.champions().then(
      (data) => live && setList(data),
      (e: unknown) => live && setError(e instanceof Error ? e.message : "Could not load the list."),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <Popup title="Champions" testId="champions-popup" onClose={onClose}>
      {error ? (
        <p className="arena-popup__note">{error}</p>
      ) : list === null ? (
        <p className="arena-popup__note">Loading…</p>
      ) : list.length === 0 ? (
        <p className="arena-popup__note">
          No champions yet this season. Climb past diamond to be the first.
        </p>
      ) : (
        <ol className="champions-list">
          {list.map((c) => (
            <li key={`${c.place}-${c.name}`} className="champions-list__row">
              <span className="champions-list__place">{c.place}</span>
              <span className="champions-list__name">{c.name}</span>
              <span className="champions-list__score">{c.score}</span>
            </li>
          ))}
        </ol>
      )}
    </Popup>
  );
}

/** The rank rewards popup: the gems each rank pays at season end (product.md section 9). */
export function RankRewardsPopup({ onClose }: { onClose: () => void }) {
  const [rows, setRows] = useState<RankReward[]>(() =>
    RANK_REWARDS.map((r) => ({ rank: r.rank, gems: r.gems })),
  );
  useEffect(() => {
    let live = true;
    arenaApi.rankRewards().then(
      (data) => live && data.length > 0 && setRows(data),
      () => undefined, // the built-in table stands
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <Popup title="Rank rewards" testId="rank-rewards-popup" onClose={onClose}>
      <p className="arena-popup__note">
        Paid at the end of the season for the rank you hold. Then every rank starts again from
        bronze.
      </p>
      <ul className="rank-rewards">
        {rows.map((r) => (
          <li key={r.rank} className="rank-rewards__row" data-rank={r.rank}>
            <RankCrest rank={r.rank} size={34} />
            <span className="rank-rewards__name">{rankLabel(r.rank)}</span>
            <span className="rank-rewards__gems">
              <span className="arena-gem" aria-hidden="true" />
              {formatGems(r.gems)}
            </span>
          </li>
        ))}
      </ul>
    </Popup>
  );
}
