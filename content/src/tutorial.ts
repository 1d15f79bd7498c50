import { DECK_MIN_SIZE } from "./catalogue.ts";

/**
 * What Lyra, the guide of the tutorial, says at each step (product.md section
 * 4, Tutorial). Keys are the protocol's step names; `next` shows a continue
 * button once the line is typed out. The client decides what each step
 * points at and blocks (apps/client/src/features/tutorial).
 */
export interface TutorialLine {
  text: string;
  /** Label of the continue button shown once the text is typed out. */
  next?: string;
}

export const GUIDE_NAME = "Lyra";

export const TUTORIAL_LINES: Readonly<Record<string, TutorialLine>> = {
  intro: {
    text: "Oh! A new face in the Realm. I am Lyra, keeper of the old maps. Stay close and I will show you how a card-wielder survives here.",
    next: "Hello, Lyra",
  },
  Welcome10: {
    text: "Welcome, wanderer. Bosses hold every corner of this land, and only a good deck can break them. Shall we begin your first lesson?",
    next: "Teach me",
  },
  ClickBossOnMap20: {
    text: "The Elven forest is closest. Tap its glowing icon on the map to see who guards it.",
  },
  BossWindow30: {
    text: "Three foes wait in each chapter, one after another. The Air Elemental is the gentlest. Press Fight!",
  },
  BattleStory33: {
    text: "Every foe has a tale. Read it and press OK to begin the battle; Skip takes you back to the Fight button.",
  },
  showRes35: {
    text: "This is the battlefield. Your castle is below, the enemy's above. Break their castle's hp to zero and you win.",
    next: "Go on",
  },
  showRes37: {
    text: "Fire, diamond and pow pay for your cards. Each turn they grow, and what you do not spend is kept for later.",
    next: "Got it",
  },
  PlayFirstCard40: {
    text: "One card a turn. Drag a glowing card from your hand onto a free lane, or tap it and then tap the lane.",
  },
  EndTurnBattle45: {
    text: "Well placed! New units rest for a turn. Now press End turn and let the enemy answer.",
  },
  PlaySecondCard50: {
    text: "Your turn again, and richer than before. Play a second card.",
  },
  EndTurnBattle55: {
    text: "Good. End the turn once more.",
  },
  SelectAttack60: {
    text: "Your rested units may now attack. Tap one of your units to raise its sword.",
  },
  EndTurnBattle65: {
    text: "Sword raised! Attackers strike when you end the turn; those on guard defend their lane. End the turn.",
  },
  PlaySpellCard70: {
    text: "Spells bend the battle. Play a spell card from your hand.",
  },
  SpellTarget75: {
    text: "Now choose its target: aim at the enemy castle's hp.",
  },
  BattleFinish80: {
    text: "You know the basics now. Keep playing and attacking until the castle falls. I believe in you!",
  },
  MenuResearch90: {
    text: "Each foe you beat lights a star on the chapter. The next foe is now open. Close this window for now; there is more to see.",
  },
  ClickOffers95: {
    text: "Victories pay in gems. Spend them in the shop: tap the Offers button.",
  },
  ClickShop100: {
    text: "Boxes hold six cards, one of them rare. Open a box!",
  },
  ClickDeck110: {
    text: "Fine cards! They are in your library now. Head back to the map.",
  },
  ClickBuy120: {
    text: "New cards only fight once they are in your deck. Open the Deck editor.",
  },
  ClickAdd130: {
    text: `Add one of your new cards to the deck. Remember: a deck needs at least ${DECK_MIN_SIZE} cards before it may fight.`,
  },
  ClickHome140: {
    text: "A stronger deck already. Return to the map when you are ready.",
  },
  Final150: {
    text: "That is all I can teach. The arena opens once chapter 2 is beaten. Go, and may your draws be kind!",
    next: "Farewell",
  },
};

/** Shown when a battle step is reached off the battle screen (after a reload). */
export const TUTORIAL_BATTLE_WAITING: TutorialLine = {
  text: "Your lesson battle is waiting for you. Return to it and we will go on.",
};

/** The skip choice on the welcome step. */
export const TUTORIAL_SKIP_LABEL = "Skip tutorial";
/** The way out of a battle lesson the hand cannot follow (no fitting card). */
export const TUTORIAL_SKIP_LESSON_LABEL = "I can't do that now";

/**
 * MenuResearch90 after a lost (or drawn) lesson battle: the first foe is not
 * beaten, so the boss window keeps the next one locked; the win's line would
 * tell the player otherwise.
 */
export const TUTORIAL_LESSON_LOST: TutorialLine = {
  text: "The Air Elemental stood firm this time, so the next foe stays locked until you beat it. Every defeat teaches something; fight again whenever you like. Close this window for now; there is more to see.",
};
