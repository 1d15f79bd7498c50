/**
 * The art pipeline: writes every card's art panels and the UI art as small,
 * self-contained SVG files under apps/client/public. Deterministic: the same
 * catalogue gives byte-identical files (seeded by card id, no Math.random,
 * no dates), so check.test.ts can rebuild into a temp dir and compare.
 *
 *   npx tsx tools/art/build.ts            write into apps/client/public
 *   npx tsx tools/art/build.ts --out DIR  write into DIR instead
 *   npx tsx tools/art/build.ts --subjects what each card's picture shows (subject or spell look)
 *
 * Generated files are committed; `npm start` never runs this.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CARDS, CHAPTERS, chapterOfOpponent, MAP_ICONS, OPPONENTS } from "@cardrealm/content";
import { cardArt, describeArt } from "./card-art.ts";
import { guideSpriteSvg } from "./guide-sprite.ts";
import { SEASON_REWARD_ART, type SeasonRewardKind, seasonRewardSvg } from "./season-art.ts";
import type { CardDef, Faction } from "./types.ts";
import { battleBgSvg } from "./ui/battle-bg.ts";
import { boxSvg } from "./ui/box.ts";
import { gemSvg } from "./ui/gem.ts";
import { loginBgSvg } from "./ui/login-bg.ts";
import { logoSvg } from "./ui/logo.ts";
import { arenaSvg, chapterMedallion, chatSvg } from "./ui/medallions.ts";
import { portraitSvg } from "./ui/portraits.ts";
import { worldMapSvg } from "./world-map.ts";

/** The public folder of the client, the default output root. */
export const PUBLIC_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "../../apps/client/public",
);
export const CARD_DIR = "img/cards";
export const MEDIA_DIR = "static/media";

/** One output file, path relative to the public folder. */
export interface ArtFile {
  path: string;
  content: string;
}

export interface OpponentLike {
  id: number;
  name: string;
}

export function cardArtFiles(cards: readonly CardDef[]): ArtFile[] {
  const byId = new Map(cards.map((c) => [c.id, c]));
  const lookup = (id: number): CardDef | undefined => byId.get(id);
  const files: ArtFile[] = [];
  for (const card of [...cards].sort((a, b) => a.id - b.id)) {
    files.push({ path: `${CARD_DIR}/${card.id}-mini.svg`, content: cardArt(card, "mini", lookup) });
    files.push({ path: `${CARD_DIR}/${card.id}-max.svg`, content: cardArt(card, "max", lookup) });
  }
  return files;
}

export function uiArtFiles(
  opponents: readonly OpponentLike[],
  mapIcons: readonly string[],
  factionOf: (opponentId: number) => Faction,
): ArtFile[] {
  const m = (name: string, content: string): ArtFile => ({ path: `${MEDIA_DIR}/${name}`, content });
  const files: ArtFile[] = [
    m("logo.svg", logoSvg()),
    m("gem.svg", gemSvg()),
    m("login-bg.svg", loginBgSvg()),
    m("world-map.svg", worldMapSvg()),
    m("arena.svg", arenaSvg()),
    m("chat.svg", chatSvg()),
    m("defaultBG.svg", battleBgSvg("default")),
    m("vampireBG.svg", battleBgSvg("vampire")),
    m("box-default.svg", boxSvg("default")),
    m("box-vampire.svg", boxSvg("vampire")),
    m("guide-girl.svg", guideSpriteSvg()),
  ];
  for (const key of mapIcons) files.push(m(`chapter-${key}.svg`, chapterMedallion(key)));
  for (const o of [...opponents].sort((a, b) => a.id - b.id)) {
    const faction = factionOf(o.id);
    files.push(m(`opponent-${o.id}.svg`, portraitSvg(o.id, o.name.replace(/@.*/, ""), faction)));
  }
  for (const kind of Object.keys(SEASON_REWARD_ART) as SeasonRewardKind[])
    files.push(m(`season-${kind}.svg`, seasonRewardSvg(kind)));
  return files;
}

/** Every file the pipeline makes for the real catalogue. */
export function buildAll(): ArtFile[] {
  const factionOf = (id: number): Faction => chapterOfOpponent(id)?.faction ?? "neutral";
  // CHAPTERS is read so a chapter added to content without a map icon fails here.
  for (const c of CHAPTERS) {
    if (!(MAP_ICONS as readonly string[]).includes(c.icon))
      throw new Error(`chapter ${c.level} has no map icon`);
  }
  return [...cardArtFiles(CARDS), ...uiArtFiles(OPPONENTS, MAP_ICONS, factionOf)];
}

/**
 * Writes the files under root. Card art that no longer matches a card (a
 * removed id) is deleted; other files in the folders are left alone.
 */
export function writeArt(files: readonly ArtFile[], root: string): void {
  for (const f of files) {
    const full = join(root, f.path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, f.content);
  }
  const wanted = new Set(files.map((f) => f.path));
  const cardDir = join(root, CARD_DIR);
  for (const name of readdirSync(cardDir)) {
    if (/^\d+-(mini|max)\.svg$/.test(name) && !wanted.has(`${CARD_DIR}/${name}`))
      rmSync(join(cardDir, name));
  }
}

function main(argv: readonly string[]): void {
  if (argv.includes("--subjects")) {
    const lookup = (id: number): CardDef | undefined => CARDS.find((c) => c.id === id);
    for (const card of CARDS) console.log(`${card.id}\t${card.name}\t${describeArt(card, lookup)}`);
    return;
  }
  const outAt = argv.indexOf("--out");
  const root = outAt >= 0 && argv[outAt + 1] ? resolve(argv[outAt + 1] as string) : PUBLIC_DIR;
  const files = buildAll();
  writeArt(files, root);
  const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.content), 0);
  console.log(`art: ${files.length} files, ${(bytes / 1024).toFixed(0)} KB, in ${root}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
