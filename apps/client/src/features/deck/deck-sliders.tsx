import type { ApiCard } from "@cardrealm/protocol";
import { type CSSProperties, type MouseEvent, memo } from "react";
import { GameCard } from "../../components/card/game-card.tsx";
import { CardSlider } from "../../components/card-views/card-slider.tsx";
import { openLargeCard } from "../../components/card-views/large-card-store.ts";
import { isCompactScreen } from "../../lib/device.ts";
import type { DeckEditorFilter } from "../../stores/app-store.ts";
import { addBlock, addBlockText, type CardCounts } from "./deck-model.ts";
import type { DeckFlash } from "./use-deck-edits.ts";

/**
 * The deck editor's two sliders: the library (add) and the deck (remove).
 * Each is memoised on its cards, so a press elsewhere on the screen (a
 * filter pill, a deck slot) re-renders none of them.
 */

/** Card width in the two sliders (design px): names stay readable on a phone. */
const SLIDE_W = 140;
/**
 * On a phone (the collection screen drawn 1.6x, screen-frame.css) the cards
 * are wider still: their names, text and counts read at 10 CSS px or more.
 */
const PHONE_SLIDE_W = 158;
/** As many of those as fit the phone's 925 px (arrows and side room included). */
const PHONE_SLIDES_VISIBLE = 4;
const slideW = (): number => (isCompactScreen() ? PHONE_SLIDE_W : SLIDE_W);
const slideStyle = (): CSSProperties => ({ "--gc-w": `${slideW()}px` }) as CSSProperties;

/** A slide's button was pressed: the card and the slide it was on (its flight starts there). */
export type SlideAction = (card: ApiCard, e: MouseEvent<HTMLElement>) => void;

export interface LibraryQuery {
  filter: DeckEditorFilter;
  search: string;
  sortByCost: boolean;
}

export const LibrarySlider = memo(function LibrarySlider({
  items,
  library,
  deck,
  query,
  onAdd,
}: {
  items: readonly ApiCard[];
  library: CardCounts;
  deck: CardCounts;
  query: LibraryQuery;
  onAdd: SlideAction;
}) {
  return (
    <CardSlider
      items={items}
      itemKey={(c) => c.id}
      slideWidth={slideW()}
      visible={isCompactScreen() ? PHONE_SLIDES_VISIBLE : undefined}
      label="Library"
      resetKey={`${query.filter}|${query.search}|${query.sortByCost}`}
      empty={
        query.search || query.filter !== "all"
          ? "No cards match. Try another filter or name."
          : "Your library is empty. Open boxes in Offers to find cards."
      }
      renderItem={(card) => {
        const owned = library.get(card.id) ?? 0;
        const inDeck = deck.get(card.id) ?? 0;
        const block = addBlock(card.id, owned, inDeck);
        return (
          <div className="deck-card" data-slide-card={card.id}>
            <GameCard
              card={card}
              amount={owned - inDeck}
              style={slideStyle()}
              className={block ? "deck-card__spent" : undefined}
              onDoubleClick={openLargeCard}
              onContextMenu={openLargeCard}
              data-testid={`deck-library-card-${card.id}`}
            />
            {block ? (
              <span className="deck-card__note" data-testid={`deck-note-${card.id}`}>
                {addBlockText(card.id, block)}
              </span>
            ) : (
              <button
                type="button"
                className="deck-card__btn deck-card__btn--add"
                aria-label={`Add ${card.name} to the deck`}
                onClick={(e) => onAdd(card, e)}
                data-testid={`deck-add-${card.id}`}
              >
                <span aria-hidden="true">+</span> Add
              </button>
            )}
          </div>
        );
      }}
    />
  );
});

export const DeckSlider = memo(function DeckSlider({
  items,
  deck,
  slot,
  flash,
  onRemove,
}: {
  items: readonly ApiCard[];
  deck: CardCounts;
  slot: number;
  flash: DeckFlash | null;
  onRemove: SlideAction;
}) {
  return (
    <CardSlider
      items={items}
      itemKey={(c) => c.id}
      slideWidth={slideW()}
      visible={isCompactScreen() ? PHONE_SLIDES_VISIBLE : undefined}
      label={`Deck ${slot}`}
      resetKey={String(slot)}
      reveal={flash?.kind === "add" ? { key: flash.id, nonce: flash.n } : null}
      empty="This deck is empty. Add cards from the library above, or press “Complete my deck”."
      renderItem={(card) => (
        <div className="deck-card" data-slide-card={card.id}>
          <GameCard
            card={card}
            amount={deck.get(card.id) ?? 0}
            style={slideStyle()}
            onDoubleClick={openLargeCard}
            onContextMenu={openLargeCard}
            data-testid={`deck-card-${card.id}`}
          />
          {flash?.id === card.id && (
            <span
              key={flash.n}
              className={`deck-card__flash deck-card__flash--${flash.kind}`}
              aria-hidden="true"
            />
          )}
          <button
            type="button"
            className="deck-card__btn deck-card__btn--remove"
            aria-label={`Remove ${card.name} from the deck`}
            onClick={(e) => onRemove(card, e)}
            data-testid={`deck-remove-${card.id}`}
          >
            <span aria-hidden="true">−</span> Remove
          </button>
        </div>
      )}
    />
  );
});
