import { encodeDeck } from "@cardrealm/content";
import {
  type ApiCard,
  CARD_MOVE_ANIMATION_MS,
  DECK_MIN_CARDS,
  DECK_SLOTS,
  MESSAGES,
  type User,
} from "@cardrealm/protocol";
import { type CSSProperties, type MouseEvent, useCallback, useMemo, useRef, useState } from "react";
import { GameCard } from "../../components/card/game-card.tsx";
import { CardSlider } from "../../components/card-views/card-slider.tsx";
import { openLargeCard } from "../../components/card-views/large-card-store.ts";
import { ResearchView } from "../../components/card-views/research-view.tsx";
import { ScreenFrame } from "../../components/card-views/screen-frame.tsx";
import { useAfterPaint } from "../../lib/after-paint.ts";
import { ApiError } from "../../lib/api.ts";
import { playClick } from "../../lib/audio.ts";
import {
  type DeckEditorFilter,
  setDeckEditorFilter,
  setUser,
  showSystemMessage,
  useAppStore,
} from "../../stores/app-store.ts";
import { CostCurve } from "./cost-curve.tsx";
import { deckApi } from "./deck-api.ts";
import { ExportDialog, ImportDialog } from "./deck-code-dialogs.tsx";
import {
  addBlock,
  addBlockText,
  countsOf,
  deckCards,
  deckEntries,
  libraryCards,
  matchesFilter,
  slotOf,
  totalOf,
} from "./deck-model.ts";
import "./deck.css";
import { isCompactScreen } from "../../lib/device.ts";
import { tutorialEvent } from "../../stores/tutorial-state.ts";

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
const FILTERS: { value: DeckEditorFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "spell", label: "Spells" },
  { value: "unit", label: "Units" },
];

interface Flight {
  id: number;
  card: ApiCard;
  kind: "add" | "remove";
  left: number;
  top: number;
  width: number;
  dx: number;
  dy: number;
}

/** Position of an element in the editor's own (unscaled) coordinates. */
function localRect(host: HTMLElement, el: Element) {
  const h = host.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  const scale = host.offsetWidth > 0 && h.width > 0 ? h.width / host.offsetWidth : 1;
  return {
    left: (r.left - h.left) / scale,
    top: (r.top - h.top) / scale,
    width: r.width / scale,
    height: r.height / scale,
  };
}

/** Editor calls run one after another, so each answer is the newest user. */
function useSerial() {
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  return useCallback((job: () => Promise<void>) => {
    const next = chain.current.then(job, job);
    chain.current = next.catch(() => {});
    return next;
  }, []);
}

function logEditorFailure(what: string, error: unknown): void {
  // product.md section 8: add and remove failures are only logged.
  console.warn(`[deck] ${what} failed:`, error instanceof Error ? error.message : error);
}

