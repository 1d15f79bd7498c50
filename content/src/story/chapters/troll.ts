import { foe, tell } from "../lines.ts";
import type { ChapterStory } from "../types.ts";

/** Chapter 7, Troll Queen: the war drums of the Greyspine mountains (22, 23, 24). */
export const TROLL_STORY: ChapterStory = {
  icon: "troll",
  level: 7,
  intro: [
    {
      caption:
        "The Greyspine mountains have always had goblins. Goblins steal sheep, sing rude songs and run away. That is the natural order.",
      scene: {
        description:
          "Jagged grey peaks at dusk, a few goblins scampering along a ridge with a stolen sheep.",
        setting: "mountain",
        sky: "dusk",
        landmark: 0.74,
        figures: [{ kind: "goblins", x: 0.34, size: 0.8 }],
      },
    },
    {
      caption:
        "This spring the goblins brought drums. Then the orks came down from the high passes, and the drums grew louder.",
      scene: {
        description: "A goblin and ork war band with spears and banners gathers around a war fire.",
        setting: "mountain",
        sky: "night",
        figures: [
          { kind: "bonfire", x: 0.5, size: 1 },
          { kind: "goblins", x: 0.28, size: 1 },
          { kind: "goblins", x: 0.72, size: 1.25, flip: true },
        ],
      },
    },
    {
      caption:
        "At the summit, on the ruins of a fortress she sat on until it was flat, the Troll Queen has called every tribe to war.",
      scene: {
        description: "A colossal crowned troll sits on the rubble of a fortress atop the mountain.",
        setting: "mountain",
        sky: "storm",
        figures: [{ kind: "troll", x: 0.5, size: 1.1 }],
      },
    },
    {
      caption:
        "The mountain villages have nowhere left to run. Climb, Cardbearer. The path is steep, and it only gets louder.",
      scene: {
        description: "The traveller climbs a winding mountain path toward distant war fires.",
        setting: "mountain",
        sky: "night",
        landmark: 0.76,
        figures: [
          { kind: "bonfire", x: 0.7, size: 0.5 },
          { kind: "hero", x: 0.26, size: 1.2 },
        ],
      },
    },
  ],
  win: [
    {
      caption:
        "Grumhild falls like a landslide: slowly, then all at once. The echo rolls around the valleys for a full minute.",
      scene: {
        description:
          "The fallen troll queen's crown rolls in the dust as the traveller stands on the summit.",
        setting: "mountain",
        sky: "dawn",
        landmark: 0.7,
        figures: [{ kind: "hero", x: 0.34, size: 1.15 }],
      },
    },
    {
      caption:
        "Without their queen the tribes argue, then brawl, then wander home. By evening the goblins are stealing sheep again.",
      scene: {
        description: "Goblins scatter down the slopes at sunset, dragging their drums behind them.",
        setting: "mountain",
        sky: "dusk",
        figures: [
          { kind: "goblins", x: 0.3, size: 0.7, flip: true },
          { kind: "goblins", x: 0.66, size: 0.6 },
        ],
      },
    },
    {
      caption:
        "In the rubble of her throne lies an invitation on black velvet, smelling of roses and old iron: the Night Court requests your company.",
      scene: {
        description:
          "A gothic castle on a cliff beneath a crimson moon, bats spiralling from its towers.",
        setting: "castle",
        sky: "blood",
        landmark: 0.6,
        figures: [{ kind: "bats", x: 0.55 }],
      },
    },
  ],
  opponents: {
    22: {
      before: [
        foe(
          "Oi! Big folk! You are on Goblin Lord's mountain! Pay the toll: one sheep, two cards and your shiny hat!",
        ),
      ],
      afterWin: [
        foe(
          "No fair! You cheated! You... you played better. Ork Lord will squash you. Goblin Lord will watch. From far away.",
        ),
      ],
      afterLoss: [
        foe("HAH! Goblin Lord wins! Goblin Lord gets the hat! No hat? Go get a hat and come back!"),
      ],
    },
    23: {
      before: [
        foe(
          "Goblins talk. Orks fight. Queen says nobody passes. Ork likes it when Queen says that.",
        ),
      ],
      afterWin: [
        foe(
          "Hrrm. Strong. Stronger than Ork. Queen will like you. Queen likes to break strong things.",
        ),
      ],
      afterLoss: [foe("Too soft. Go home. Eat meat. Come back bigger.")],
    },
    24: {
      before: [foe("SMALL THING. I SAT ON A FORTRESS ONCE. IT WAS SMALL TOO.")],
      afterWin: [
        foe("Ooof. Fine. FINE. Take the mountain. It was lumpy anyway."),
        tell(
          "The Troll Queen lies down across the pass and, to everyone's surprise, begins to snore.",
        ),
      ],
      afterLoss: [foe("HAH! FLAT AS A FORTRESS! Come back when you are a proper size!")],
    },
  },
};
