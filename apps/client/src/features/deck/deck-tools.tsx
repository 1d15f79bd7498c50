import { type ApiCard, DECK_MIN_CARDS, DECK_SLOTS, MESSAGES } from "@cardrealm/protocol";
import { playClick } from "../../lib/audio.ts";
import { type DeckEditorFilter, setDeckEditorFilter } from "../../stores/app-store.ts";
import { CostCurve } from "./cost-curve.tsx";
import type { CardCounts } from "./deck-model.ts";

/** The deck editor's controls around its sliders: the header, the deck's meter and the side. */

export const FILTERS: { value: DeckEditorFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "spell", label: "Spells" },
  { value: "unit", label: "Units" },
];

/** The screen frame's header: the filter pills, the name search, sort by cost, the library's size. */
export function DeckHeader({
  filter,
  filterCounts,
  search,
  onSearch,
  sortByCost,
  onSortByCost,
  libraryTotal,
}: {
  filter: DeckEditorFilter;
  filterCounts: Record<DeckEditorFilter, number>;
  search: string;
  onSearch: (search: string) => void;
  sortByCost: boolean;
  onSortByCost: () => void;
  libraryTotal: number;
}) {
  return (
    <>
      <fieldset className="deck-filters">
        <legend className="visually-hidden">Show</legend>
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            className="cv-pill"
            aria-pressed={filter === f.value}
            onClick={() => {
              playClick();
              setDeckEditorFilter(f.value);
            }}
            data-testid={`deck-filter-${f.value}`}
          >
            {f.label}
            <span className="cv-pill__count">{filterCounts[f.value]}</span>
          </button>
        ))}
      </fieldset>
      <label className="deck-search">
        <span className="visually-hidden">Search by name</span>
        <span className="deck-search__icon" aria-hidden="true" />
        <input
          type="search"
          className="deck-search__input"
          placeholder="Search by name"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          data-testid="deck-search"
        />
      </label>
      <button
        type="button"
        className="cv-pill"
        aria-pressed={sortByCost}
        onClick={() => {
          playClick();
          onSortByCost();
        }}
        data-testid="deck-sort-cost"
      >
        Sort by cost
      </button>
      <span className="deck-spacer" />
      <span className="cv-total" data-testid="library-total">
        Library:{" "}
        <span className="cv-total__value cv-bump" key={libraryTotal}>
          {libraryTotal}
        </span>
      </span>
    </>
  );
}

/**
 * Between the sliders: the shown deck's size, its meter to 40 and whether it
 * may battle; a full slot that is not the battle deck offers to become it.
 */
export function DeckMeter({
  deckTotal,
  slot,
  battleSlot,
  switching,
  onBattle,
}: {
  deckTotal: number;
  slot: number;
  battleSlot: number;
  switching: boolean;
  onBattle: () => void;
}) {
  const short = deckTotal < DECK_MIN_CARDS;
  return (
    <div className="deck-bar">
      <span className="cv-total deck-bar__total" data-testid="deck-total">
        Deck:{" "}
        <span className="cv-total__value cv-bump" key={deckTotal}>
          {deckTotal}
        </span>
      </span>
      <span className="deck-bar__meter" aria-hidden="true">
        <span
          className={`deck-bar__fill${short ? "" : " deck-bar__fill--full"}`}
          style={{ width: `${Math.min(100, (deckTotal / DECK_MIN_CARDS) * 100)}%` }}
        />
      </span>
      {short ? (
        <span className="deck-bar__warn" role="status" data-testid="deck-warning">
          <span aria-hidden="true">⚠</span> {MESSAGES.deckTooSmall}
        </span>
      ) : slot === battleSlot ? (
        <span className="deck-bar__ready" role="status">
          <span aria-hidden="true">✦</span> Ready for battle
        </span>
      ) : (
        <button
          type="button"
          className="btn btn--gold deck-bar__battle"
          onClick={onBattle}
          disabled={switching}
          data-testid="deck-battle-with"
        >
          Battle with Deck {slot}
        </button>
      )}
    </div>
  );
}

export type DeckDialog = "export" | "import" | "research";

/** The side: the five slots, the cost curve, Complete my deck, the code dialogs, research, the status line. */
export function DeckSide({
  slot,
  battleSlot,
  slotTotal,
  switching,
  onSlot,
  cards,
  deck,
  deckTotal,
  completing,
  onComplete,
  onDialog,
  status,
}: {
  slot: number;
  battleSlot: number;
  slotTotal: (n: number) => number;
  switching: number | null;
  onSlot: (n: number) => void;
  cards: readonly ApiCard[];
  deck: CardCounts;
  deckTotal: number;
  completing: boolean;
  onComplete: () => void;
  onDialog: (dialog: DeckDialog) => void;
  status: { text: string; n: number } | null;
}) {
  const short = deckTotal < DECK_MIN_CARDS;
  const open = (dialog: DeckDialog) => () => {
    playClick();
    onDialog(dialog);
  };
  return (
    <aside className="deck-side" aria-label="Deck tools">
      <fieldset className="deck-slots panel">
        <legend className="visually-hidden">Deck slots</legend>
        {Array.from({ length: DECK_SLOTS }, (_, i) => i + 1).map((n) => (
          <button
            key={n}
            type="button"
            className={`deck-slot${switching === n ? " deck-slot--switching" : ""}`}
            aria-pressed={n === slot}
            aria-label={`Deck ${n}, ${slotTotal(n)} cards${n === battleSlot ? ", battle deck" : ""}`}
            onClick={() => onSlot(n)}
            data-testid={`deck-slot-${n}`}
          >
            <span className="deck-slot__name">Deck {n}</span>
            <span className="deck-slot__count">{slotTotal(n)} cards</span>
            {n === battleSlot && <span className="deck-slot__active">Battle</span>}
          </button>
        ))}
      </fieldset>

      <div className="deck-side__curve panel">
        <CostCurve cards={cards} deck={deck} />
      </div>

      <button
        type="button"
        className="btn btn--gold deck-side__wide"
        onClick={onComplete}
        disabled={completing || !short}
        title={short ? "Fill the deck to 40 from your library" : "The deck has 40 cards or more"}
        data-testid="deck-complete"
      >
        {completing ? "Completing…" : "Complete my deck"}
      </button>
      <div className="deck-side__pair">
        <button
          type="button"
          className="btn btn--purple deck-side__half"
          disabled={deckTotal === 0}
          onClick={open("export")}
          data-testid="deck-code-export"
        >
          Export code
        </button>
        <button
          type="button"
          className="btn btn--purple deck-side__half"
          onClick={open("import")}
          data-testid="deck-code-import"
        >
          Import code
        </button>
      </div>
      <button
        type="button"
        className="btn btn--ghost deck-side__wide"
        onClick={open("research")}
        data-testid="deck-research"
      >
        Research library
      </button>
      <p className="deck-side__status" aria-live="polite">
        {status && (
          <span className="deck-side__status-text" key={status.n}>
            {status.text}
          </span>
        )}
      </p>
    </aside>
  );
}
