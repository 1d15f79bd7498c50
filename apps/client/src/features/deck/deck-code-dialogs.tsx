import { decodeDeck } from "@cardrealm/content";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { BackdropDismiss } from "../../components/card-views/backdrop-dismiss.tsx";
import { StagePortal } from "../../components/modal/stage-portal.tsx";
import { ApiError } from "../../lib/api.ts";
import { playClick } from "../../lib/audio.ts";
import { copyText } from "../../lib/clipboard.ts";
import { setUser } from "../../stores/app-store.ts";
import type { MissingCard } from "./deck-api.ts";
import { codeFromInput, shareLink } from "./deck-model.ts";
import { importIntoSlot } from "./import-into-slot.ts";
import { ShortDeckNotice } from "./short-deck-notice.tsx";

export const NOT_A_DECK_CODE = "That is not a Cardrealm deck code.";

function DeckDialog({
  title,
  onClose,
  children,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}) {
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>("input, button:not([disabled])")?.focus();
    return () => {
      if (before && document.contains(before)) before.focus();
    };
  }, []);
  return (
    <StagePortal>
      <div className="deck-dialog__backdrop">
        <BackdropDismiss onDismiss={onClose} label="Close" />
        <section
          ref={ref}
          className="deck-dialog panel"
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          data-testid={testId}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.stopPropagation();
              onClose();
            }
          }}
        >
          <h2 id={titleId} className="deck-dialog__title">
            {title}
          </h2>
          {children}
          <button type="button" className="deck-dialog__x" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </section>
      </div>
    </StagePortal>
  );
}

/** Export: the short code and the share link, each with a copy button. */
export function ExportDialog({
  code,
  slot,
  total,
  onClose,
}: {
  code: string;
  slot: number;
  total: number;
  onClose: () => void;
}) {
  const link = shareLink(code, window.location);
  const codeRef = useRef<HTMLInputElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<{ what: string; n: number } | null>(null);

  const copy = async (what: "code" | "link") => {
    playClick();
    const ok = await copyText(
      what === "code" ? code : link,
      what === "code" ? codeRef.current : linkRef.current,
    );
    setCopied((c) => ({
      what: ok
        ? what === "code"
          ? "Code copied!"
          : "Link copied!"
        : "Select the text and copy it.",
      n: (c?.n ?? 0) + 1,
    }));
  };

  return (
    <DeckDialog title="Share this deck" onClose={onClose} testId="deck-export-dialog">
      <p className="deck-dialog__hint">
        Deck {slot} · {total} cards. A friend pastes the code into “Import code”, or opens the link
        to import it and play.
      </p>
      <label className="field">
        <span className="field__label">Deck code</span>
        <span className="deck-dialog__row">
          <input
            ref={codeRef}
            className="field__input deck-dialog__code"
            readOnly
            value={code}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="deck-code-value"
          />
          <button
            type="button"
            className="btn btn--gold deck-dialog__copy"
            onClick={() => void copy("code")}
            data-testid="deck-code-copy"
          >
            Copy code
          </button>
        </span>
      </label>
      <label className="field">
        <span className="field__label">Share link</span>
        <span className="deck-dialog__row">
          <input
            ref={linkRef}
            className="field__input deck-dialog__code"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="deck-link-value"
          />
          <button
            type="button"
            className="btn btn--purple deck-dialog__copy"
            onClick={() => void copy("link")}
            data-testid="deck-link-copy"
          >
            Copy link
          </button>
        </span>
      </label>
      <p className="deck-dialog__status" aria-live="polite">
        {copied && (
          <span className="deck-dialog__ok" key={copied.n}>
            {copied.what}
          </span>
        )}
      </p>
    </DeckDialog>
  );
}

export function MissingList({ missing }: { missing: readonly MissingCard[] }) {
  if (missing.length === 0) {
    return (
      <p className="deck-dialog__ok-line" data-testid="deck-import-complete">
        You own every card of this deck.
      </p>
    );
  }
  const copies = missing.reduce((n, m) => n + m.amount, 0);
  return (
    <div className="deck-missing" data-testid="deck-import-missing">
      <p className="deck-missing__head">
        Missing from your library ({copies} {copies === 1 ? "card" : "cards"}):
      </p>
      <ul className="deck-missing__list">
        {missing.map((m) => (
          <li key={m.id}>
            <span className="deck-missing__amount">{m.amount}×</span> {m.name}
          </li>
        ))}
      </ul>
      <p className="deck-missing__hint">Open boxes in Offers to find them.</p>
    </div>
  );
}

/**
 * Import: a code (or a share link) into one of the three slots. The slot
 * becomes the battle deck when it holds 40 cards (a short one is shown for
 * building, the battle deck unchanged); cards the library lacks are named.
 */
export function ImportDialog({
  activeSlot,
  initialCode = "",
  onImported,
  onClose,
}: {
  activeSlot: number;
  initialCode?: string;
  onImported?: (slot: number) => void;
  onClose: () => void;
}) {
  const [slot, setSlot] = useState(activeSlot);
  const [text, setText] = useState(initialCode);
  const [error, setErrorText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{
    slot: number;
    total: number;
    missing: MissingCard[];
  } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const code = codeFromInput(text);
    if (!decodeDeck(code)) {
      setErrorText(NOT_A_DECK_CODE);
      return;
    }
    setBusy(true);
    setErrorText(null);
    try {
      const { user, total, missing } = await importIntoSlot(slot, code);
      setUser(user);
      setResult({ slot, total, missing });
      onImported?.(slot);
    } catch (err) {
      setErrorText(err instanceof ApiError ? err.message : "Could not import the deck. Try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <DeckDialog title="Import a deck code" onClose={onClose} testId="deck-import-dialog">
      {result ? (
        <div className="deck-dialog__result" data-testid="deck-import-result">
          <p className="deck-dialog__hint">
            Deck {result.slot} now holds <strong>{result.total}</strong> cards.
          </p>
          <MissingList missing={result.missing} />
          <ShortDeckNotice slot={result.slot} total={result.total} />
          <div className="deck-dialog__actions">
            <button
              type="button"
              className="btn btn--gold"
              onClick={onClose}
              data-testid="deck-import-done"
            >
              Done
            </button>
          </div>
        </div>
      ) : (
        <form className="deck-dialog__form" onSubmit={submit} noValidate>
          <fieldset className="deck-dialog__slots">
            <legend className="field__label">Into slot (its cards are replaced)</legend>
            {[1, 2, 3].map((n) => (
              <button
                key={n}
                type="button"
                className="cv-pill"
                aria-pressed={slot === n}
                onClick={() => setSlot(n)}
                data-testid={`deck-import-slot-${n}`}
              >
                Deck {n}
              </button>
            ))}
          </fieldset>
          <label className="field">
            <span className="field__label">Code or share link</span>
            <input
              className="field__input"
              value={text}
              autoComplete="off"
              spellCheck={false}
              placeholder="Paste a deck code"
              onChange={(e) => setText(e.target.value)}
              data-testid="deck-import-code"
            />
          </label>
          <p className="form-error" role="alert" data-testid="deck-import-error">
            {error ?? ""}
          </p>
          <div className="deck-dialog__actions">
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              Cancel
            </button>
            <button
              type="submit"
              className="btn btn--gold"
              disabled={busy || text.trim() === ""}
              data-testid="deck-import-submit"
            >
              {busy ? "Importing…" : "Import"}
            </button>
          </div>
        </form>
      )}
    </DeckDialog>
  );
}
