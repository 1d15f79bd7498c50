import { MAP_ICONS } from "@cardrealm/content";
import { describe, expect, it } from "vitest";
import { CHAPTER_POSITIONS, ROAD_ORDER, roadPath } from "./map-layout.ts";

describe("the world map's layout", () => {
  it("runs the road through the chapters in the story's order, the promo chapter last", () => {
    expect(ROAD_ORDER).toEqual([
      "elf",
      "gabby",
      "kailis",
      "kailis2",
      "tower",
      "tower2",
      "troll",
      "vampires",
      "promo",
    ]);
  });

  it("has a spot inside the map for every map icon of content", () => {
    for (const icon of MAP_ICONS) {
      const spot = CHAPTER_POSITIONS[icon];
      expect(spot.x).toBeGreaterThan(0);
      expect(spot.x).toBeLessThan(100);
      expect(spot.y).toBeGreaterThan(0);
      expect(spot.y).toBeLessThan(100);
    }
    expect(roadPath(ROAD_ORDER.map((k) => CHAPTER_POSITIONS[k]))).toMatch(/^M 176 270 C /);
  });
});
