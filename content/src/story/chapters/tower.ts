import { foe, tell } from "../lines.ts";
import type { ChapterStory } from "../types.ts";

/** Chapter 5, the Tower: three walls around the Mage Tower (15, 16, 17). */
export const TOWER_STORY: ChapterStory = {
  icon: "tower",
  level: 5,
  intro: [
    {
      caption:
        "The Mage Tower pierces the clouds above the Glasswater plain. Its mages have not been seen for forty years. Its windows burn every night.",
      scene: {
        description:
          "A tall slender tower with glowing windows rises from a misty plain under the stars.",
        setting: "tower",
        sky: "night",
        landmark: 0.6,
        figures: [],
      },
    },
    {
      caption:
        "Three walls ring it. The first was built of stone, the second of stone and spells. No one who saw the third has described it.",
      scene: {
        description: "Concentric fortress walls, each taller than the last, encircle the tower.",
        setting: "tower",
        sky: "dusk",
        landmark: 0.5,
        figures: [
          { kind: "wall", x: 0.5, size: 0.8 },
          { kind: "crows", x: 0.3 },
        ],
      },
    },
    {
      caption:
        "The Heresiarch's chart spoke of the other half of the serpent key. The mages hold it, and they do not trade.",
      scene: {
        description: "Robed mages on a balcony hold up a glowing half of an ornate key.",
        setting: "tower",
        sky: "night",
        landmark: 0.5,
        figures: [
          { kind: "mages", x: 0.5 },
          { kind: "key", x: 0.5, size: 1.2 },
        ],
      },
    },
    {
      caption:
        "So you will not knock. You will break the walls, Cardbearer: stone by stone, spell by spell.",
      scene: {
        description: "The traveller, cards blazing, faces a colossal wall under a storm.",
        setting: "tower",
        sky: "storm",
        landmark: 0.7,
        figures: [
          { kind: "wall", x: 0.68, size: 1.3 },
          { kind: "hero", x: 0.22, size: 1.2 },
          { kind: "cards", x: 0.32, size: 1 },
        ],
      },
    },
  ],
  win: [
    {
      caption:
        "The Third Wall falls inward like a tired giant. Beyond it the tower door stands open. It always was.",
      scene: {
        description: "A breached wall crumbles; the tower door behind it glows softly at dawn.",
        setting: "tower",
        sky: "dawn",
        landmark: 0.66,
        figures: [{ kind: "hero", x: 0.3, size: 1.1 }],
      },
    },
    {
      caption:
        "The mages inside are old, frightened and very polite. They give you their half of the key and beg you never to use it.",
      scene: {
        description: "The old mages hand the traveller a glowing key half in a candle-lit chamber.",
        setting: "tower",
        sky: "night",
        figures: [
          { kind: "mages", x: 0.62, flip: true },
          { kind: "key", x: 0.46 },
          { kind: "hero", x: 0.3, size: 1.1 },
        ],
      },
    },
    {
      caption:
        "From the highest window, far to the south, the sky over the ember fields has turned the colour of a wound.",
      scene: {
        description: "A distant volcano and glowing fields under a blood-red sky.",
        setting: "ember",
        sky: "blood",
        landmark: 0.6,
        figures: [],
      },
    },
  ],
  opponents: {
    15: {
      before: [
        foe(
          "HALT. STATE YOUR BUSINESS. ...It does not matter. Nobody passes. Nobody has passed in forty years.",
        ),
      ],
      afterWin: [
        foe(
          "Breach in the first wall. Logging the incident. Alerting the second wall. The second wall is far less friendly.",
        ),
      ],
      afterLoss: [foe("RETURN TO THE ROAD. THE ROAD IS SAFE. THE ROAD IS ALWAYS SAFE.")],
    },
    16: {
      before: [
        foe(
          "The First Wall was stone. I am stone that dreams, and every brick of me has been taught to hate intruders.",
        ),
      ],
      afterWin: [foe("My dreams... scatter. The Third Wall does not dream. It only waits.")],
      afterLoss: [foe("Sleep against me, traveller. I will dream for both of us.")],
    },
    17: {
      before: [
        tell(
          "The Third Wall does not speak. Its bricks shift to watch you, and somewhere deep inside it, something breathes.",
        ),
      ],
      afterWin: [
        tell(
          "A crack. Another. The Third Wall exhales, and the tower, at last, stands undefended.",
        ),
      ],
      afterLoss: [
        tell(
          "The wall closes over your retreat without a sound, smooth as water. It will remember the shape of you.",
        ),
      ],
    },
  },
};
