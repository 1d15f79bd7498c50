import type { ApiCard, Box, OpenedBox, OpenedCard } from "@cardrealm/protocol";
import { type CSSProperties, useEffect, useRef } from "react";
import { RARITY_LABEL } from "../../components/card/card-model.ts";
import { GameCard } from "../../components/card/game-card.tsx";
import { openLargeCard } from "../../components/card-views/large-card-store.ts";
import { StagePortal } from "../../components/modal/stage-portal.tsx";
import { formatGems } from "../../lib/format.ts";
import { Fireworks } from "./fireworks.tsx";

/** The six places of an opened box, in reveal order. */
export const BOX_SLOTS: readonly { key: keyof OpenedBox; rarity: ApiCard["rarity"] }[] = [
  { key: "com_1", rarity: "common" },
  { key: "com_2", rarity: "common" },
  { key: "com_3", rarity: "common" },
  { key: "un_1", rarity: "uncommon" },
  { key: "un_2", rarity: "uncommon" },
  { key: "rare", rarity: "rare" },
];

/** Delay between two cards turning over. */
const REVEAL_STEP_MS = 260;

function OpenedBadge({ opened, testId }: { opened: OpenedCard; testId: string }) {
  if (opened.cashback !== false) {
    return (
      <span className="box-badge box-badge--cashback" data-testid={testId}>
        +{opened.cashback} <span className="box-badge__gem" aria-hidden="true" />
        <span className="box-badge__note">cashback</span>
      </span>
    );
  }
  if (opened.number_in_library <= 1) {
    return (
      <span className="box-badge box-badge--new" data-testid={testId}>
        New!
      </span>
    );
  }
  return (
    <span className="box-badge box-badge--owned" data-testid={testId}>
      ×{opened.number_in_library} owned
    </span>
  );
}

/**
 * The opened box (product.md section 2, offers): fireworks for 5.5 s and the
 * six cards turning over one by one, each with what it brought: a new card,
 * one more copy, or gems of cashback for a copy beyond the cap.
 */
export function BoxView({
  box,
  opened,
  cards,
  canOpenAgain,
  onOpenAgain,
  onClose,
}: {
  box: Box;
  opened: OpenedBox;
  cards: ReadonlyMap<number, ApiCard>;
  canOpenAgain: boolean;
  onOpenAgain: () => void;
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
  }, []);

  const gems = BOX_SLOTS.reduce((n, s) => {
    const c = opened[s.key].cashback;
    return n + (c === false ? 0 : c);
  }, 0);

  return (
    <StagePortal>
      <div className="box-view__backdrop">
        <Fireworks />
        <section
          className="box-view"
          role="dialog"
          aria-modal="true"
          aria-labelledby="box-view-title"
          data-testid="box-view"
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.stopPropagation();
              onClose();
            }
          }}
        >
          <p className="box-view__kicker">{box.name} box</p>
          <h2 id="box-view-title" className="box-view__title">
            Your new cards
          </h2>
          <ul className="box-view__cards">
            {BOX_SLOTS.map((slot, i) => {
              const entry = opened[slot.key];
              const card = cards.get(entry.card);
              return (
                <li
                  key={slot.key}
                  className={`box-view__slot box-view__slot--${slot.rarity}`}
                  style={{ "--reveal-delay": `${300 + i * REVEAL_STEP_MS}ms` } as CSSProperties}
                  data-testid={`box-card-${slot.key}`}
                >
                  <span className="box-view__flip">
                    <span className="box-view__back" aria-hidden="true" />
                    <span className="box-view__face">
                      {card ? (
                        <GameCard
                          card={card}
                          style={{ "--gc-w": "150px" } as CSSProperties}
                          onDoubleClick={openLargeCard}
                          onContextMenu={openLargeCard}
                          data-testid={`box-card-face-${slot.key}`}
                        />
                      ) : (
                        <span className="box-view__unknown">Card {entry.card}</span>
                      )}
                    </span>
                  </span>
                  <span className="box-view__rarity">{RARITY_LABEL[slot.rarity]}</span>
                  <OpenedBadge opened={entry} testId={`box-badge-${slot.key}`} />
                </li>
              );
            })}
          </ul>
          <p className="box-view__summary" data-testid="box-view-summary">
            {gems > 0
              ? `Copies beyond the cap turned into ${formatGems(gems)} gems.`
              : "Every card went to your library."}
          </p>
          <div className="box-view__actions">
            {canOpenAgain && (
              <button
                type="button"
                className="btn btn--purple"
                onClick={onOpenAgain}
                data-testid="box-view-again"
              >
                Open another · {formatGems(box.price)}
                <span className="offers-gem" aria-hidden="true" />
              </button>
            )}
            <button
              ref={closeRef}
              type="button"
              className="btn btn--gold"
              onClick={onClose}
              data-testid="box-view-close"
            >
              Collect
            </button>
          </div>
        </section>
      </div>
    </StagePortal>
  );
}
