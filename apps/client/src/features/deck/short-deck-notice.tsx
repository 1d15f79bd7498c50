import { DECK_MIN_CARDS } from "@cardrealm/protocol";
import { useState } from "react";
import { ApiError } from "../../lib/api.ts";
import { playClick } from "../../lib/audio.ts";
import { setUser, useAppStore } from "../../stores/app-store.ts";
import { fillSlot } from "./import-into-slot.ts";

/**
 * After an import (issue 16): a deck under 40 cards is never left without a
 * word. It says so plainly (and which deck Fight takes: a short import is not
 * made the battle deck, import-into-slot.ts) and offers to fill the deck from
 * the library (the deck editor's complete action; filled, it becomes the
 * battle deck) or keep it as it is.
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
  const battleSlot = useAppStore((s) => s.user?.deck.sequence_number ?? null);
  if (total >= DECK_MIN_CARDS && answer === null) return null;

  const fill = async () => {
    playClick();
    if (busy) return;
    setBusy(true);
    setErrorText(null);
    try {
      const { user, total: now } = await fillSlot(slot);
      setUser(user);
      setAnswer(
        now >= DECK_MIN_CARDS
          ? `Deck ${slot} is filled to ${now} cards and is now your battle deck.`
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
      {battleSlot === slot || battleSlot === null ? (
        <p className="short-deck__text">
          Deck {slot} is your battle deck, but it holds only <strong>{total}</strong> of the{" "}
          {DECK_MIN_CARDS} cards a battle needs.
        </p>
      ) : (
        <p className="short-deck__text" data-testid="short-deck-kept-battle">
          Deck {slot} holds only <strong>{total}</strong> of the {DECK_MIN_CARDS} cards a battle
          needs, so Deck {battleSlot} stays your battle deck.
        </p>
      )}
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
              `Deck ${slot} stays at ${total} cards. Fill it to ${DECK_MIN_CARDS} in the deck editor to battle with it.`,
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
