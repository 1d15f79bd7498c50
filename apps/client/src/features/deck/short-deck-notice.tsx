import { DECK_MIN_CARDS } from "@cardrealm/protocol";
import { useState } from "react";
import { ApiError } from "../../lib/api.ts";
import { playClick } from "../../lib/audio.ts";
import { setUser } from "../../stores/app-store.ts";
import { deckApi } from "./deck-api.ts";

/**
 * After an import (issue 16): an active deck under 40 cards is never left
 * without a word. It says so plainly and offers to fill the deck from the
 * library (the deck editor's complete action) or keep it as it is.
 */
export function ShortDeckNotice({
  slot,
  total,
  onDone,
}: {
  slot: number;
  total: number;
  /** The player chose: filled (with the new total) or kept. */
  onDone?: (choice: "filled" | "kept", total: number) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setErrorText] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  if (total >= DECK_MIN_CARDS && answer === null) return null;

  const fill = async () => {
    playClick();
    if (busy) return;
    setBusy(true);
    setErrorText(null);
    try {
      const user = await deckApi.complete(slot);
      setUser(user);
      const now = user.deck.total_amount;
      setAnswer(
        now >= DECK_MIN_CARDS
          ? `Deck ${slot} is filled to ${now} cards and ready for battle.`
          : `Your library had only enough for ${now} cards. Open boxes in Offers to find more.`,
      );
      onDone?.("filled", now);
    } catch (e) {
      setErrorText(e instanceof ApiError ? e.message : "Could not fill the deck. Try again.");
    } finally {
      setBusy(false);
    }
  };

  if (answer !== null) {
    return (
      <p className="short-deck__answer" role="status" data-testid="short-deck-answer">
        {answer}
      </p>
    );
  }
  return (
    <div className="short-deck" role="alert" data-testid="short-deck-notice">
      <p className="short-deck__text">
        Deck {slot} is now your active deck, but it holds only <strong>{total}</strong> of the{" "}
        {DECK_MIN_CARDS} cards a battle needs.
      </p>
      <p className="form-error">{error ?? ""}</p>
      <div className="short-deck__actions">
        <button
          type="button"
          className="btn btn--ghost"
          disabled={busy}
          data-testid="short-deck-keep"
          onClick={() => {
            playClick();
            setAnswer(
              `Deck ${slot} stays at ${total} cards. Fill it in the deck editor before a battle.`,
            );
            onDone?.("kept", total);
          }}
        >
          Keep it as it is
        </button>
        <button
          type="button"
          className="btn btn--gold"
          disabled={busy}
          data-testid="short-deck-fill"
          onClick={() => void fill()}
        >
          {busy ? "Filling…" : "Fill it from my library"}
        </button>
      </div>
    </div>
  );
}
