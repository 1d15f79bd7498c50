import { useEffect, useRef } from "react";
import { type PickedCard, useBattleStore } from "../../stores/battle-store.ts";
import { cancelPick, endTurn } from "./battle-intents.ts";
import { isSelecting } from "./battle-machine.ts";
import { battleFrame } from "./pointer.ts";

/** The first legal place or target of the picked card (the order of the board: enemy row first). */
const SPOT_SELECTOR = [
  '[data-place="true"]',
  '[data-target="true"]',
  ".castle--target .castle__portrait",
].join(", ");

function focusFirstSpot(): void {
  const frame = battleFrame();
  frame?.querySelector<HTMLElement>(SPOT_SELECTOR)?.focus();
}

function focusHandCard(handKey: number): void {
  const frame = battleFrame();
  const card = frame?.querySelector<HTMLElement>(`[data-testid="hand-card-${handKey}"]`);
  card?.focus();
}

/** Nothing in the page has focus (the body): the battle's keys still work. */
function onLooseKey(e: KeyboardEvent): void {
  if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
  const active = document.activeElement;
  if (active && active !== document.body) return;
  const frame = battleFrame();
  if (!frame) return;
  if (e.key.startsWith("Arrow")) {
    const first =
      frame.querySelector<HTMLElement>('[data-nav^="2:"]') ??
      frame.querySelector<HTMLElement>("[data-nav]");
    first?.focus();
    e.preventDefault();
  } else if (e.key === "e" || e.key === "E") {
    endTurn();
    e.preventDefault();
  } else if (e.key === "Escape") {
    cancelPick();
  }
}

/**
 * Keyboard play (issue #7): a card picked with Enter moves the focus to its
 * first legal cell or target (so Enter again plays it); Escape (a cancelled
 * pick) brings the focus back to the card; arrows and E work even when
 * nothing has focus yet. Legal spots are the engine's (battle-board.tsx
 * data-place / data-target come from playableFromSnapshot).
 */
export function useKeyboardPlay(): void {
  const pick = useBattleStore((s) => s.pick);
  const phase = useBattleStore((s) => s.phase);
  const selecting = isSelecting(phase);
  const lastKeyPick = useRef<PickedCard | null>(null);

  useEffect(() => {
    if (pick?.via === "key" && selecting) {
      lastKeyPick.current = pick;
      focusFirstSpot();
      return;
    }
    const before = lastKeyPick.current;
    lastKeyPick.current = null;
    // A cancelled key pick (back to play_card, not on to a play): focus the card again.
    if (before && !pick && phase === "play_card") focusHandCard(before.handKey);
  }, [pick, selecting, phase]);

  useEffect(() => {
    window.addEventListener("keydown", onLooseKey);
    return () => window.removeEventListener("keydown", onLooseKey);
  }, []);
}
