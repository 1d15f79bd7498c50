import { type ApiCard, DECK_MIN_CARDS, type User } from "@cardrealm/protocol";
import { useCallback, useMemo, useRef, useState } from "react";
import { ApiError } from "../../lib/api.ts";
import { playClick } from "../../lib/audio.ts";
import { setUser, showSystemMessage } from "../../stores/app-store.ts";
import { tutorialEvent } from "../../stores/tutorial-state.ts";
import { deckApi } from "./deck-api.ts";
import { addBlock, type CardCounts, countsOf, totalOf } from "./deck-model.ts";

/**
 * The deck editor's changes (product.md section 2, Deck editor): a card
 * added or removed shows at once and is sent; the server's answer (the
 * user) replaces it. Calls run one after another, so each answer is the
 * newest user; add and remove failures are only logged (section 8). Also
 * the active slot and "Complete my deck".
 */

/** The last card added or removed (the deck slider flashes it). */
export interface DeckFlash {
  id: number;
  kind: "add" | "remove";
  n: number;
}

export interface DeckEdits {
  /** The slot's cards, with the changes still on their way. */
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
  const slot = user.deck.sequence_number;
  const deck = useMemo(() => withPending(countsOf(user.deck), pending), [user.deck, pending]);
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
        say(completedText(next.deck.total_amount - before, next.deck.total_amount));
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
    deck,
    deckTotal,
    flash,
    switching,
    completing,
    status,
    add: (card, from) => change(card, from, 1),
    remove: (card, from) => change(card, from, -1),
    chooseSlot,
    complete,
  };
}
