/**
 * Season reward art, 160 x 160 medallions in the map's style: the picture at
 * the top of each reward popup of the arena (product.md "Ranks and season
 * rewards"): a free level step, a Season Pass step, the season finish (the
 * vampire set) and a finished daily task.
 */
import { PALETTES, type Palette } from "./palette.ts";
import type { Faction } from "./types.ts";
import { medallionSvg } from "./ui/medallions.ts";

export type SeasonRewardKind = "free" | "paid" | "finish" | "daily";

const GOLDEN: Palette = { ...PALETTES.neutral, glow: "#ffd27a", mid: "#4a2a5e" };
const PASS: Palette = { ...PALETTES.heretic, glow: "#d7a0ff", mid: "#3a1670" };

export const SEASON_REWARD_ART: Record<
  SeasonRewardKind,
  { icon: string; pal: Palette; scene: Faction; title: string }
> = {
  free: { icon: "laurels-trophy", pal: GOLDEN, scene: "neutral", title: "Season reward" },
  paid: { icon: "crown", pal: PASS, scene: "tower", title: "Season Pass reward" },
  finish: {
    icon: "vampire-dracula",
    pal: PALETTES.vampire,
    scene: "vampire",
    title: "Season finished",
  },
  daily: { icon: "open-treasure-chest", pal: GOLDEN, scene: "neutral", title: "Daily task" },
};

export function seasonRewardSvg(kind: SeasonRewardKind): string {
  const spec = SEASON_REWARD_ART[kind];
  return medallionSvg({ ...spec, seed: `season:${kind}` });
}
