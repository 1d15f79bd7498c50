/**
 * The colours a unit's figure is painted in (card-paint.ts) and who it is
 * (its race's features, figure-person.ts), read from the card's faction and
 * name words like subject.ts reads the shape: elves pale with long ears and
 * green cloth, orcs and trolls green with tusks, the undead grey with bone,
 * demons red with horns, vampires white with a high collar, golems stone.
 * Mid-tones, never black: card-paint.ts lights them from the setting's light
 * and shades them towards the far side (docs/art.md "Lit bodies").
 */

import type { Material, Race } from "./figure-kit.ts";
import { PLAIN } from "./figure-kit.ts";
import { mix } from "./palette.ts";
import { nameWords, type Subject } from "./subject.ts";
import type { CardDef, Faction } from "./types.ts";

export type Look = Record<Material, string> & {
  /** What the silhouette is painted in under its parts (creatures, structures). */
  base: string;
};

const SKIN = {
  human: "#d8a27c",
  tan: "#b88460",
  pale: "#ecd2b4",
  green: "#7f9e4a",
  goblin: "#97a848",
  grey: "#a4a88e",
  red: "#c04a30",
  white: "#e4dcdc",
  stone: "#9a9284",
  blue: "#8ab4d8",
} as const;

/** Cloth, second cloth (cape, trousers) and hair per faction. */
const FACTION_CLOTH: Record<Faction, { cloth: string; cloth2: string; hair: string }> = {
  elf: { cloth: "#4f9a5e", cloth2: "#7a5a36", hair: "#e8d490" },
  undead: { cloth: "#5a5e58", cloth2: "#3e3a36", hair: "#8a8a80" },
  thief: { cloth: "#3c5a6a", cloth2: "#6a4a2e", hair: "#3a2a20" },
  heretic: { cloth: "#9a2a62", cloth2: "#4a1a3a", hair: "#1e1418" },
  tower: { cloth: "#3a62b8", cloth2: "#d8d0bc", hair: "#c8c8d0" },
  demon: { cloth: "#6e3420", cloth2: "#3e2218", hair: "#1a1010" },
  troll: { cloth: "#8a7040", cloth2: "#5e4a2a", hair: "#3a3020" },
  vampire: { cloth: "#9a2036", cloth2: "#3a1828", hair: "#1a1216" },
  neutral: { cloth: "#7a6aa0", cloth2: "#5a4632", hair: "#6a4026" },
};

/** Beasts' hides by kind, then by faction for the dragons and hounds. */
function hideOf(s: Subject, faction: Faction): string {
  if (s.body === "plant") return "#7a5a3a";
  if (s.body === "structure")
    return s.structure === "hedge"
      ? "#4a7a3a"
      : s.structure === "wall" || s.structure === "rampart"
        ? "#9a948a"
        : "#7a5636";
  if (s.body === "elemental")
    return s.element === "air" ? "#a8cce0" : s.element === "fire" ? "#8a3a1a" : SKIN.stone;
  if (s.bones) return "#d6ceb2";
  if (s.tail) return faction === "heretic" ? "#5a8a4a" : "#4a7a5a";
  if (s.body === "bat") return faction === "vampire" ? "#5a3a44" : "#4e4650";
  switch (s.beast) {
    case "rat":
      return "#7a6a5a";
    case "chimera":
      return "#b07a40";
    case "griffin":
      return "#b08a52";
    case "dragon":
      return faction === "demon"
        ? "#a83a22"
        : faction === "vampire"
          ? "#6a2030"
          : faction === "tower"
            ? "#4a6aa0"
            : "#4f7a3e";
    default:
      return faction === "demon" ? "#7a2a1a" : "#6a5a4e";
  }
}

function wordsOf(card: CardDef): Set<string> {
  return new Set(nameWords(card.name));
}

const has = (w: Set<string>, ...keys: string[]): boolean =>
  [...w].some((x) =>
    keys.some((k) => x === k || x === `${k}s` || (k.length >= 5 && x.includes(k))),
  );

/** Who a unit is: the race features figure-person.ts draws. */
export function raceOf(card: CardDef, s: Subject): Race {
  const w = wordsOf(card);
  const f = card.faction;
  const orc = has(w, "ork", "orc", "troll", "ogre", "brute", "warlord", "grumhild");
  const goblin = has(w, "goblin");
  const golem = has(w, "golem", "colossus", "titan", "giant", "behemoth");
  const undead = f === "undead" || has(w, "skeleton", "lich", "zombie", "corpse", "ghoul");
  const armoured =
    s.head === "helm" ||
    s.shield ||
    s.held === "sword" ||
    s.held === "axe" ||
    s.held === "spear" ||
    has(w, "knight", "squire", "sentinel", "warlord", "lord", "king", "colossus", "bearer");
  return {
    ...PLAIN,
    ears: f === "elf" || has(w, "sprite") ? "elf" : goblin ? "goblin" : "none",
    tusks: orc && !golem,
    horns: f === "demon" && s.head !== "hood" && s.head !== "hat",
    collar: f === "vampire" && !s.bones && s.head !== "hood",
    undead,
    armour: armoured && !golem,
    bare: golem || (orc && s.build === "bulky" && !armoured),
    glowEyes: undead || f === "demon" || f === "vampire" || golem,
    stone: golem && !has(w, "giant"),
  };
}

/** The colours of every material of a unit's figure. */
export function lookOf(card: CardDef, s: Subject): Look {
  const w = wordsOf(card);
  const f = card.faction;
  const cloth = FACTION_CLOTH[f] ?? FACTION_CLOTH.neutral;
  const golem = has(w, "golem", "colossus", "titan", "behemoth");
  const skin = golem
    ? has(w, "iron", "citadel", "siege")
      ? "#8a929c"
      : SKIN.stone
    : has(w, "goblin")
      ? SKIN.goblin
      : has(w, "ork", "orc", "troll", "ogre", "brute", "warlord", "grumhild")
        ? SKIN.green
        : has(w, "giant")
          ? SKIN.tan
          : s.bones
            ? "#d6ceb2"
            : f === "undead"
              ? SKIN.grey
              : f === "demon" || has(w, "imp")
                ? SKIN.red
                : f === "vampire"
                  ? SKIN.white
                  : f === "elf"
                    ? SKIN.pale
                    : f === "thief"
                      ? SKIN.tan
                      : s.body === "elemental"
                        ? SKIN.stone
                        : SKIN.human;
  const hide = hideOf(s, f);
  return {
    base: s.body === "humanoid" || s.body === "spirit" ? cloth.cloth : hide,
    skin,
    cloth: s.body === "plant" ? "#4e8a3a" : s.body === "spirit" ? "#9aaab4" : cloth.cloth,
    cloth2: cloth.cloth2,
    leather: "#7a5434",
    metal: f === "demon" || f === "vampire" ? "#7a7480" : "#a8b0bc",
    gold: "#d8a848",
    hair: s.beast === "chimera" ? "#8a4a1e" : cloth.hair,
    bone: "#dcd4b8",
    horn: f === "demon" ? "#3a2a22" : "#cfc0a0",
    hide,
    belly: mix(hide, "#f0e0c0", 0.35),
    wing: mix(hide, "#1a1014", 0.35),
  };
}
