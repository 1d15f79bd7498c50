import { foe, tell, you } from "../lines.ts";
import type { ChapterStory } from "../types.ts";

/** Chapter 2, the Zombie Chapter: the lowland dead and their Gravelord (2, 3, 4). */
export const GABBY_STORY: ChapterStory = {
  icon: "gabby",
  level: 2,
  intro: [
    {
      caption:
        "In the lowland parishes the bells have stopped ringing for funerals. There is no point. The dead keep coming home.",
      scene: {
        description:
          "A lowland graveyard at dusk: open graves, crooked stones and ragged figures shambling onto the road.",
        setting: "graveyard",
        sky: "dusk",
        landmark: 0.8,
        figures: [{ kind: "horde", x: 0.4, size: 0.9 }],
      },
    },
    {
      caption:
        "They walk with the patience of things that no longer tire, and they all walk one way: toward the black chapel on the hill.",
      scene: {
        description:
          "A long line of the walking dead climbs toward a black chapel on a hill under a sickly moon.",
        setting: "graveyard",
        sky: "night",
        landmark: 0.72,
        figures: [
          { kind: "horde", x: 0.26, size: 0.8 },
          { kind: "horde", x: 0.52, size: 0.65 },
          { kind: "crows", x: 0.7 },
        ],
      },
    },
    {
      caption:
        "Someone up there is reading aloud from a book bound in grave-cloth. Every word raises another mouth that cannot speak.",
      scene: {
        description:
          "A robed necromancer on the chapel steps lifts a glowing book while the dead rise around him.",
        setting: "graveyard",
        sky: "night",
        landmark: 0.5,
        figures: [
          { kind: "necromancer", x: 0.5, size: 1.2 },
          { kind: "horde", x: 0.2, size: 0.9 },
          { kind: "horde", x: 0.82, size: 0.9, flip: true },
        ],
      },
    },
    {
      caption:
        "Follow the stench, Cardbearer. Beneath the chapel the Gravelord is counting his congregation, and he has left a seat for you.",
      scene: {
        description:
          "The traveller stands at an iron graveyard gate, lantern raised, crows watching.",
        setting: "graveyard",
        sky: "night",
        landmark: 0.78,
        figures: [
          { kind: "crows", x: 0.5 },
          { kind: "hero", x: 0.3, size: 1.2 },
        ],
      },
    },
  ],
  win: [
    {
      caption:
        "Morvath's crown of finger-bones falls and shatters. One by one the dead lie down, as if they had only been waiting for permission.",
      scene: {
        description:
          "In the chapel yard the traveller stands alone among fallen bodies while the green moon fades.",
        setting: "graveyard",
        sky: "night",
        landmark: 0.7,
        figures: [{ kind: "hero", x: 0.36, size: 1.15 }],
      },
    },
    {
      caption:
        "At dawn the bells ring again, for funerals this time, properly. The villagers bury their dead twice and weep only once.",
      scene: {
        description: "Sunrise over the graveyard, the chapel bell tower glowing gold.",
        setting: "graveyard",
        sky: "dawn",
        landmark: 0.5,
        figures: [{ kind: "flower", x: 0.3 }],
      },
    },
    {
      caption:
        "On the Gravelord's desk lies a letter sealed with a silver hand: payment for the bodies, due in the harbour city of Saltmire.",
      scene: {
        description: "A harbour city under the night fog, masts and lanterns beyond the hills.",
        setting: "harbour",
        sky: "night",
        landmark: 0.6,
        figures: [{ kind: "ship", x: 0.3, size: 0.8 }],
      },
    },
  ],
  opponents: {
    2: {
      before: [
        tell(
          "The horde does not speak. It moans, one low wet chord, and lurches forward as one body.",
        ),
        foe("Hhhnnn... warm... WARM..."),
      ],
      afterWin: [
        tell(
          "The horde collapses into a heap of rags and bone. Somewhere in the pile a hand still twitches, then is still.",
        ),
      ],
      afterLoss: [foe("Hhhnnn... stay... stay with us... forever...")],
    },
    3: {
      before: [
        foe(
          "A living visitor! Do mind the bones, they are my students. Poor listeners, every one. You will make a fine assistant.",
        ),
      ],
      afterWin: [
        foe(
          "My notes... my beautiful notes... Morvath will not forgive this. Then again, Morvath forgives no one.",
        ),
      ],
      afterLoss: [
        foe(
          "Lesson one: everything dies. Lesson two: that is when it gets interesting. Class dismissed.",
        ),
      ],
    },
    4: {
      before: [
        foe(
          "Every grave in this valley is a door, and I hold every key. What do you hold? Paper. Painted paper.",
        ),
        you("Paper burns. So do you."),
      ],
      afterWin: [
        foe(
          "You think this ends it? Someone paid me for every corpse. Gold from the sea... follow it, if you dare.",
        ),
      ],
      afterLoss: [foe("Do not worry. When you rise again, I will give you a better deck.")],
    },
  },
};
