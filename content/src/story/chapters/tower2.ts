import { foe, you } from "../lines.ts";
import type { ChapterStory } from "../types.ts";

/** Chapter 6, Demon Hunter: the witches' gate in the ember fields (18, 19, 20). */
export const TOWER2_STORY: ChapterStory = {
  icon: "tower2",
  level: 6,
  intro: [
    {
      caption:
        "South of the tower lie the ember fields, where the ground is always warm and nothing green has grown in living memory.",
      scene: {
        description:
          "Cracked black plains glowing with seams of fire, a smoking volcano under a dark orange sky.",
        setting: "ember",
        sky: "dusk",
        landmark: 0.7,
        figures: [{ kind: "bonfire", x: 0.25, size: 0.8 }],
      },
    },
    {
      caption:
        "Two witches have dug a circle there, deeper than any well. Inside it a gate is opening, slowly, like an eye.",
      scene: {
        description:
          "Two witches with crooked hats raise their arms beside a glowing ring of fire.",
        setting: "ember",
        sky: "night",
        figures: [
          { kind: "portal", x: 0.5, size: 1 },
          { kind: "witches", x: 0.26 },
          { kind: "witches", x: 0.74, flip: true },
        ],
      },
    },
    {
      caption:
        "On the other side waits Ysolde, the Demon Princess, who has chosen this realm as her dowry and means to walk in and claim it.",
      scene: {
        description:
          "A horned, winged silhouette stands within the burning gate, crowned in flame.",
        setting: "ember",
        sky: "blood",
        figures: [
          { kind: "portal", x: 0.5, size: 1.3 },
          { kind: "demon", x: 0.5, size: 1.1 },
          { kind: "bats", x: 0.3, size: 0.7 },
        ],
      },
    },
    {
      caption:
        "You carry both halves of the serpent key. You may be the only one alive who can lock that door.",
      scene: {
        description: "The traveller holds a glowing key at the edge of the fiery circle.",
        setting: "ember",
        sky: "night",
        landmark: 0.8,
        figures: [
          { kind: "portal", x: 0.7, size: 0.9 },
          { kind: "hero", x: 0.3, size: 1.2 },
          { kind: "key", x: 0.4, size: 0.9 },
        ],
      },
    },
  ],
  win: [
    {
      caption:
        "Ysolde's laughter turns to a scream, then to smoke. The gate folds in on itself like a burning letter.",
      scene: {
        description: "The fiery ring collapses into smoke while the traveller shields their eyes.",
        setting: "ember",
        sky: "night",
        landmark: 0.7,
        figures: [
          { kind: "portal", x: 0.6, size: 0.5 },
          { kind: "hero", x: 0.3, size: 1.1 },
        ],
      },
    },
    {
      caption:
        "The witches flee across the cooling fields. Where the circle was, a single flower pushes up through the ash.",
      scene: {
        description: "Dawn over grey ash fields; a lone flower grows where the gate stood.",
        setting: "ember",
        sky: "dawn",
        landmark: 0.75,
        figures: [{ kind: "flower", x: 0.45, size: 1.3 }],
      },
    },
    {
      caption:
        "A pilgrim brings word from the mountains: the goblins have stopped raiding. They are marching, and the ground has begun to shake.",
      scene: {
        description: "Jagged mountains at dusk, war fires burning along the high passes.",
        setting: "mountain",
        sky: "dusk",
        landmark: 0.6,
        figures: [{ kind: "bonfire", x: 0.3, size: 0.6 }],
      },
    },
  ],
  opponents: {
    18: {
      before: [
        foe("Don't mind the smell, darling. That's just the last hunter. He was brave too."),
      ],
      afterWin: [
        foe(
          "You put out my fire. Do you know how long it took to light? Never mind. My sister will bury you.",
        ),
      ],
      afterLoss: [foe("Warm now? Everyone gets warm in the end, darling.")],
    },
    19: {
      before: [foe("My sister burns. I bury. Between us we have never needed a cemetery.")],
      afterWin: [
        foe(
          "The soil turns against me... The princess will be so disappointed. She hates being disappointed.",
        ),
      ],
      afterLoss: [foe("There, there. Lie down. The earth is soft tonight, and so very deep.")],
    },
    20: {
      before: [
        foe(
          "A hunter. How quaint. I was promised a kingdom, and they send me a courier with paper toys.",
        ),
        you("The door closes tonight, Princess. With you on the other side."),
      ],
      afterWin: [
        foe(
          "This is not over. A shut door is still a door, and someone, somewhere, will always be tempted to knock.",
        ),
      ],
      afterLoss: [foe("Kneel. No, lower. Good. You will make a lovely footstool for my throne.")],
    },
  },
};
