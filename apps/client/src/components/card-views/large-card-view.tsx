import type { ApiCard } from "@cardrealm/protocol";
import { useId, useLayoutEffect, useRef } from "react";
import { useAppStore } from "../../stores/app-store.ts";
import { GameCard } from "../card/game-card.tsx";
import { StagePortal } from "../modal/stage-portal.tsx";
import { BackdropDismiss } from "./backdrop-dismiss.tsx";
import { CardFacts } from "./card-facts.tsx";
import "./screen-frame.css";
import "./card-views.css";

/** Open card-view modals, newest last: Escape closes only the top one. */
const modalStack: Array<{ current: () => void }> = [];

/** Closes on Escape (the topmost view only) and gives focus back on close. */
export function useModalKeys(onClose: () => void, focusRef: { current: HTMLElement | null }) {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // A layout effect: the Escape listener is in place by the time the view is
  // in the document, so a key pressed the instant it appears still closes it.
  useLayoutEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const entry = closeRef;
    modalStack.push(entry);
    focusRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || modalStack[modalStack.length - 1] !== entry) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      entry.current();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      const at = modalStack.indexOf(entry);
      if (at >= 0) modalStack.splice(at, 1);
      if (before && document.contains(before)) before.focus();
    };
  }, [focusRef]);
}

/**
 * The large card view (product.md section 2): the card drawn big with its
 * full ability text and flavour. Closes on Escape, the close button or a
 * click outside the card.
 */
export function LargeCardView({ card, onClose }: { card: ApiCard; onClose: () => void }) {
  const owned = useAppStore((s) => s.user?.library.cards[String(card.id)]?.amount);
  const closeRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  useModalKeys(onClose, closeRef);

  return (
    <StagePortal>
      <div className="cv-backdrop cv-large__backdrop">
        <BackdropDismiss onDismiss={onClose} label="Close the card" />
        <section
          className="cv-large"
          role="dialog"
          aria-modal="true"
          aria-labelledby={headingId}
          data-testid="card-large-view"
        >
          <div className="cv-large__card">
            <GameCard card={card} size="big" hideFlavor data-testid="card-large-view-card" />
          </div>
          <div className="cv-large__info panel">
            <CardFacts card={card} owned={owned ?? 0} headingId={headingId} />
          </div>
        </section>
        <button
          ref={closeRef}
          type="button"
          className="cv-close"
          aria-label="Close the card"
          onClick={onClose}
          data-testid="card-large-view-close"
        >
          ×
        </button>
      </div>
    </StagePortal>
  );
}

export default LargeCardView;
