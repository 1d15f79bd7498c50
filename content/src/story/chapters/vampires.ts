import { foe, you } from "../lines.ts";
import type { ChapterStory } from "../types.ts";

/** Chapter 8, Vampires: the Night Court of Castle Veyrn (28, 29, 30). */
export const VAMPIRES_STORY: ChapterStory = {
  icon: "vampires",
  level: 8,
  intro: [
    {
      caption:
        "Once a century a crimson moon rises over Castle Veyrn, and the Night Court wakes from its long, perfumed sleep.",
      scene: {
        description:
          "A gothic castle on a sheer crag beneath an enormous crimson moon, bats in the sky.",
        setting: "castle",
        sky: "blood",
        landmark: 0.62,
        figures: [{ kind: "bats", x: 0.4 }],
      },
    },
    {
      caption:
        "Carriages without horses climb the cliff road. The guests are pale and beautifully dressed. Some of them are still breathing.",
      scene: {
        description: "A black carriage with lanterns climbs a cliff road toward the castle gates.",
        setting: "castle",
        sky: "night",
        landmark: 0.78,
        figures: [
          { kind: "carriage", x: 0.38, size: 1.1 },
          { kind: "bats", x: 0.62, size: 0.6 },
        ],
      },
    },
    {
      caption:
        "Inside, the feast has begun. The wine is red, the music is slow, and no one has yet asked what the main course is.",
      scene: {
        description: "Cloaked vampire nobles stand in the glow of tall windows, goblets raised.",
        setting: "castle",
        sky: "blood",
        landmark: 0.5,
        figures: [
          { kind: "vampires", x: 0.28 },
          { kind: "vampires", x: 0.72, flip: true, size: 1.1 },
        ],
      },
    },
    {
      caption:
        "You hold the Court's invitation. Walk into the velvet dark, Cardbearer, and try to leave with your blood still your own.",
      scene: {
        description: "The traveller stands before the castle's great gate, invitation in hand.",
        setting: "castle",
        sky: "blood",
        landmark: 0.66,
        figures: [
          { kind: "bats", x: 0.7, size: 0.8 },
          { kind: "hero", x: 0.28, size: 1.25 },
        ],
      },
    },
  ],
  win: [
    {
      caption:
        "King Orlav turns to ash on his own throne, goblet still in hand. The crimson moon pales to silver.",
      scene: {
        description:
          "The castle under a silver moon, the traveller on the battlements as ash drifts away.",
        setting: "castle",
        sky: "night",
        landmark: 0.64,
        figures: [{ kind: "hero", x: 0.3, size: 1.15 }],
      },
    },
    {
      caption:
        "The Night Court scatters into the dawn like startled bats, and the castle doors swing open to the first clean wind in a hundred years.",
      scene: {
        description: "Bats flee across a dawn sky from the castle towers.",
        setting: "castle",
        sky: "dawn",
        landmark: 0.6,
        figures: [{ kind: "bats", x: 0.36, size: 1.3 }],
      },
    },
    {
      caption:
        "Far out at sea a ship with black sails turns away from the coast. The realm is quiet, for now. New tides are coming.",
      scene: {
        description: "A black-sailed ship on a moonlit sea beyond the harbour.",
        setting: "harbour",
        sky: "night",
        figures: [{ kind: "ship", x: 0.6, size: 1.3 }],
      },
    },
  ],
  opponents: {
    28: {
      before: [
        foe(
          "Welcome, welcome! I announce the guests. Your name? Never mind. By midnight no one will need it.",
        ),
      ],
      afterWin: [
        foe(
          "How rude. You have spilled me all over the carpet. The Countess will want to see you personally.",
        ),
      ],
      afterLoss: [
        foe(
          "Dinner is served! Oh, don't look at me like that. It is an honour to be the main course.",
        ),
      ],
    },
    29: {
      before: [foe("Dance with me. One waltz, that is all. I promise I will only take a little.")],
      afterWin: [
        foe(
          "You step on my feet and break my heart in a single evening. The King will adore you. Briefly.",
        ),
      ],
      afterLoss: [foe("Shh. The music hasn't stopped. It never stops here.")],
    },
    30: {
      before: [
        foe(
          "A century I waited for this moon, and they send me one mortal with a deck of cards. Sit. We play for your blood.",
        ),
        you("And if I win?"),
        foe("Then you will be the first."),
      ],
      afterWin: [
        foe("The moon... is setting. How strange. I had forgotten the colour of morning."),
      ],
      afterLoss: [foe("Your blood, then. Do not fret. You will have eternity to win it back.")],
    },
  },
};
