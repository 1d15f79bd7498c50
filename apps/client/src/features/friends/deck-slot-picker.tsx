import { DECK_MIN_CARDS } from "@cardrealm/protocol";
import { useAppStore } from "../../stores/app-store.ts";

/** The deck slots to play a friendly game with; a slot too small to play is shown but disabled. */
export function DeckSlotPicker({
  value,
  onChange,
}: {
  value: number;
  onChange: (slot: number) => void;
}) {
  const decks = useAppStore((s) => s.user?.decks ?? []);
  return (
    <fieldset className="friends-decks" data-testid="deck-slot-picker">
      <legend className="friends-decks__legend">Your deck</legend>
      {decks.map((d) => {
        const playable = d.total_amount >= DECK_MIN_CARDS;
        return (
          <label
            key={d.sequence_number}
            className={`friends-decks__slot${value === d.sequence_number ? " friends-decks__slot--on" : ""}`}
          >
            <input
              type="radio"
              name="friendly-deck"
              value={d.sequence_number}
              checked={value === d.sequence_number}
              disabled={!playable}
              onChange={() => onChange(d.sequence_number)}
            />
            Deck {d.sequence_number}
            <small>{playable ? `${d.total_amount} cards` : "too few cards"}</small>
          </label>
        );
      })}
    </fieldset>
  );
}

/** The player's active deck slot, the picker's first choice. */
export function useActiveDeck(): number {
  return useAppStore((s) => s.user?.deck.sequence_number ?? 1);
}
