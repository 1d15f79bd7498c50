import { foe, you } from "../lines.ts";
import type { ChapterStory } from "../types.ts";

/** Chapter 3, Master Thief: the harbour city of Saltmire (9, 10, 11). */
export const KAILIS_STORY: ChapterStory = {
  icon: "kailis",
  level: 3,
  intro: [
    {
      caption:
        "Saltmire: a harbour where the fog tastes of tar and brine, and every lantern marks a place where someone is being robbed.",
      scene: {
        description:
          "A harbour city at night: crowded roofs, ship masts and lanterns glittering on black water.",
        setting: "harbour",
        sky: "night",
        landmark: 0.74,
        figures: [
          { kind: "ship", x: 0.3, size: 1.1 },
          { kind: "bats", x: 0.6, size: 0.6 },
        ],
      },
    },
    {
      caption:
        "The Gravelord's silver trail ends on the docks. The port rats saw you coming three streets ago.",
      scene: {
        description:
          "Ragged dock urchins crouch on crates among swarming rats, eyes glinting at an approaching traveller.",
        setting: "harbour",
        sky: "night",
        figures: [
          { kind: "rats", x: 0.62, size: 1.1 },
          { kind: "thieves", x: 0.76, size: 0.8, flip: true },
          { kind: "hero", x: 0.2, size: 1.1 },
        ],
      },
    },
    {
      caption:
        "On rooftops slick with rain the guild keeps watch: thieves who could lift the rings off a drowned man's fingers.",
      scene: {
        description: "Hooded thieves crouch on wet rooftops beneath a bright moon, daggers ready.",
        setting: "harbour",
        sky: "storm",
        landmark: 0.5,
        figures: [
          { kind: "thieves", x: 0.3, size: 1.1 },
          { kind: "thieves", x: 0.72, size: 1, flip: true },
        ],
      },
    },
    {
      caption:
        "Above the guild, in a hall of stolen chandeliers, sits Silkhand, who once stole a king's name and sold it back to him.",
      scene: {
        description:
          "The guild hall tower with one great lit window; a slender figure watches the city from it.",
        setting: "harbour",
        sky: "night",
        landmark: 0.5,
        figures: [
          { kind: "cards", x: 0.5, size: 1.1 },
          { kind: "crows", x: 0.3 },
        ],
      },
    },
  ],
  win: [
    {
      caption:
        "Silkhand's gloves lie empty on the table. The Master Thief laughs as the guards close in and, in the way of such people, is gone by morning.",
      scene: {
        description:
          "Dawn over the harbour; the traveller on the guild roof, a pair of gloves left behind.",
        setting: "harbour",
        sky: "dawn",
        landmark: 0.7,
        figures: [{ kind: "hero", x: 0.32, size: 1.15 }],
      },
    },
    {
      caption:
        "Among the loot: a chalice stamped with a serpent coiled around a broken sun. The mark of the Heretic order, banished long ago.",
      scene: {
        description:
          "A ruined cathedral far across the marsh, its broken spire black against a storm.",
        setting: "cathedral",
        sky: "storm",
        landmark: 0.6,
        figures: [{ kind: "crows", x: 0.4 }],
      },
    },
  ],
  opponents: {
    9: {
      before: [
        foe(
          "Oi! Nice boots. Nice cards. Nice everything. Hand them over slow, and maybe we only take half.",
        ),
      ],
      afterWin: [
        foe(
          "All right, all right! We was only borrowing! The guild's up the hill. Tell them we sent you. They'll love that.",
        ),
      ],
      afterLoss: [foe("Pleasure doing business! Come back when your pockets grow back.")],
    },
    10: {
      before: [
        foe(
          "You have been walking our streets without paying the toll. In Saltmire that is the only sin we punish.",
        ),
      ],
      afterWin: [
        foe(
          "Clever. Too clever. Silkhand will want to meet you, and Silkhand always gets what Silkhand wants.",
        ),
      ],
      afterLoss: [
        foe("Check your purse, friend. Then your rings. Then your teeth, just to be safe."),
      ],
    },
    11: {
      before: [
        foe(
          "Sit, sit. Wine? It is poisoned, of course, but so is everything in this city. Shall we play for your deck, or your memories?",
        ),
        you("Deal the cards."),
      ],
      afterWin: [
        foe(
          "Magnificent. I would steal you if you fit in a pocket. Take the ledger, you earned it. I have already copied it.",
        ),
      ],
      afterLoss: [
        foe("Don't look so glum. I only took what you weren't using. Your dignity, mostly."),
      ],
    },
  },
};
