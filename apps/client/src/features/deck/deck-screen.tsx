import { encodeDeck } from "@cardrealm/content";
import type { ApiCard, User } from "@cardrealm/protocol";
import { type MouseEvent, useCallback, useMemo, useRef, useState } from "react";
import { ResearchView } from "../../components/card-views/research-view.tsx";
import { ScreenFrame } from "../../components/card-views/screen-frame.tsx";
import { useAfterPaint } from "../../lib/after-paint.ts";
import { type DeckEditorFilter, useAppStore } from "../../stores/app-store.ts";
import { ExportDialog, ImportDialog } from "./deck-code-dialogs.tsx";
import { Flights, useFlights } from "./deck-flights.tsx";
import {
  countsOf,
  deckCards,
  deckEntries,
  libraryCards,
  matchesFilter,
  slotOf,
} from "./deck-model.ts";
import { DeckSlider, LibrarySlider } from "./deck-sliders.tsx";
import { type DeckDialog, DeckHeader, DeckMeter, DeckSide, FILTERS } from "./deck-tools.tsx";
import { useDeckEdits } from "./use-deck-edits.ts";
// The deck editor's stylesheet, split by subject: imported in this order, which is its cascade.
import "./deck-editor.css";
import "./deck-panel.css";
import "./deck-dialogs.css";
import "./deck-phone.css";

/**
 * The deck editor (route "deck", product.md section 2): the library above,
 * the active deck slot below, cards flying between them as they are added
 * and removed; the slots, the cost curve, Complete my deck, the deck code
 * dialogs and the library's research view on the side.
 */
export default function DeckScreen() {
  const user = useAppStore((s) => s.user);
  const cards = useAppStore((s) => s.cards);
  const filter = useAppStore((s) => s.deckEditorFilter.filter);
  if (!user) return null;
  return <DeckEditor user={user} cards={cards} filter={filter} />;
}

/** The owned cards of each filter (the pills' counts). */
function countsByFilter(
  cards: readonly ApiCard[],
  library: ReadonlyMap<number, number>,
): Record<DeckEditorFilter, number> {
  const owned = cards.filter((c) => (library.get(c.id) ?? 0) > 0);
  return Object.fromEntries(
    FILTERS.map((f) => [f.value, owned.filter((c) => matchesFilter(c, f.value)).length]),
  ) as Record<DeckEditorFilter, number>;
}

function DeckEditor({
  user,
  cards,
  filter,
}: {
  user: User;
  cards: readonly ApiCard[];
  filter: DeckEditorFilter;
}) {
  const [search, setSearch] = useState("");
  const [sortByCost, setSortByCost] = useState(false);
  const [dialog, setDialog] = useState<DeckDialog | null>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const libraryRef = useRef<HTMLElement>(null);
  const deckRef = useRef<HTMLElement>(null);
  const { flights, launch } = useFlights({ host: hostRef, library: libraryRef, deck: deckRef });
  const library = useMemo(() => countsOf(user.library), [user.library]);
  const edits = useDeckEdits(user, library, launch);
  const { deck, deckTotal, slot, battleSlot } = edits;

  // The library shows what the pills and the search box said one frame ago.
  const query = useMemo(() => ({ filter, search, sortByCost }), [filter, search, sortByCost]);
  const listQuery = useAfterPaint(query, query, true);
  const libraryList = useMemo(
    () => libraryCards(cards, library, listQuery),
    [cards, library, listQuery],
  );
  const deckList = useMemo(() => deckCards(cards, deck), [cards, deck]);
  const filterCounts = useMemo(() => countsByFilter(cards, library), [cards, library]);

  // The sliders get stable handlers, so a press elsewhere re-renders none of their cards.
  const act = useRef(edits);
  act.current = edits;
  const onAdd = useCallback((card: ApiCard, e: MouseEvent<HTMLElement>) => {
    act.current.add(card, e.currentTarget.closest(".deck-card"));
  }, []);
  const onRemove = useCallback((card: ApiCard, e: MouseEvent<HTMLElement>) => {
    act.current.remove(card, e.currentTarget.closest(".deck-card"));
  }, []);

  const slotTotal = (n: number) => (n === slot ? deckTotal : (slotOf(user, n)?.total_amount ?? 0));
  const code = deckTotal > 0 ? encodeDeck(deckEntries(deck)) : "";
  const header = (
    <DeckHeader
      filter={filter}
      filterCounts={filterCounts}
      search={search}
      onSearch={setSearch}
      sortByCost={sortByCost}
      onSortByCost={() => setSortByCost((s) => !s)}
      libraryTotal={user.library.total_amount}
    />
  );

  return (
    <ScreenFrame route="deck" title="Deck" actions={header} className="deck-screen">
      <div className="deck-editor" ref={hostRef}>
        <div className="deck-editor__main">
          <section
            ref={libraryRef}
            className="deck-row deck-row--library"
            aria-label="Library"
            data-testid="deck-library"
          >
            <LibrarySlider
              items={libraryList}
              library={library}
              deck={deck}
              query={listQuery}
              onAdd={onAdd}
            />
          </section>
          <DeckMeter
            deckTotal={deckTotal}
            slot={slot}
            battleSlot={battleSlot}
            switching={edits.switching !== null}
            onBattle={edits.battleWithShown}
          />
          <section
            ref={deckRef}
            className="deck-row deck-row--deck"
            aria-label={`Deck ${slot}`}
            data-testid="deck-list"
          >
            <DeckSlider
              items={deckList}
              deck={deck}
              slot={slot}
              flash={edits.flash}
              onRemove={onRemove}
            />
          </section>
        </div>
        <DeckSide
          slot={slot}
          battleSlot={battleSlot}
          slotTotal={slotTotal}
          switching={edits.switching}
          onSlot={edits.chooseSlot}
          cards={cards}
          deck={deck}
          deckTotal={deckTotal}
          completing={edits.completing}
          onComplete={edits.complete}
          onDialog={setDialog}
          status={edits.status}
        />
        <Flights flights={flights} />
      </div>

      {dialog === "export" && (
        <ExportDialog code={code} slot={slot} total={deckTotal} onClose={() => setDialog(null)} />
      )}
      {dialog === "import" && (
        <ImportDialog activeSlot={slot} onImported={edits.show} onClose={() => setDialog(null)} />
      )}
      {dialog === "research" && (
        <ResearchView
          cards={libraryList.length > 0 ? libraryList : cards.filter((c) => library.has(c.id))}
          amounts={library}
          title="Research: your library"
          onClose={() => setDialog(null)}
        />
      )}
    </ScreenFrame>
  );
}
