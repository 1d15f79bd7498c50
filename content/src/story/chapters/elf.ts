import { foe, tell, you } from "../lines.ts";
import type { ChapterStory } from "../types.ts";

/** Chapter 1, Elven Wisdom: the elemental guardians of the violet wood (6, 5, 7). */
export const ELF_STORY: ChapterStory = {
  icon: "elf",
  level: 1,
  intro: [
    {
      caption:
        "The violet wood does not sleep. Its trees remember every traveller who walked beneath them, and most of those travellers never walked out.",
      scene: {
        description:
          "A lone cloaked traveller stands at the edge of an ancient forest under a pale moon, fog curling between the trunks.",
        setting: "forest",
        sky: "night",
        landmark: 0.72,
        figures: [{ kind: "hero", x: 0.24, size: 1.05 }],
      },
    },
    {
      caption:
        "At the Moonwell the elder elves bound wind, stone and flame into living guardians, and set them to keep the old wisdom.",
      scene: {
        description:
          "Robed elves gather around a glowing well in a glade while three elemental shapes rise from its light.",
        setting: "forest",
        sky: "night",
        figures: [
          { kind: "elves", x: 0.3 },
          { kind: "well", x: 0.5 },
          { kind: "air", x: 0.38, size: 0.6 },
          { kind: "earth", x: 0.5, size: 0.55 },
          { kind: "fire", x: 0.62, size: 0.6 },
          { kind: "elves", x: 0.72, flip: true },
        ],
      },
    },
    {
      caption:
        "Now the guardians answer to no one. The wind tears the canopy, the stones walk, and the fire has learned to be hungry.",
      scene: {
        description:
          "A storm over the forest: a towering whirlwind rips through the trees while a burning shape glows behind it.",
        setting: "forest",
        sky: "storm",
        figures: [
          { kind: "fire", x: 0.78, size: 0.9 },
          { kind: "air", x: 0.42, size: 1.5 },
        ],
      },
    },
    {
      caption:
        "Win the guardians back, Cardbearer. Bind them into your deck, or the forest will bind you into its roots.",
      scene: {
        description:
          "The traveller raises a fan of glowing cards toward three looming elementals of wind, stone and fire.",
        setting: "forest",
        sky: "night",
        figures: [
          { kind: "air", x: 0.56, size: 1 },
          { kind: "earth", x: 0.72, size: 1.1 },
          { kind: "fire", x: 0.88, size: 1 },
          { kind: "hero", x: 0.2, size: 1.2 },
          { kind: "cards", x: 0.3, size: 1 },
        ],
      },
    },
  ],
  win: [
    {
      caption:
        "The last ember gutters out. The fire guardian kneels, and the forest breathes out for the first time in a hundred years.",
      scene: {
        description:
          "Dawn in a scorched glade: the traveller stands over a dying flame while pale light breaks through the trees.",
        setting: "forest",
        sky: "dawn",
        figures: [
          { kind: "fire", x: 0.64, size: 0.45 },
          { kind: "hero", x: 0.4, size: 1.1 },
        ],
      },
    },
    {
      caption:
        "The elves return to the Moonwell singing. They press a silver leaf into your palm: a promise, and a map.",
      scene: {
        description:
          "Elves gather around the softly glowing well at dawn, the traveller among them.",
        setting: "forest",
        sky: "dawn",
        landmark: 0.8,
        figures: [
          { kind: "elves", x: 0.28 },
          { kind: "well", x: 0.5 },
          { kind: "hero", x: 0.64, flip: true },
        ],
      },
    },
    {
      caption:
        "Beyond the wood the lowlands lie quiet. Too quiet. Somewhere a shovel bites into cold earth.",
      scene: {
        description:
          "Far beyond the forest edge, a graveyard on a hill at dusk with crows circling a small chapel.",
        setting: "graveyard",
        sky: "dusk",
        landmark: 0.66,
        figures: [{ kind: "crows", x: 0.6 }],
      },
    },
  ],
  opponents: {
    6: {
      before: [
        foe(
          "You smell of roads and candle smoke, little walker. The wind does not remember you. It will not bother to.",
        ),
      ],
      afterWin: [
        foe(
          "Still... you held your ground where oaks have fallen. Take my breath into your cards, and use it gently.",
        ),
      ],
      afterLoss: [
        foe(
          "Scattered, like every seed that thought it was a tree. Come back when you weigh more than a whisper.",
        ),
      ],
    },
    5: {
      before: [
        foe(
          "I was a hill before your kingdom had a name. Strike me if you like. Mountains are patient.",
        ),
      ],
      afterWin: [
        foe(
          "Cracked... and yet the ground is grateful. Walk on. The stones will carry your steps more kindly now.",
        ),
      ],
      afterLoss: [foe("Rest here a while. Moss will cover you. Moss covers everyone, in the end.")],
    },
    7: {
      before: [
        foe(
          "The elves fed me their oldest books, one page a night. Now I know everything they knew, and I am still hungry.",
        ),
        you("Then choke on this one."),
      ],
      afterWin: [
        foe(
          "Ash... only ash. Keep the last of my spark, then. Let it burn in something that deserves it.",
        ),
      ],
      afterLoss: [
        foe("Your cards curl and blacken so prettily. Come again. I so rarely get to eat twice."),
        tell("The smoke of your defeat drifts up through the violet canopy."),
      ],
    },
  },
};
