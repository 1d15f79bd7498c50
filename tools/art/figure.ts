/**
 * Subjects as silhouettes built from parametric parts: a body (person, beast,
 * bat, structure, elemental, spirit, plant), a pose (angles of the torso,
 * arms and legs), headgear, what the hands hold, wings, capes and tails.
 *
 * Everything is written into a `Sil`: filled shapes and limbs (stroked with
 * round caps, grouped by width) make one silhouette that card-art.ts paints
 * twice (a rim in the light colour, shifted towards the light, then the dark
 * body); `glow` holds the lit bits (eyes, orbs, flames, blades' edges) and
 * `detail` thin lines drawn over the body (ribs, bricks, planks).
 *
 * Coordinates: a figure stands at (x, ground), is `H` tall and faces `f`
 * (1 right, -1 left). Inside, points are given in figure units: forward
 * (dx, in the facing direction) and up (dy), as fractions of H.
 */

import { bat, beast, elemental, plant, spirit } from "./figure-creatures.ts";
import { type Draw, Frame, type Pt } from "./figure-kit.ts";
import { humanoid } from "./figure-person.ts";
import { structure } from "./figure-structures.ts";
import type { Subject } from "./subject.ts";

/** Draws one subject; returns the top of its head (for auras). */
export function drawSubject(d: Draw, s: Subject, x: number, g: number, H: number, f: number): Pt {
  const fr = new Frame(x, g, H, f);
  switch (s.body) {
    case "beast":
      return beast(d, s, fr);
    case "bat":
      return bat(d, fr);
    case "structure":
      return structure(d, s, fr);
    case "elemental":
      return s.element === "earth"
        ? humanoid(d, { ...s, build: "bulky", head: "bare" }, fr, true)
        : elemental(d, s, fr);
    case "spirit":
      return spirit(d, s, fr);
    case "plant":
      return plant(d, s, fr);
    default:
      return humanoid(d, s, fr, false);
  }
}
