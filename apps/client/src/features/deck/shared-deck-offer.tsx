import { CHAPTERS, decodeDeck } from "@cardrealm/content";
import { DECK_MIN_CARDS, DECK_SLOTS, MESSAGES, type User } from "@cardrealm/protocol";
import { type RefObject, useEffect, useRef, useState } from "react";
import { StagePortal } from "../../components/modal/stage-portal.tsx";
import { ApiError } from "../../lib/api.ts";
import { playClick } from "../../lib/audio.ts";
import {
  appStore,
  setCpuStory,
  setRoute,
  setUser,
  showSystemMessage,
  useAppStore,
} from "../../stores/app-store.ts";
import { ChallengePicker } from "./challenge-picker.tsx";
import type { MissingCard } from "./deck-api.ts";
import { MissingList, NOT_A_DECK_CODE } from "./deck-code-dialogs.tsx";
import { slotOf } from "./deck-model.ts";
import { fillSlot, importIntoSlot, slotTotal } from "./import-into-slot.ts";
import { ShortDeckNotice } from "./short-deck-notice.tsx";
// The deck editor's stylesheet, split by subject: imported in this order, which is its cascade.
import "./deck-editor.css";
import "./deck-panel.css";
import "./deck-dialogs.css";
import "./deck-phone.css";

/** The query parameter of a share link: ?deck=<code>. */
export const SHARE_PARAM = "deck";

export function sharedCodeIn(search: string): string | null {
  const code = new URLSearchParams(search).get(SHARE_PARAM);
  return code?.trim() ? code.trim() : null;
}

/** Drop ?deck= from the address so a reload does not offer the deck again. */
function forgetSharedCode(): void {
  try {
    const url = new URL(window.location.href);
    url.searchParams.delete(SHARE_PARAM);
    window.history.replaceState(window.history.state, "", url.toString());
  } catch {
    // Old browsers: the offer simply shows again on reload.
  }
}

export interface OpenOpponent {
  /** The chapter level (the story of CpuStory). */
  story: number;
  cpuId: number;
  /** 1, 2 or 3: the opponent's place in its chapter. */
  cpuNumber: number;
  chapterName: string;
}

/**
 * The first computer opponent the player may fight now: the first one not
 * yet beaten in the open chapters, in story order. When every open one is
 * beaten, the first opponent of the story (a replay).
 */
export function firstOpenOpponent(user: Pick<User, "level" | "maps">): OpenOpponent | null {
  const chapters = CHAPTERS.filter((c) => !c.isPromo && c.opponents.length > 0).sort(
    (a, b) => a.level - b.level,
  );
  for (const chapter of chapters) {
    if (chapter.level > user.level) break;
    const index = chapter.opponents.findIndex((id) => !user.maps.includes(id));
    const cpuId = chapter.opponents[index];
    if (index >= 0 && cpuId !== undefined) {
      return { story: chapter.level, cpuId, cpuNumber: index + 1, chapterName: chapter.name };
    }
  }
  const first = chapters[0];
  const cpuId = first?.opponents[0];
  return first && cpuId !== undefined
    ? { story: first.level, cpuId, cpuNumber: 1, chapterName: first.name }
    : null;
}

/** The slot a shared deck goes to by default: an empty one, else the active one. */
export function defaultSlot(user: User): number {
  for (let n = 1; n <= DECK_SLOTS; n++) {
    if ((slotOf(user, n)?.total_amount ?? 0) === 0) return n;
  }
  return user.deck.sequence_number;
}

/** Open the boss window of the opponent on the map (the story flow starts the battle). */
function playOpponent(user: User): void {
  if (user.deck.total_amount < DECK_MIN_CARDS) {
    setRoute("deck");
    showSystemMessage(MESSAGES.deckTooSmall, "info");
    return;
  }
  const opponent = firstOpenOpponent(user);
  setRoute("home");
  if (opponent) {
    setCpuStory({
      story: opponent.story,
      cpuId: opponent.cpuId,
      cpuNumber: opponent.cpuNumber,
      action: null,
    });
  }
}

