/**
 * The art panel of one card: its own small scene, composed by code from the
 * card's data. The card id seeds every free choice; the rest is read from
 * the card:
 *
 * - setting: one of the faction's settings (card-backdrop.ts: dusk, day,
 *   storm, hall, cave, forest), a ground shape (hill, ledge or plain);
 * - light: a side (left or right), a moon or a low sun, its colour the
 *   faction's glow graded towards the element the card costs most of
 *   (fire amber, diamond ice blue, pow violet; a spell takes it almost whole);
 * - subject: units are a silhouette built from parts (subject.ts reads
 *   the name words, faction and keywords; figure.ts draws the body, pose,
 *   headgear, held things, wings, cape), framed full, half or close by the
 *   unit's size (card-unit.ts `framingOf`), rim-lit and shaded from the
 *   light's side; spells are their effect, centred (spell-scene.ts);
 * - props by keyword and effect: blood drops (lifesteal), bubbles (poison),
 *   leaves (regenerate), speed lines (first strike), a shadow below flyers,
 *   a halo (heal), rising chevrons (buff), motes (resources);
 * - depth: a blurred foreground over the subject, a painterly mottle
 *   (feTurbulence) over everything; the filters are baked into the WebP
 *   (rasterise.ts), the client never paints this SVG;
 * - rarity: gold sparkles on rares, silver on uncommons.
 *
 * Mini (200 x 150) and max (600 x 450) are the same picture; max draws it at
 * three times the size with more stars. docs/art.md is the art direction.
 */

import { Rng } from "../shared/rng.ts";
import {
  backdrop,
  foreground,
  groundFill,
  type Setting,
  settingOf,
  settingPalette,
} from "./card-backdrop.ts";
import { lookOf, raceOf } from "./card-look.ts";
import { BLOOD, finishPicture, keyLight, paintFigure, shadeFilter } from "./card-paint.ts";
import { bodyGradient, groundOf, lightOf, settingDefs, W } from "./card-setting.ts";
import { drawUnit } from "./card-unit.ts";
import { Sil } from "./figure-kit.ts";
import { mix, type Palette, paletteOf } from "./palette.ts";
import { drawSpell } from "./spell-scene.ts";
import { describeSubject, type Subject, subjectOf } from "./subject.ts";
import { el, svgDoc } from "./svg.ts";
import type { CardDef } from "./types.ts";

export type ArtVariant = "mini" | "max";

export const ART_SIZES: Record<ArtVariant, { w: number; h: number }> = {
  mini: { w: 200, h: 150 },
  max: { w: 600, h: 450 },
};

/**
 * A word added to a card's seed, for the rare card whose seeded choices land
 * its picture too close to another's (distinct.test.ts names the pair): a
 * new word re-rolls the light, setting and pose of that card only. Keep
 * entries few; each is a card the rules alone did not set apart.
 */
export const SEED_WORDS: Readonly<Record<number, string>> = {
  1009: "a",
  1013: "a",
  1022: "a",
  1034: "a",
  1036: "a",
  1039: "b",
  1043: "a",
  1048: "a",
  1049: "a",
  1050: "a",
  1053: "a",
  1057: "a",
  1058: "a",
  1061: "a",
  1062: "b",
  1063: "a",
  1065: "a",
  1066: "b",
  1070: "a",
  1076: "b",
  1077: "a",
  1078: "b",
  1082: "a",
  1101: "c",
  1113: "f",
  1116: "a",
  1119: "a",
  1120: "a",
  1124: "a",
  1126: "b",
  1132: "a",
  1133: "a",
  1134: "c",
  1142: "a",
  1144: "a",
  1148: "a",
};

/** The seed of a card's picture. */
export function artSeed(id: number, word = SEED_WORDS[id] ?? ""): string {
  return `card:${id}${word}`;
}

/** Looks up another card (what a summon calls). */
export type CardLookup = (id: number) => CardDef | undefined;

/** What the generator chose for a card, in words (build.ts --subjects). */
export function describeArt(card: CardDef, lookup: CardLookup = () => undefined): string {
  const rng = new Rng(artSeed(card.id));
  if (card.type === "spell") {
    const sil = new Sil();
    const scene = drawSpell({ sil, rng }, card, 200, 110, 1, summonedSubject(card, lookup), 100);
    return `spell: ${scene.look}`;
  }
  return describeSubject(subjectOf(card, rng));
}

