import type { ApiCard } from "@cardrealm/protocol";
import { type CSSProperties, useEffect, useId, useRef, useState } from "react";
import { playClick } from "../../lib/audio.ts";
import { GameCard } from "../card/game-card.tsx";
import { StagePortal } from "../modal/stage-portal.tsx";
import { BackdropDismiss } from "./backdrop-dismiss.tsx";
import { CardFacts } from "./card-facts.tsx";
import { CardSlider } from "./card-slider.tsx";
import { openLargeCard } from "./large-card-store.ts";
import { useModalKeys } from "./large-card-view.tsx";
import "./screen-frame.css";
import "./card-views.css";
import { isCompactScreen } from "../../lib/device.ts";

export interface ResearchViewProps {
  /** The cards to study, in slider order (usually the library). */
  cards: readonly ApiCard[];
  /** The card shown full size first; the first card otherwise. */
  initialId?: number;
  /** Copies owned by card id, shown as a badge and in the facts. */
  amounts?: ReadonlyMap<number, number>;
  title?: string;
  onClose: () => void;
}

/**
 * The research view (product.md section 2): one card full size with its
 * text, and a slider of the library below, five cards in view. Click a card
 * of the slider (or use the arrow keys) to study it; double-click or
 * right-click opens the large card view.
 */
export function ResearchView({
  cards,
  initialId,
  amounts,
  title = "Research",
  onClose,
}: ResearchViewProps) {
  const [currentId, setCurrentId] = useState<number | undefined>(initialId ?? cards[0]?.id);
  const [nonce, setNonce] = useState(0);
  const closeRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  useModalKeys(onClose, closeRef);

  const index = Math.max(
    0,
    cards.findIndex((c) => c.id === currentId),
  );
  const current = cards[index];

  const select = (id: number) => {
    setCurrentId(id);
    setNonce((n) => n + 1);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
      const next = cards[index + (e.key === "ArrowLeft" ? -1 : 1)];
      if (!next) return;
      e.preventDefault();
      setCurrentId(next.id);
      setNonce((n) => n + 1);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [cards, index]);

  return (
    <StagePortal>
      <div className="cv-backdrop cv-research__backdrop">
        <BackdropDismiss onDismiss={onClose} label="Close research" />
        <section
          className="cv-research"
          role="dialog"
          aria-modal="true"
          aria-label={title}
          data-testid="research-view"
        >
          <h2 className="cv-research__title">{title}</h2>
          {current ? (
            <>
              <div className="cv-research__stage">
                <div className="cv-research__card" key={current.id}>
                  <GameCard
                    card={current}
                    size="big"
                    hideFlavor
                    style={{ "--gc-w": "250px" } as CSSProperties}
                    onDoubleClick={openLargeCard}
                    onContextMenu={openLargeCard}
                    data-testid="research-card"
                  />
                </div>
                <div className="cv-research__info panel" aria-live="polite">
                  <CardFacts
                    card={current}
                    owned={amounts?.get(current.id)}
                    headingId={headingId}
                  />
                  <p className="cv-research__pos">
                    {index + 1} / {cards.length}
                  </p>
                </div>
              </div>
              <CardSlider
                className="cv-research__slider"
                items={cards}
                itemKey={(c) => c.id}
                slideWidth={isCompactScreen() ? 158 : 112}
                visible={isCompactScreen() ? 4 : undefined}
                label="Library"
                reveal={{ key: current.id, nonce }}
                renderItem={(card) => (
                  <GameCard
                    card={card}
                    amount={amounts?.get(card.id)}
                    selected={card.id === current.id}
                    onClick={(c) => {
                      playClick();
                      select(c.id);
                    }}
                    onDoubleClick={openLargeCard}
                    onContextMenu={openLargeCard}
                    data-testid={`research-slide-${card.id}`}
                  />
                )}
              />
            </>
          ) : (
            <p className="cv-research__empty">Your library is empty. Open a box to find cards.</p>
          )}
        </section>
        <button
          ref={closeRef}
          type="button"
          className="cv-close"
          aria-label="Close research"
          onClick={onClose}
          data-testid="research-view-close"
        >
          ×
        </button>
      </div>
    </StagePortal>
  );
}

export default ResearchView;