/** The offer itself: the deck's size, the slot to import into, and the ways on. */
function ImportOffer({
  cards,
  opponentName,
  user,
  slot,
  onSlot,
  error,
  busy,
  primaryRef,
  onClose,
  onChallenge,
  onImport,
}: {
  cards: number;
  /** The first open computer opponent's chapter, if any. */
  opponentName: string | null;
  user: User;
  slot: number;
  onSlot: (slot: number) => void;
  error: string | null;
  busy: boolean;
  primaryRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onChallenge: () => void;
  onImport: (play: boolean) => void;
}) {
  return (
    <>
      <p className="deck-dialog__hint">
        <strong>{cards}</strong> cards. Import it into a deck slot
        {opponentName ? (
          <>
            {" "}
            and challenge <strong>{opponentName}</strong> with it
          </>
        ) : null}
        ?
      </p>
      <fieldset className="deck-dialog__slots">
        <legend className="field__label">Deck slot</legend>
        {Array.from({ length: DECK_SLOTS }, (_, i) => i + 1).map((n) => (
          <button
            key={n}
            type="button"
            className="cv-pill"
            aria-pressed={slot === n}
            onClick={() => onSlot(n)}
            data-testid={`shared-deck-slot-${n}`}
          >
            Deck {n} · {slotOf(user, n)?.total_amount ?? 0}
          </button>
        ))}
      </fieldset>
      <p className="deck-dialog__hint">The slot's cards are replaced.</p>
      <p className="form-error" role="alert">
        {error ?? ""}
      </p>
      <div className="deck-dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Not now
        </button>
        <button
          type="button"
          className="btn btn--purple"
          disabled={busy}
          onClick={onChallenge}
          data-testid="shared-deck-challenge"
        >
          Play this deck against a bot
        </button>
        <button
          type="button"
          className="btn btn--purple"
          disabled={busy}
          onClick={() => onImport(false)}
          data-testid="shared-deck-import"
        >
          Import only
        </button>
        <button
          ref={primaryRef}
          type="button"
          className="btn btn--gold"
          disabled={busy}
          onClick={() => onImport(true)}
          data-testid="shared-deck-import-play"
        >
          {busy ? "Importing…" : "Import and play"}
        </button>
      </div>
    </>
  );
}

