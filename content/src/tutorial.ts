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
    text: "Now press End turn and let the enemy answer.",
  },
  PlaySecondCard50: {
    text: "Your turn again, and richer than before. Play a card from your hand.",
  },
  EndTurnBattle55: {
    text: "End the turn once more.",
  },
  SelectAttack60: {
    text: "Your rested units may now attack. Tap one of your units to raise its sword.",
  },
  EndTurnBattle65: {
    text: "Attackers strike when you end the turn; those on guard defend their lane. End the turn.",
  },
  PlaySpellCard70: {
    text: "Spells bend the battle. Play a spell card from your hand.",
  },
  SpellTarget75: {
    text: "Now choose its target among the lit places: the enemy castle's hp, if the spell can reach it.",
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

/**
 * What the player just did, as far as Lyra's next line tells it apart
 * (issue 26): the card played was a unit or a spell, the lesson was refused
 * ("I can't do that now"), a sword was raised, a spell was aimed at the enemy
 * castle, or a spell was cast otherwise (at once, or at another target).
 */
export type TutorialCause = "unit" | "spell" | "refused" | "attack" | "aimed-castle" | "spell-cast";

/**
 * The line a step shows right after a given event, in place of its own line.
 * A step's own line (TUTORIAL_LINES) says nothing about what came before, so
 * it stays true when the event is not known (after a reload).
 */
export const TUTORIAL_AFTER: Readonly<
  Record<string, Readonly<Partial<Record<TutorialCause, TutorialLine>>>>
> = {
  EndTurnBattle45: {
    unit: {
      text: "Well placed! New units rest for a turn before they may attack. Now press End turn and let the enemy answer.",
    },
    spell: {
      text: "A spell! It works at once and is gone; units stay on the board. Now press End turn and let the enemy answer.",
    },
    refused: {
      text: "Nothing to play yet? Your resources keep and grow each turn. Press End turn and let the enemy answer.",
    },
  },
  EndTurnBattle55: {
    unit: { text: "Another unit on the board. End the turn once more." },
    spell: { text: "The spell is cast. End the turn once more." },
    refused: { text: "No card this turn, then. End the turn once more." },
  },
  EndTurnBattle65: {
    attack: {
      text: "Sword raised! Attackers strike when you end the turn; those on guard defend their lane. End the turn.",
    },
    refused: {
      text: "No sword raised this time. A unit that has rested a turn may attack; those on guard defend their lane. End the turn.",
    },
  },
  BattleFinish80: {
    "aimed-castle": {
      text: "Straight at their castle! You know the basics now. Keep playing and attacking until it falls. I believe in you!",
    },
    "spell-cast": {
      text: "The spell is cast. You know the basics now. Keep playing and attacking until the castle falls. I believe in you!",
    },
    refused: {
      text: "No spell this time, then. Keep playing and attacking until the castle falls. I believe in you!",
    },
  },
};

/**
 * After a lost (or drawn) lesson battle: the lines of the steps after it that
 * would otherwise speak of a victory.
 */
export const TUTORIAL_AFTER_LOSS: Readonly<Record<string, TutorialLine>> = {
  MenuResearch90: TUTORIAL_LESSON_LOST,
  ClickOffers95: {
    text: "Gems buy new cards, and you started with a full purse. Spend them in the shop: tap the Offers button.",
  },
};