function summonedSubject(card: CardDef, lookup: CardLookup): Subject | undefined {
  for (const a of card.abilities) {
    if (a.effect.kind === "summon") {
      const target = lookup(a.effect.cardId);
      if (target) return subjectOf(target, new Rng(artSeed(target.id)));
    }
  }
  return undefined;
}

export function cardArt(
  card: CardDef,
  variant: ArtVariant,
  lookup: CardLookup = () => undefined,
  seedWord = SEED_WORDS[card.id] ?? "",
): string {
  const max = variant === "max";
  const where = settingOf(card, new Rng(`${artSeed(card.id, seedWord)}:setting`));
  const { defs, content } = paintScene({
    card,
    where,
    pal: settingPalette(paletteOf(card.faction), card.faction, where),
    rng: new Rng(artSeed(card.id, seedWord)),
    extra: new Rng(`${artSeed(card.id, seedWord)}:${variant}`),
    defsSeed: card.id,
    max,
    lookup,
  });
  const { w, h } = ART_SIZES[variant];
  return svgDoc(w, h, el("defs", {}, defs.join("")) + content, card.name);
}

/** What a picture is painted from: its card (an opponent's portrait makes one), setting and seeds. */
export interface ScenePlan {
  card: CardDef;
  where: Setting;
  pal: Palette;
  rng: Rng;
  extra: Rng;
  /** Seeds the setting's filters (settingDefs). */
  defsSeed: number;
  max: boolean;
  lookup?: CardLookup;
}

/**
 * The lit, textured picture of a card's subject in its setting, 200 x 150
 * (card art and, cropped, the opponents' portraits): the defs it needs, the
 * picture, the subject's focus point and the shadow colour.
 */
export function paintScene(p: ScenePlan): {
  defs: string[];
  content: string;
  focus: [number, number];
  dark: string;
} {
  const { card, where, pal, rng, extra, max } = p;
  const spell = card.type === "spell";

  // The subject is decided first, from the same seed the description uses.
  const subject = spell ? undefined : subjectOf(card, rng);
  const lit = lightOf(card, pal, rng);
  const dark = mix(pal.deep, "#000000", 0.35);
  const eye = card.keywords?.lifesteal ? BLOOD : pal.glow;

  const defs = settingDefs(pal, lit, rng, p.defsSeed);
  const setting = backdrop(where, card, pal, lit, rng, extra, max);
  const ground = groundOf(lit, spell, groundFill(where, pal, lit), rng);
  const body = [...setting.body, ...ground.body];

  // the subject or the spell's effect
  const sil = new Sil();
  const d = { sil, rng, race: subject ? raceOf(card, subject) : undefined };
  const props = new Sil();
  let focus: [number, number];
  let after: string[] = [];
  if (subject) {
    const unit = drawUnit(d, card, subject, lit, ground, props);
    focus = unit.focus;
    after = unit.after;
    if (unit.shadow) body.push(unit.shadow);
  } else {
    const summoned = summonedSubject(card, p.lookup ?? (() => undefined));
    // a spell is centred on its effect
    focus = drawSpell(d, card, W, ground.peak, lit.side, summoned, W / 2).focus;
  }
  defs.push(bodyGradient(lit, dark, focus));
  const look = subject ? lookOf(card, subject) : undefined;
  if (look)
    defs.push(shadeFilter(lit, mix(pal.deep, "#000000", 0.2)), keyLight(lit, pal.deep, focus));
  const figure = paintFigure(sil, props, lit, focus, spell, {
    dark,
    glowFill: spell ? mix(lit.light, "#ffffff", 0.35) : eye,
    look,
  });
  if (figure.defs) defs.push(figure.defs);
  body.push(...figure.body, ...after, foreground(where, pal, lit, rng));
  // texture: a painterly mottle over everything, baked into the bitmap
  body.push(
    el("rect", {
      width: W,
      height: 150,
      filter: "url(#tx)",
      opacity: ".3",
      style: "mix-blend-mode:overlay",
    }),
  );
  const content = finishPicture(body, {
    rng,
    extra,
    pal,
    lit,
    focus,
    stars: setting.stars,
    rarity: card.rarity,
    max,
  });
  return { defs, content, focus, dark };
}
