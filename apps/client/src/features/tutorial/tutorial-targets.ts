/**
 * Where each tutorial step points and whether it blocks the rest of the
 * screen. Targets are CSS selectors tried in order; the first one on screen
 * gets the highlight (later ones are the way back after a reload, e.g. the
 * chapter icon when the boss window is closed).
 */
import { STARTER_LIBRARY } from "@cardrealm/content";

const id = (testId: string) => `[data-testid="${testId}"]`;

export interface StepFocus {
  targets: readonly string[];
  /** Everything but the target is dimmed and takes no clicks. */
  blocks: boolean;
}

const BATTLE_WAITING = [id("resume-battle"), id("fight-6"), id("chapter-elf")];

const FOCUS: Record<string, StepFocus> = {
  intro: { targets: [], blocks: true },
  Welcome10: { targets: [], blocks: true },
  ClickBossOnMap20: { targets: [id("chapter-elf")], blocks: true },
  BossWindow30: { targets: [id("fight-6"), id("chapter-elf")], blocks: true },
  BattleStory33: {
    targets: [
      id("story-dialogue-ok"),
      id("story-comic-ok"),
      id("story-comic-next"),
      id("fight-6"),
      id("chapter-elf"),
    ],
    blocks: false,
  },
  showRes35: { targets: [id("player-castle")], blocks: true },
  showRes37: { targets: [id("player-res-fire"), id("player-castle")], blocks: true },
  PlayFirstCard40: {
    targets: ['[data-testid^="hand-card-"][data-playable="true"]'],
    blocks: false,
  },
  EndTurnBattle45: { targets: [id("end-turn")], blocks: true },
  PlaySecondCard50: {
    targets: ['[data-testid^="hand-card-"][data-playable="true"]'],
    blocks: false,
  },
  EndTurnBattle55: { targets: [id("end-turn")], blocks: true },
  SelectAttack60: { targets: ['[data-testid^="player-unit-"]'], blocks: false },
  EndTurnBattle65: { targets: [id("end-turn")], blocks: true },
  PlaySpellCard70: {
    targets: ['[data-testid^="hand-card-"][data-playable="true"]'],
    blocks: false,
  },
  SpellTarget75: { targets: [`${id("cpu-castle")} .castle__portrait`], blocks: false },
  BattleFinish80: { targets: [], blocks: false },
  MenuResearch90: { targets: [id("boss-window-close"), id("chapter-elf")], blocks: true },
  ClickOffers95: { targets: [id("nav-offers"), id("back-to-map")], blocks: true },
  ClickShop100: {
    targets: ['[data-testid^="offers-open-"]:not([disabled])', id("nav-offers")],
    blocks: true,
  },
  ClickDeck110: { targets: [id("back-to-map"), id("nav-offers")], blocks: true },
  ClickBuy120: { targets: [id("nav-deck"), id("back-to-map")], blocks: true },
  // The player's new cards go first (stepFocus); any card they may add is the way on
  // when none of them can be added.
  ClickAdd130: {
    targets: ['[data-testid^="deck-add-"]:not([disabled])', id("nav-deck")],
    blocks: false,
  },
  ClickHome140: { targets: [id("back-to-map"), id("nav-deck")], blocks: true },
  Final150: { targets: [], blocks: true },
};

const STARTER_AMOUNTS = new Map(STARTER_LIBRARY.map((c) => [c.id, c.amount]));

/**
 * The cards the player owns beyond the starter library: what the tutorial's
 * box gave (a card already at its deck cap was paid back in gems, not added).
 * From the library itself, so a reload keeps them.
 */
export function newCardsOf(library: { cards: Record<string, { id: number; amount: number }> }) {
  return Object.values(library.cards)
    .filter((c) => c.amount > (STARTER_AMOUNTS.get(c.id) ?? 0))
    .map((c) => c.id);
}

export function stepFocus(
  step: string,
  onBattleScreen: boolean,
  isBattle: boolean,
  newCards: readonly number[] = [],
): StepFocus {
  // A battle lesson seen off the battle screen (after a reload): back to the battle.
  if (isBattle && !onBattleScreen) return { targets: BATTLE_WAITING, blocks: false };
  const focus = FOCUS[step] ?? { targets: [], blocks: false };
  if (step !== "ClickAdd130" || newCards.length === 0) return focus;
  // "Add one of your new cards": the Add button of a card from the box, the first
  // one in the library's order (one selector: the document's order).
  const fromBox = newCards.map((card) => id(`deck-add-${card}`)).join(", ");
  return { ...focus, targets: [fromBox, ...focus.targets] };
}

/**
 * A target in a card slider out of its view (the library in the deck editor):
 * focusing it makes the slider bring its slide into view (card-slider.tsx),
 * without the browser scrolling the slider's clipped viewport itself.
 */
export function revealTarget(el: Element): void {
  if (!el.closest('[data-in-view="false"]')) return;
  if (el instanceof HTMLElement) {
    // Focused already (the slider went back since): a new focus is what it follows.
    if (document.activeElement === el) el.blur();
    el.focus({ preventScroll: true });
  }
}

/** The first target on screen (with a size), or null. */
export function findTarget(targets: readonly string[]): Element | null {
  for (const selector of targets) {
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) return el;
    }
  }
  return null;
}
