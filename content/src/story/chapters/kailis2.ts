import { foe, tell, you } from "../lines.ts";
import type { ChapterStory } from "../types.ts";

/** Chapter 4, Heretic: the serpent choir beneath the ruined cathedral (12, 13, 14). */
export const KAILIS2_STORY: ChapterStory = {
  icon: "kailis2",
  level: 4,
  intro: [
    {
      caption:
        "The cathedral of Saint Orlenne fell three centuries ago. No one told the people still praying beneath it.",
      scene: {
        description:
          "A ruined cathedral with a broken spire on a marsh hill, lightning splitting the sky behind it.",
        setting: "cathedral",
        sky: "storm",
        landmark: 0.55,
        figures: [{ kind: "crows", x: 0.35 }],
      },
    },
    {
      caption:
        "Their hymns rise through the cracks in the floor: old words, sung backwards, to a serpent that was never a god.",
      scene: {
        description:
          "Hooded heretics stand in a circle of candles, singing to a coiled serpent sigil.",
        setting: "cathedral",
        sky: "night",
        landmark: 0.5,
        figures: [
          { kind: "heretics", x: 0.3 },
          { kind: "bonfire", x: 0.5, size: 0.8 },
          { kind: "heretics", x: 0.7, flip: true },
        ],
      },
    },
    {
      caption:
        "A chimera paces the broken stair: lion, goat and snake, each head arguing over which of them eats you first.",
      scene: {
        description:
          "A three-headed chimera prowls the cathedral steps, tail of a serpent lashing.",
        setting: "cathedral",
        sky: "night",
        landmark: 0.8,
        figures: [{ kind: "chimera", x: 0.45, size: 1.25 }],
      },
    },
    {
      caption:
        "Below, where the altar stood, lamias coil in the dark, and the Heresiarch waits with a smile and a knife made of prayer.",
      scene: {
        description:
          "Serpent-bodied lamias coil before a tall robed figure with a crooked staff, candles guttering.",
        setting: "cathedral",
        sky: "night",
        landmark: 0.5,
        figures: [
          { kind: "lamia", x: 0.25, size: 1 },
          { kind: "lamia", x: 0.75, size: 1, flip: true },
          { kind: "necromancer", x: 0.5, size: 1.3 },
          { kind: "hero", x: 0.08, size: 0.9 },
        ],
      },
    },
  ],
  win: [
    {
      caption:
        "Vexilla's hymn breaks on a high note and does not resume. The serpent idol cracks from crown to coil.",
      scene: {
        description:
          "The traveller stands in the ruined nave as moonlight pours through the broken roof.",
        setting: "cathedral",
        sky: "night",
        landmark: 0.55,
        figures: [{ kind: "hero", x: 0.4, size: 1.15 }],
      },
    },
    {
      caption:
        "In the silence you hear the first honest prayer the cathedral has known in centuries: your own, for the road home.",
      scene: {
        description:
          "Dawn light through the ruined cathedral arches; a single flower grows from a crack.",
        setting: "cathedral",
        sky: "dawn",
        landmark: 0.5,
        figures: [{ kind: "flower", x: 0.34 }],
      },
    },
    {
      caption:
        "On the altar lies a star chart. One tower is circled in blood, and beside it is written: they hold the other half.",
      scene: {
        description: "A lone mage tower on a far plain under a starry sky, its windows burning.",
        setting: "tower",
        sky: "night",
        landmark: 0.62,
        figures: [{ kind: "key", x: 0.3 }],
      },
    },
  ],
  opponents: {
    12: {
      before: [
        foe("Three heads. Three hungers. Only one of you. The arithmetic is not in your favour."),
      ],
      afterWin: [
        foe(
          "Go. The lion yields. The goat yields. The snake... the snake will remember your face.",
        ),
      ],
      afterLoss: [
        foe(
          "The lion takes the heart, the goat the bones, the snake the dreams. Nothing goes to waste down here.",
        ),
      ],
    },
    13: {
      before: [
        foe(
          "Come closer, pilgrim. Let me see your eyes. Such pretty eyes. They would look lovely in the dark, staring at nothing.",
        ),
      ],
      afterWin: [
        foe("Hsss... you have cold blood yourself. Pass, then. Vexilla will not be so gentle."),
      ],
      afterLoss: [foe("Shh. Close your eyes. The coils are warm, and the hymn is very long.")],
    },
    14: {
      before: [
        foe(
          "Every god was once a heresy. I am simply early. Kneel, and you may be my first saint.",
        ),
        you("I kneel to no serpent."),
      ],
      afterWin: [
        foe(
          "You killed a faith tonight. Does it feel holy? It should. That is how all of them begin.",
        ),
      ],
      afterLoss: [
        foe(
          "Another voice for the choir. Sing, child. You will learn the words in a century or two.",
        ),
        tell("Far below, the hymn goes on."),
      ],
    },
  },
};
