/**
 * The world map, 1600 x 900: a dark violet sea, one continent with islands,
 * regions tinted by the chapter that lives there, mountains, forests, a
 * graveyard, a harbour, the mage tower, a volcano, the vampire castle, roads
 * between the chapters in story order, a compass and a gold frame. The nine
 * spots where the client puts the chapter medallions are kept clear (map/).
 *
 * Every random choice comes from one generator, in a fixed order (the land,
 * then each feature in turn): keep that order, or every later feature moves.
 */

import { Rng } from "../shared/rng.ts";
import {
  dunes,
  forests,
  graveyard,
  harbour,
  hillMarks,
  mountainRanges,
  ruinedTemple,
  seaWaves,
  trollRocks,
} from "./map/features.ts";
import { MAP_H, MAP_W, terrain } from "./map/geography.ts";
import {
  compassRose,
  edgeClouds,
  goldSparks,
  mapIcons,
  vampireCastle,
  volcano,
  watersAndRoad,
} from "./map/landmarks.ts";
import { finish, groundMarks, mapDefs, relief, seaAndLand } from "./map/layers.ts";
import { el, svgDoc } from "./svg.ts";

export function worldMapSvg(): string {
  const rng = new Rng("world-map");
  const land = terrain(rng);
  const waves = seaWaves(rng, land);
  const mountains = mountainRanges(rng, land);
  const forest = forests(rng, land);
  const stones = graveyard(rng, land);
  const town = harbour(rng, land);
  const sand = dunes(rng, land);
  const marks = hillMarks(rng, land);
  const rocks = trollRocks(rng, land);
  const icons = mapIcons();
  const fire = volcano(rng, land);
  const clouds = edgeClouds(rng);
  const sparks = goldSparks(rng);

  const landD = land.land.toString();
  const defs = mapDefs(landD, icons.tower.defs + icons.ship.defs + icons.serpent.defs);
  const body = [
    seaAndLand(waves, landD),
    groundMarks(marks, sand),
    watersAndRoad(),
    fire.glow,
    relief({ mountains, rocks, ...forest, stones, ...town, temple: ruinedTemple() }),
    fire.mountain,
    vampireCastle(),
    icons.tower.body,
    icons.ship.body,
    icons.serpent.body,
    compassRose(),
    sparks,
    clouds,
    finish(),
  ].join("");
  return svgDoc(MAP_W, MAP_H, el("defs", {}, defs) + body, "World map");
}