export default function DeckScreen() {
  const user = useAppStore((s) => s.user);
  const cards = useAppStore((s) => s.cards);
  const filter = useAppStore((s) => s.deckEditorFilter.filter);
  if (!user) return null;
  return <DeckEditor user={user} cards={cards} filter={filter} />;
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
  /** Copies added (+) or removed (-) whose answer has not come yet. */
  const [pending, setPending] = useState<ReadonlyMap<number, number>>(new Map());
  const [flights, setFlights] = useState<Flight[]>([]);
  const [flash, setFlash] = useState<{ id: number; kind: "add" | "remove"; n: number } | null>(
    null,
  );
  const [switching, setSwitching] = useState<number | null>(null);
  const [completing, setCompleting] = useState(false);
  const [status, setStatus] = useState<{ text: string; n: number } | null>(null);
  const [dialog, setDialog] = useState<"export" | "import" | "research" | null>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const libraryRef = useRef<HTMLElement>(null);
  const deckRef = useRef<HTMLElement>(null);
  const flightId = useRef(0);
  const serial = useSerial();

  const slot = user.deck.sequence_number;
  const library = useMemo(() => countsOf(user.library), [user.library]);
  const deck = useMemo(() => {
    const m = countsOf(user.deck);
    for (const [id, d] of pending) {
      const v = (m.get(id) ?? 0) + d;
      if (v > 0) m.set(id, v);
      else m.delete(id);
    }
    return m;
  }, [user.deck, pending]);
  const deckTotal = totalOf(deck);
  const libraryTotal = user.library.total_amount;

  // The library shows what the pills and the search box said one frame ago.
  const query = useMemo(() => ({ filter, search, sortByCost }), [filter, search, sortByCost]);
  const listQuery = useAfterPaint(query, query, true);
  const libraryList = useMemo(
    () => libraryCards(cards, library, listQuery),
    [cards, library, listQuery],
  );
  const deckList = useMemo(() => deckCards(cards, deck), [cards, deck]);
  const filterCounts = useMemo(() => {
    const owned = cards.filter((c) => (library.get(c.id) ?? 0) > 0);
    return Object.fromEntries(
      FILTERS.map((f) => [f.value, owned.filter((c) => matchesFilter(c, f.value)).length]),
    ) as Record<DeckEditorFilter, number>;
  }, [cards, library]);

  const bumpPending = (id: number, delta: number) =>
    setPending((p) => {
      const m = new Map(p);
      const v = (m.get(id) ?? 0) + delta;
      if (v === 0) m.delete(id);
      else m.set(id, v);
      return m;
    });

  const say = (text: string) => setStatus((s) => ({ text, n: (s?.n ?? 0) + 1 }));

  /** The card flies from its slide towards the other slider and fades (400 ms). */
  const launch = (card: ApiCard, kind: "add" | "remove", from: Element | null) => {
    const host = hostRef.current;
    const target = kind === "add" ? deckRef.current : libraryRef.current;
    const source = from?.querySelector(".gc") ?? from;
    if (!host || !target || !source) return;
    const same = target.querySelector(`[data-slide-card="${card.id}"] .gc`);
    const inView = same?.closest("[data-in-view='true']") ? same : null;
    const a = localRect(host, source);
    const viewport = target.querySelector(".cv-slider__viewport") ?? target;
    const b = localRect(host, inView ?? viewport);
    const id = ++flightId.current;
    setFlights((f) => [
      ...f,
      {
        id,
        card,
        kind,
        left: a.left,
        top: a.top,
        width: a.width,
        dx: b.left + b.width / 2 - (a.left + a.width / 2),
        dy: b.top + b.height / 2 - (a.top + a.height / 2),
      },
    ]);
    setTimeout(() => setFlights((f) => f.filter((x) => x.id !== id)), CARD_MOVE_ANIMATION_MS);
  };

  const add = (card: ApiCard, e: MouseEvent<HTMLElement>) => {
    playClick();
    if (addBlock(card.id, library.get(card.id) ?? 0, deck.get(card.id) ?? 0)) return;
    launch(card, "add", e.currentTarget.closest(".deck-card"));
    bumpPending(card.id, 1);
    setFlash((f) => ({ id: card.id, kind: "add", n: (f?.n ?? 0) + 1 }));
    void serial(async () => {
      try {
        setUser(await deckApi.add(card.id, slot));
        tutorialEvent("card-added");
      } catch (error) {
        logEditorFailure("add card", error);
      } finally {
        bumpPending(card.id, -1);
      }
    });
  };

  const remove = (card: ApiCard, e: MouseEvent<HTMLElement>) => {
    playClick();
    if ((deck.get(card.id) ?? 0) <= 0) return;
    launch(card, "remove", e.currentTarget.closest(".deck-card"));
    bumpPending(card.id, -1);
    setFlash((f) => ({ id: card.id, kind: "remove", n: (f?.n ?? 0) + 1 }));
    void serial(async () => {
      try {
        setUser(await deckApi.remove(card.id, slot));
      } catch (error) {
        logEditorFailure("remove card", error);
      } finally {
        bumpPending(card.id, 1);
      }
    });
  };

  const chooseSlot = (n: number) => {
    playClick();
    if (n === slot || switching !== null) return;
    setSwitching(n);
    void serial(async () => {
      try {
        setUser(await deckApi.setActive(n));
        say(`Deck ${n} is now your battle deck.`);
      } catch (error) {
        showSystemMessage(error instanceof ApiError ? error.message : "Could not switch decks.");
      } finally {
        setSwitching(null);
      }
    });
  };

  const complete = () => {
    playClick();
    if (completing) return;
    setCompleting(true);
    const before = deckTotal;
    void serial(async () => {
      try {
        const next = await deckApi.complete(slot);
        setUser(next);
        const added = next.deck.total_amount - before;
        say(
          added > 0
            ? `Added ${added} ${added === 1 ? "card" : "cards"} from your library.`
            : next.deck.total_amount < DECK_MIN_CARDS
              ? "Your library has no more cards to add. Open boxes in Offers."
              : "Your deck is already complete.",
        );
      } catch (error) {
        showSystemMessage(
          error instanceof ApiError ? error.message : "Could not complete the deck.",
        );
      } finally {
        setCompleting(false);
      }
    });
  };

  const slotTotal = (n: number) => (n === slot ? deckTotal : (slotOf(user, n)?.total_amount ?? 0));
  const code = deckTotal > 0 ? encodeDeck(deckEntries(deck)) : "";
  const short = deckTotal < DECK_MIN_CARDS;

  // The two sliders are built only when their cards change: a press elsewhere on
  // the screen (a filter pill, a deck slot) re-renders none of their cards.
  const act = useRef({ add, remove });
  act.current = { add, remove };
  const librarySlider = useMemo(
    () => (
      <CardSlider
        items={libraryList}
        itemKey={(c) => c.id}
        slideWidth={slideW()}
        visible={isCompactScreen() ? PHONE_SLIDES_VISIBLE : undefined}
        label="Library"
        resetKey={`${listQuery.filter}|${listQuery.search}|${listQuery.sortByCost}`}
        empty={
          listQuery.search || listQuery.filter !== "all"
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
                  onClick={(e) => act.current.add(card, e)}
                  data-testid={`deck-add-${card.id}`}
                >
                  <span aria-hidden="true">+</span> Add
                </button>
              )}
            </div>
          );
        }}
      />
    ),
    [libraryList, library, deck, listQuery],
  );
  const deckSlider = useMemo(
    () => (
      <CardSlider
        items={deckList}
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
              onClick={(e) => act.current.remove(card, e)}
              data-testid={`deck-remove-${card.id}`}
            >
              <span aria-hidden="true">−</span> Remove
            </button>
          </div>
        )}
      />
    ),
    [deckList, deck, slot, flash],
  );

  const header = (
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
          onChange={(e) => setSearch(e.target.value)}
          data-testid="deck-search"
        />
      </label>
      <button
        type="button"
        className="cv-pill"
        aria-pressed={sortByCost}
        onClick={() => {
          playClick();
          setSortByCost((s) => !s);
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
            {librarySlider}
          </section>

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
            ) : (
              <span className="deck-bar__ready" role="status">
                <span aria-hidden="true">✦</span> Ready for battle
              </span>
            )}
          </div>

          <section
            ref={deckRef}
            className="deck-row deck-row--deck"
            aria-label={`Deck ${slot}`}
            data-testid="deck-list"
          >
            {deckSlider}
          </section>
        </div>

        <aside className="deck-side" aria-label="Deck tools">
          <fieldset className="deck-slots panel">
            <legend className="visually-hidden">Deck slots</legend>
            {Array.from({ length: DECK_SLOTS }, (_, i) => i + 1).map((n) => (
              <button
                key={n}
                type="button"
                className={`deck-slot${switching === n ? " deck-slot--switching" : ""}`}
                aria-pressed={n === slot}
                aria-label={`Deck ${n}, ${slotTotal(n)} cards${n === slot ? ", active" : ""}`}
                onClick={() => chooseSlot(n)}
                data-testid={`deck-slot-${n}`}
              >
                <span className="deck-slot__name">Deck {n}</span>
                <span className="deck-slot__count">{slotTotal(n)} cards</span>
                {n === slot && <span className="deck-slot__active">Active</span>}
              </button>
            ))}
          </fieldset>

          <div className="deck-side__curve panel">
            <CostCurve cards={cards} deck={deck} />
          </div>

          <button
            type="button"
            className="btn btn--gold deck-side__wide"
            onClick={complete}
            disabled={completing || !short}
            title={
              short ? "Fill the deck to 40 from your library" : "The deck has 40 cards or more"
            }
            data-testid="deck-complete"
          >
            {completing ? "Completing…" : "Complete my deck"}
          </button>
          <div className="deck-side__pair">
            <button
              type="button"
              className="btn btn--purple deck-side__half"
              disabled={deckTotal === 0}
              onClick={() => {
                playClick();
                setDialog("export");
              }}
              data-testid="deck-code-export"
            >
              Export code
            </button>
            <button
              type="button"
              className="btn btn--purple deck-side__half"
              onClick={() => {
                playClick();
                setDialog("import");
              }}
              data-testid="deck-code-import"
            >
              Import code
            </button>
          </div>
          <button
            type="button"
            className="btn btn--ghost deck-side__wide"
            onClick={() => {
              playClick();
              setDialog("research");
            }}
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

        {flights.map((f) => (
          <div
            key={f.id}
            className={`deck-flight deck-flight--${f.kind}`}
            style={
              {
                left: `${f.left}px`,
                top: `${f.top}px`,
                width: `${f.width}px`,
                "--dx": `${f.dx}px`,
                "--dy": `${f.dy}px`,
                "--fly-ms": `${CARD_MOVE_ANIMATION_MS}ms`,
              } as CSSProperties
            }
            aria-hidden="true"
          >
            <GameCard card={f.card} style={{ "--gc-w": `${f.width}px` } as CSSProperties} />
          </div>
        ))}
      </div>

      {dialog === "export" && (
        <ExportDialog code={code} slot={slot} total={deckTotal} onClose={() => setDialog(null)} />
      )}
      {dialog === "import" && <ImportDialog activeSlot={slot} onClose={() => setDialog(null)} />}
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
