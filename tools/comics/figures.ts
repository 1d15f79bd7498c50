/**
 * Silhouette figures in local units: feet at (0, 0), a person 100 units tall,
 * facing right. A figure is a body (filled with ink, and again with the rim
 * light behind it) and glow parts (lanterns, orbs, eyes, gold) with their own
 * colours.
 */
import type { SceneFigureKind } from "@cardrealm/content";
import type { Rng } from "../shared/rng.ts";
import {
  airElemental,
  bonfire,
  cards,
  carriage,
  chimera,
  earthElemental,
  fireElemental,
  flock,
  flower,
  key,
  lamia,
  portal,
  rat,
  ship,
  troll,
  wall,
  well,
} from "./creatures.ts";
import type { FigureArt, FigureColors } from "./figure-parts.ts";
import { type Arms, group, type HumanOpts, human } from "./people.ts";

export type { FigureArt, FigureColors } from "./figure-parts.ts";

/** The art of one scene figure. */
export function figureArt(
  kind: SceneFigureKind,
  c: FigureColors,
  rng: Rng,
  context: { heroPose: Arms },
): FigureArt {
  const person = (o: HumanOpts, scale = 2.3): FigureArt => ({
    ...human(o, c),
    scale,
    place: "ground",
  });
  switch (kind) {
    case "hero":
      return person({ head: "hood", cape: 1.4, arms: context.heroPose, bulk: 1.05 }, 2.4);
    case "elves":
      return {
        ...group(3, 34, rng, (k) =>
          human({ head: "ears", robe: true, bulk: 0.8, arms: k === 1 ? "staff" : "down" }, c),
        ),
        scale: 1.8,
        place: "ground",
      };
    case "air":
      return { ...airElemental(c, rng), scale: 2.2, place: "ground" };
    case "earth":
      return { ...earthElemental(c), scale: 2.3, place: "ground" };
    case "fire":
      return { ...fireElemental(c), scale: 2.2, place: "ground" };
    case "well":
      return { ...well(c), scale: 1.7, place: "ground" };
    case "horde":
      return {
        ...group(5, 30, rng, (k) =>
          human(
            {
              arms: k % 2 === 0 ? "forward" : "down",
              hunch: rng.range(2, 9),
              bulk: rng.range(0.85, 1.1),
              eyes: true,
              headR: 6,
              tilt: rng.range(-5, 9),
            },
            c,
          ),
        ),
        scale: 1.9,
        place: "ground",
      };
    case "necromancer":
      return person({ head: "hood", robe: true, arms: "book", cape: 0.6, eyes: true }, 2.3);
    case "rats": {
      let body = "";
      let glow = "";
      for (let k = 0; k < 6; k++) {
        const r = rat(k * 26 - 70 + rng.range(-6, 6), rng.range(0.7, 1.1), c, rng.chance(0.3));
        body += r.body;
        glow += r.glow;
      }
      return { body, glow, scale: 2.8, place: "ground" };
    }
    case "thieves":
      return {
        ...group(2, 40, rng, () => human({ head: "hood", arms: "dagger", hunch: 8, cape: 0.8 }, c)),
        scale: 2.1,
        place: "ground",
      };
    case "chimera":
      return { ...chimera(c), scale: 2.4, place: "ground" };
    case "lamia":
      return { ...lamia(c), scale: 2.2, place: "ground" };
    case "heretics":
      return {
        ...group(3, 28, rng, () => human({ head: "hood", robe: true, arms: "candle" }, c)),
        scale: 1.9,
        place: "ground",
      };
    case "wall":
      return { ...wall(c, rng), scale: 1.8, place: "ground" };
    case "mages":
      return {
        ...group(3, 36, rng, (k) =>
          human({ head: "witch", robe: true, arms: k === 1 ? "raise" : "staff", bulk: 0.9 }, c),
        ),
        scale: 1.9,
        place: "ground",
      };
    case "witches":
      return person({ head: "witch", robe: true, arms: "raise", bulk: 0.9, eyes: true }, 2.3);
    case "demon":
      return person({ head: "horns", robe: true, arms: "raise", wings: true, eyes: true }, 2.6);
    case "portal":
      return { ...portal(c, rng), scale: 2.2, place: "ground" };
    case "goblins":
      return {
        ...group(4, 26, rng, (k) =>
          human(
            { head: "ears", arms: "spear", hunch: 6, bulk: 1.1, banner: k === 1, eyes: true },
            c,
          ),
        ),
        scale: 1.6,
        place: "ground",
      };
    case "troll":
      return { ...troll(c), scale: 3, place: "ground" };
    case "vampires":
      return person({ head: "collar", cape: 2, arms: "goblet", eyes: true }, 2.4);
    case "carriage":
      return { ...carriage(c), scale: 2, place: "ground" };
    case "ship":
      return { ...ship(c), scale: 1.5, place: "water" };
    case "bats":
    case "crows":
      return { body: flock(kind, rng), glow: "", scale: 1.6, place: "sky" };
    case "cards":
      return { ...cards(c), scale: 2, place: "float" };
    case "key":
      return { ...key(c), scale: 2, place: "float" };
    case "flower":
      return { ...flower(), scale: 2.2, place: "ground" };
    case "bonfire":
      return { ...bonfire(c, rng), scale: 2.2, place: "ground" };
  }
}

export type { Arms as HeroPose };