/** After an import that left cards missing or the deck short: what happened, then the editor or the battle. */
function ImportResult({
  slot,
  total,
  result,
  error,
  busy,
  onFinish,
}: {
  slot: number;
  total: number;
  result: { missing: MissingCard[]; play: boolean };
  error: string | null;
  busy: boolean;
  onFinish: (play: boolean) => void;
}) {
  return (
    <div className="deck-dialog__result">
      <p className="deck-dialog__hint">
        Deck {slot} now holds <strong>{total}</strong> cards.
      </p>
      <MissingList missing={result.missing} />
      {!result.play && <ShortDeckNotice slot={slot} total={total} />}
      <p className="form-error" role="alert">
        {error ?? ""}
      </p>
      <div className="deck-dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={() => onFinish(false)}>
          Open deck editor
        </button>
        {result.play && (
          <button
            type="button"
            className="btn btn--gold"
            disabled={busy}
            onClick={() => onFinish(true)}
            data-testid="shared-deck-play"
          >
            {total < DECK_MIN_CARDS ? "Fill to 40 and play" : "Play"}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * "Fill to 40 and play": the slot filled from the library becomes the battle
 * deck; when the library cannot fill it, an error to show instead of a battle
 * (playing then would take another deck without a word).
 */
async function fillToPlay(slot: number): Promise<{ user: User } | { error: string }> {
  try {
    const { user, total } = await fillSlot(slot);
    setUser(user);
    if (total >= DECK_MIN_CARDS) return { user };
    return {
      error: `Your library had only enough for ${total} cards. Open boxes in Offers to find more.`,
    };
  } catch (e) {
    return { error: e instanceof ApiError ? e.message : "Could not complete the deck." };
  }
}

/**
 * A share link (?deck=<code>) opened the game: offer to import the deck into
 * a slot and play the first open computer opponent with it.
 */
export default function SharedDeckOffer() {
  const user = useAppStore((s) => s.user);
  const [code] = useState(() => sharedCodeIn(window.location.search));
  const [entries] = useState(() => (code ? decodeDeck(code) : null));
  const [open, setOpen] = useState(code !== null);
  const [slot, setSlot] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setErrorText] = useState<string | null>(null);
  const [result, setResult] = useState<{ missing: MissingCard[]; play: boolean } | null>(null);
  /** "Play this deck against a bot": the opponent choice is showing. */
  const [challenge, setChallenge] = useState(false);
  const primaryRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!code) return;
    if (!entries) {
      forgetSharedCode();
      setOpen(false);
      showSystemMessage(NOT_A_DECK_CODE, "info");
    }
  }, [code, entries]);

  useEffect(() => {
    if (open) primaryRef.current?.focus();
  }, [open]);

  if (!open || !code || !entries || !user) return null;
  const chosen = slot ?? defaultSlot(user);
  const cards = entries.reduce((n, e) => n + e.amount, 0);
  const opponent = firstOpenOpponent(user);

  const close = () => {
    forgetSharedCode();
    setOpen(false);
  };

  const importDeck = async (play: boolean) => {
    playClick();
    if (busy) return;
    // Keep the slot: after the import it is no longer the empty one.
    setSlot(chosen);
    setBusy(true);
    setErrorText(null);
    try {
      // A short deck is not made the battle deck (import-into-slot.ts).
      const { user: next, total, missing } = await importIntoSlot(chosen, code);
      setUser(next);
      forgetSharedCode();
      // Missing cards are named, and a short deck is never left without a word.
      if (missing.length > 0 || total < DECK_MIN_CARDS) {
        setResult({ missing, play });
        return;
      }
      setOpen(false);
      if (play) playOpponent(next);
      else setRoute("deck");
    } catch (e) {
      setErrorText(e instanceof ApiError ? e.message : "Could not import the deck. Try again.");
    } finally {
      setBusy(false);
    }
  };

  const finish = async (play: boolean) => {
    playClick();
    if (busy) return;
    let current = appStore.get().user;
    // Cards the library lacks left the deck short: fill it from the library first.
    if (play && current && slotTotal(current, chosen) < DECK_MIN_CARDS) {
      setBusy(true);
      const filled = await fillToPlay(chosen);
      setBusy(false);
      if ("error" in filled) {
        setErrorText(filled.error);
        return;
      }
      current = filled.user;
    }
    setOpen(false);
    if (play && current) playOpponent(current);
    else setRoute("deck");
  };

  return (
    <StagePortal>
      <div className="deck-dialog__backdrop">
        <section
          className="deck-dialog panel"
          role="dialog"
          aria-modal="true"
          aria-labelledby="shared-deck-title"
          data-testid="shared-deck-offer"
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.stopPropagation();
              close();
            }
          }}
        >
          <h2 id="shared-deck-title" className="deck-dialog__title">
            A deck was shared with you
          </h2>
          {challenge ? (
            <ChallengePicker
              deckCode={code}
              onStarted={() => {
                forgetSharedCode();
                setOpen(false);
              }}
              onBack={() => setChallenge(false)}
            />
          ) : result ? (
            <ImportResult
              slot={chosen}
              total={slotTotal(user, chosen)}
              result={result}
              error={error}
              busy={busy}
              onFinish={(play) => void finish(play)}
            />
          ) : (
            <ImportOffer
              cards={cards}
              opponentName={opponent?.chapterName ?? null}
              user={user}
              slot={chosen}
              onSlot={setSlot}
              error={error}
              busy={busy}
              primaryRef={primaryRef}
              onClose={close}
              onChallenge={() => {
                playClick();
                setChallenge(true);
              }}
              onImport={(play) => void importDeck(play)}
            />
          )}
        </section>
      </div>
    </StagePortal>
  );
}
