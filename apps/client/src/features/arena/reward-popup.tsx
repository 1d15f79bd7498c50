import { SEASON_FINISH_CARD_IDS } from "@cardrealm/content";
import type { ApiCard } from "@cardrealm/protocol";
import { type CSSProperties, useEffect, useRef } from "react";
import { GameCard } from "../../components/card/game-card.tsx";
import { StagePortal } from "../../components/modal/stage-portal.tsx";
import { formatGems } from "../../lib/format.ts";
import type { RewardItem } from "./arena-model.ts";
import { playDailyComplete, playSeasonFinish, playSeasonProgress } from "./arena-sounds.ts";
import { RewardView } from "./season-track.tsx";

const TITLES: Record<RewardItem["kind"], string> = {
  free: "Season reward",
  paid: "Season Pass reward",
  finish: "Season finished!",
  daily: "Daily task complete",
};

function PopupBody({ item, cards }: { item: RewardItem; cards: readonly ApiCard[] }) {
  switch (item.kind) {
    case "free":
    case "paid":
      return (
        <>
          <p className="reward-popup__sub">Level {item.level} reached</p>
          <div className="reward-popup__prize">
            <RewardView reward={item.reward} cards={cards} cardWidth={150} />
          </div>
          <p className="reward-popup__text">
            {item.reward.reward === "gems"
              ? `${formatGems(item.reward.amount)} gems added to your balance.`
              : "The card has been added to your library."}
          </p>
        </>
      );
    case "finish":
      return (
        <>
          <div className="reward-popup__set">
            {SEASON_FINISH_CARD_IDS.map((id) => {
              const card = cards.find((c) => c.id === id);
              return card ? (
                <GameCard
                  key={id}
                  card={card}
                  size="mini"
                  hideFlavor
                  style={{ ["--gc-w" as string]: "52px" } as CSSProperties}
                />
              ) : null;
            })}
          </div>
          <p className="reward-popup__text">
            All cards from the vampire set, one of each, have been added to your library.
          </p>
        </>
      );
    case "daily":
      return (
        <>
          <p className="reward-popup__sub">{item.task.text}</p>
          <div className="reward-popup__prize">
            <span className="reward-gems reward-gems--huge">
              <span className="arena-gem arena-gem--huge" aria-hidden="true" />
              <span className="reward-gems__amount">{item.task.gems}</span>
            </span>
          </div>
          <p className="reward-popup__text">{item.task.gems} gems added to your balance.</p>
        </>
      );
  }
}

/**
 * One reward popup of the queue (product.md section 4): a season level step
 * (free, or paid for pass holders), the season finish, or a finished daily
 * task. Its sound plays when it shows; OK removes it from the queue.
 */
export function RewardPopup({
  item,
  left,
  cards,
  onOk,
  onClaimAll,
}: {
  item: RewardItem;
  /** Popups waiting after this one. */
  left: number;
  cards: readonly ApiCard[];
  onOk: () => void;
  /** Shown while more popups wait: takes every one of them at once. */
  onClaimAll?: () => void;
}) {
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (item.kind === "daily") playDailyComplete();
    else if (item.kind === "finish") playSeasonFinish();
    else playSeasonProgress();
    ok.current?.focus();
  }, [item.kind]);

  return (
    <StagePortal>
      <div className="cv-backdrop reward-popup-layer">
        <section
          className={`panel reward-popup reward-popup--${item.kind}`}
          role="dialog"
          aria-modal="true"
          aria-labelledby="reward-popup-title"
          data-testid="reward-popup"
          data-kind={item.kind}
          data-key={item.key}
        >
          <span className="reward-popup__rays" aria-hidden="true" />
          <img
            className="reward-popup__medal"
            src={`/static/media/season-${item.kind}.svg`}
            alt=""
            draggable={false}
            data-testid="reward-popup-medal"
          />
          <h2 id="reward-popup-title" className="reward-popup__title">
            {TITLES[item.kind]}
          </h2>
          <PopupBody item={item} cards={cards} />
          <div className="reward-popup__exits">
            <button
              ref={ok}
              type="button"
              className="btn btn--gold reward-popup__ok"
              onClick={onOk}
              data-testid="reward-popup-ok"
            >
              OK{left > 0 ? ` (${left} more)` : ""}
            </button>
            {left > 0 && onClaimAll && (
              <button
                type="button"
                className="btn btn--purple reward-popup__all"
                onClick={onClaimAll}
                data-testid="reward-popup-claim-all"
              >
                Claim all ({left + 1})
              </button>
            )}
          </div>
        </section>
      </div>
    </StagePortal>
  );
}
