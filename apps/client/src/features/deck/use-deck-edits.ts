import { type ApiCard, DECK_MIN_CARDS, type User } from "@cardrealm/protocol";
import { useCallback, useMemo, useRef, useState } from "react";
import { ApiError } from "../../lib/api.ts";
import { playClick } from "../../lib/audio.ts";
import { setUser, showSystemMessage } from "../../stores/app-store.ts";
import { tutorialEvent } from "../../stores/tutorial-state.ts";
import { deckApi } from "./deck-api.ts";
import { addBlock, type CardCounts, countsOf, slotOf, totalOf } from "./deck-model.ts";

/**
 * The deck editor's changes (product.md section 2, Deck editor): a card
 * added or removed shows at once and is sent; the server's answer (the
 * user) replaces it. Calls run one after another, so each answer is the
 * newest user; add and remove failures are only logged (section 8). Also
 * the slots and "Complete my deck".
 *
 * The slot shown (edited) and the battle deck (the active slot, what Fight
 * takes) differ when the player opens a slot of fewer than 40 cards: a
 * click on a slot that can battle makes it the battle deck, a click on a
 * short or empty one only opens it for building, and "Battle with Deck N"
 * makes it the battle deck once it holds 40 (docs/decisions.md).
 */

/** The last card added or removed (the deck slider flashes it). */
export interface DeckFlash {
  id: number;
  kind: "add" | "remove";
  n: number;
}

export interface DeckEdits {
  /** The slot shown and edited. */
  slot: number;
  /** The battle deck (the active slot). */
  battleSlot: number;
  /** The shown slot's cards, with the changes still on their way. */
  deck: Map<number, number>;
  deckTotal: number;
  flash: DeckFlash | null;
  /** The slot being made active. */
  switching: number | null;
  completing: boolean;
  /** The last thing said in the side's status line. */
  status: { text: string; n: number } | null;
  add(card: ApiCard, from: Element | null): void;
  remove(card: ApiCard, from: Element | null): void;
  chooseSlot(n: number): void;
  /** Makes the shown slot the battle deck. */
  battleWithShown(): void;
  /** Shows a slot (an import just filled it). */
  show(n: number): void;
  complete(): void;
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

/** The counts with the copies added (+) or removed (-) whose answer has not come yet. */
function withPending(counts: Map<number, number>, pending: CardCounts): Map<number, number> {
  for (const [id, d] of pending) {
    const v = (counts.get(id) ?? 0) + d;
    if (v > 0) counts.set(id, v);
    else counts.delete(id);
  }
  return counts;
}

/** What "Complete my deck" says it did. */
function completedText(added: number, total: number): string {
  if (added > 0) return `Added ${added} ${added === 1 ? "card" : "cards"} from your library.`;
  return total < DECK_MIN_CARDS
    ? "Your library has no more cards to add. Open boxes in Offers."
    : "Your deck is already complete.";
}

export function useDeckEdits(
  user: User,
  library: CardCounts,
  launch: (card: ApiCard, kind: "add" | "remove", from: Element | null) => void,
): DeckEdits {
  const [pending, setPending] = useState<CardCounts>(new Map());
  const [flash, setFlash] = useState<DeckFlash | null>(null);
  const [switching, setSwitching] = useState<number | null>(null);
  const [completing, setCompleting] = useState(false);
  const [status, setStatus] = useState<{ text: string; n: number } | null>(null);
  const serial = useSerial();
  const battleSlot = user.deck.sequence_number;
  const [shown, setShown] = useState(battleSlot);
  const slot = shown;
  const slotDeck = slotOf(user, slot) ?? user.deck;
  const deck = useMemo(() => withPending(countsOf(slotDeck), pending), [slotDeck, pending]);
  const deckTotal = totalOf(deck);

  const bumpPending = (id: number, delta: number) =>
    setPending((p) => {
      const m = new Map(p);
      const v = (m.get(id) ?? 0) + delta;
      if (v === 0) m.delete(id);
      else m.set(id, v);
      return m;
    });
  const say = (text: string) => setStatus((s) => ({ text, n: (s?.n ?? 0) + 1 }));

  /** One copy in (+1) or out (-1): shown at once, sent, and undone from the pending when answered. */
  const change = (card: ApiCard, from: Element | null, delta: 1 | -1) => {
    playClick();
    const kind = delta > 0 ? "add" : "remove";
    if (delta > 0 && addBlock(card.id, library.get(card.id) ?? 0, deck.get(card.id) ?? 0)) return;
    if (delta < 0 && (deck.get(card.id) ?? 0) <= 0) return;
    launch(card, kind, from);
    bumpPending(card.id, delta);
    setFlash((f) => ({ id: card.id, kind, n: (f?.n ?? 0) + 1 }));
    void serial(async () => {
      try {
        if (delta > 0) {
          setUser(await deckApi.add(card.id, slot));
          tutorialEvent("card-added");
        } else setUser(await deckApi.remove(card.id, slot));
      } catch (error) {
        logEditorFailure(delta > 0 ? "add card" : "remove card", error);
      } finally {
        bumpPending(card.id, -delta);
      }
    });
  };

  /** Makes slot n the battle deck and shows it. */
  const activate = (n: number) => {
    setSwitching(n);
    void serial(async () => {
      try {
        setUser(await deckApi.setActive(n));
        setShown(n);
        say(`Deck ${n} is now your battle deck.`);
      } catch (error) {
        showSystemMessage(error instanceof ApiError ? error.message : "Could not switch decks.");
      } finally {
        setSwitching(null);
      }
    });
  };

  const chooseSlot = (n: number) => {
    playClick();
    if (n === slot || switching !== null) return;
    const total = slotOf(user, n)?.total_amount ?? 0;
    if (n === battleSlot || total < DECK_MIN_CARDS) {
      // A short or empty slot opens for building; Fight keeps the battle deck (issue 26).
      void serial(async () => setShown(n));
      if (n !== battleSlot)
        say(
          `Building Deck ${n}. Deck ${battleSlot} stays your battle deck until Deck ${n} has ${DECK_MIN_CARDS} cards.`,
        );
      return;
    }
    activate(n);
  };

  const battleWithShown = () => {
    playClick();
    if (slot === battleSlot || switching !== null || deckTotal < DECK_MIN_CARDS) return;
    activate(slot);
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
        const after = slotOf(next, slot)?.total_amount ?? 0;
        say(completedText(after - before, after));
      } catch (error) {
        showSystemMessage(
          error instanceof ApiError ? error.message : "Could not complete the deck.",
        );
      } finally {
        setCompleting(false);
      }
    });
  };

  return {
    slot,
    battleSlot,
    deck,
    deckTotal,
    flash,
    switching,
    completing,
    status,
    add: (card, from) => change(card, from, 1),
    remove: (card, from) => change(card, from, -1),
    chooseSlot,
    battleWithShown,
    show: (n) => void serial(async () => setShown(n)),
    complete,
  };
}
