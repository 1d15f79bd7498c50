import { DECK_SLOTS } from "@cardrealm/protocol";
import { useState } from "react";
import { ApiError } from "../../lib/api.ts";
import { playClick } from "../../lib/audio.ts";
import { setUser, useAppStore } from "../../stores/app-store.ts";
import type { MissingCard } from "./deck-api.ts";
import { playDeckChallengeAgain } from "./deck-challenge.ts";
import { MissingList } from "./deck-code-dialogs.tsx";
import { slotOf } from "./deck-model.ts";
import { importIntoSlot } from "./import-into-slot.ts";
import { defaultSlot } from "./shared-deck-offer.tsx";
import { ShortDeckNotice } from "./short-deck-notice.tsx";

/**
 * The end panel of a deck challenge (issue 16): no rewards; import the
 * deck (into a slot of the player's choice; what the library lacks is
 * listed from the import's answer) or play again.
 */
export function PracticeActions() {
  const user = useAppStore((s) => s.user);
  const deckCode = useAppStore((s) => s.practice?.deckCode ?? "");
  const [picking, setPicking] = useState(false);
  const [slot, setSlot] = useState<number | null>(null);
  const [busy, setBusy] = useState<"import" | "again" | null>(null);
  const [error, setErrorText] = useState<string | null>(null);
  const [imported, setImported] = useState<{
    slot: number;
    total: number;
    missing: MissingCard[];
  } | null>(null);
  if (!user || !deckCode) return null;
  const chosen = slot ?? defaultSlot(user);

  const importDeck = async () => {
    playClick();
    if (busy) return;
    setBusy("import");
    setErrorText(null);
    try {
      const { user, total, missing } = await importIntoSlot(chosen, deckCode);
      setUser(user);
      setImported({ slot: chosen, total, missing });
      setPicking(false);
    } catch (e) {
      setErrorText(e instanceof ApiError ? e.message : "Could not import the deck. Try again.");
    } finally {
      setBusy(null);
    }
  };

  const again = async () => {
    playClick();
    if (busy) return;
    setBusy("again");
    setErrorText(null);
    try {
      await playDeckChallengeAgain();
    } catch (e) {
      setErrorText(e instanceof ApiError ? e.message : "The battle could not start. Try again.");
      setBusy(null);
    }
  };

  return (
    <div className="practice-actions" data-testid="practice-actions">
      <p className="end-game__practice">A practice battle: no gems won, nothing lost.</p>
      {imported ? (
        <div className="practice-actions__result" data-testid="practice-imported">
          <p className="practice-actions__line">
            Deck {imported.slot} now holds <strong>{imported.total}</strong> cards.
          </p>
          <MissingList missing={imported.missing} />
          <ShortDeckNotice slot={imported.slot} total={imported.total} />
        </div>
      ) : picking ? (
        <fieldset className="practice-actions__slots">
          <legend className="practice-actions__line">Import into (its cards are replaced):</legend>
          {Array.from({ length: DECK_SLOTS }, (_, i) => i + 1).map((n) => (
            <button
              key={n}
              type="button"
              className="cv-pill"
              aria-pressed={chosen === n}
              onClick={() => setSlot(n)}
              data-testid={`practice-slot-${n}`}
            >
              Deck {n} · {slotOf(user, n)?.total_amount ?? 0}
            </button>
          ))}
        </fieldset>
      ) : null}
      <p className="form-error" role="alert">
        {error ?? ""}
      </p>
      <div className="practice-actions__buttons">
        {!imported && (
          <button
            type="button"
            className="btn btn--purple"
            disabled={busy !== null}
            data-testid={picking ? "practice-import-confirm" : "practice-import"}
            onClick={() => (picking ? void importDeck() : setPicking(true))}
          >
            {busy === "import"
              ? "Importing…"
              : picking
                ? `Import into deck ${chosen}`
                : "Import this deck"}
          </button>
        )}
        <button
          type="button"
          className="btn btn--purple"
          disabled={busy !== null}
          data-testid="practice-again"
          onClick={() => void again()}
        >
          {busy === "again" ? "Starting…" : "Play again"}
        </button>
      </div>
    </div>
  );
}
