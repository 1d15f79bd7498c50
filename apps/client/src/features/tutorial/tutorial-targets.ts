/**
 * Where each tutorial step points and whether it blocks the rest of the
 * screen. Targets are CSS selectors tried in order; the first one on screen
 * gets the highlight (later ones are the way back after a reload, e.g. the
 * chapter icon when the boss window is closed).
 */
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
  ClickAdd130: {
    targets: ['[data-testid^="deck-add-"]:not([disabled])', id("nav-deck")],
    blocks: false,
  },
  ClickHome140: { targets: [id("back-to-map"), id("nav-deck")], blocks: true },
  Final150: { targets: [], blocks: true },
};

export function stepFocus(step: string, onBattleScreen: boolean, isBattle: boolean): StepFocus {
  // A battle lesson seen off the battle screen (after a reload): back to the battle.
  if (isBattle && !onBattleScreen) return { targets: BATTLE_WAITING, blocks: false };
  return FOCUS[step] ?? { targets: [], blocks: false };
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
