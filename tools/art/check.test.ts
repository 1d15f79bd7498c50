/**
 * The committed art is never stale: every card and opponent has its images,
 * and rebuilding gives exactly the committed bytes. When this fails after a
 * catalogue change, run `npm run art --workspace @cardrealm/tools` (or
 * `npx tsx tools/art/build.ts`) and commit apps/client/public.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CARDS, MAP_ICONS, OPPONENTS } from "@cardrealm/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ArtFile, buildAll, CARD_DIR, MEDIA_DIR, PUBLIC_DIR, writeArt } from "./build.ts";
import { cardArt } from "./card-art.ts";
import { hasIcon, minifyPath, rawIconPath } from "./icons.ts";
import { EFFECT_ICONS, FACTION_ICONS, ICON_BY_ID, WORDS } from "./pick.ts";
import { PHRASES } from "./pick-words.ts";
import { CHAPTER_MEDALLIONS } from "./ui/medallions.ts";
import { OPPONENT_SITTERS } from "./ui/portraits.ts";

const STALE = "art is stale: run `npx tsx tools/art/build.ts` and commit apps/client/public";

let files: ArtFile[] = [];
let tmp = "";

// building every file takes ~15 s alone, more beside the Chromium-bound art tests on 2 cores
beforeAll(() => {
  files = buildAll();
  tmp = mkdtempSync(join(tmpdir(), "cardrealm-art-"));
  writeArt(files, tmp);
}, 90_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe("committed art", () => {
  it("has a mini and a max art panel for every catalogue card", () => {
    const missing: string[] = [];
    for (const card of CARDS) {
      for (const v of ["mini", "max"]) {
        const p = join(PUBLIC_DIR, CARD_DIR, `${card.id}-${v}.svg`);
        if (!existsSync(p)) missing.push(`${card.id}-${v}.svg`);
      }
    }
    expect(missing, STALE).toEqual([]);
  });

  it("has a portrait for every opponent and a medallion for every map icon", () => {
    const missing = [
      ...OPPONENTS.map((o) => `opponent-${o.id}.svg`),
      ...MAP_ICONS.map((k) => `chapter-${k}.svg`),
    ].filter((name) => !existsSync(join(PUBLIC_DIR, MEDIA_DIR, name)));
    expect(missing, STALE).toEqual([]);
  });

  it("equals, byte for byte, a fresh build into a temp dir", () => {
    const differ: string[] = [];
    for (const f of files) {
      const built = readFileSync(join(tmp, f.path));
      const committed = join(PUBLIC_DIR, f.path);
      if (!existsSync(committed) || !readFileSync(committed).equals(built)) differ.push(f.path);
    }
    expect(differ, STALE).toEqual([]);
  });
});

describe("the pipeline", () => {
  it("is deterministic: a second build gives the same bytes", () => {
    const again = buildAll();
    expect(again.length).toBe(files.length);
    again.forEach((f, i) => {
      expect(f.path).toBe(files[i]?.path);
      expect(f.content === files[i]?.content, f.path).toBe(true);
    });
  });

  it("writes self-contained SVG: no external references, scripts, outside images or fonts", () => {
    for (const f of files.filter((x) => x.path.endsWith(".svg"))) {
      // the only image allowed is a PNG tile baked by png.ts, inline as a data: URI
      const body = f.content
        .replace('xmlns="http://www.w3.org/2000/svg"', "")
        .replace(/<image href="data:image\/png;base64,[A-Za-z0-9+/=]+"/g, "<inline-png");
      expect(body, f.path).not.toMatch(
        /https?:|<script|<image|<foreignObject|@import|font-family|<text/,
      );
      expect(body, f.path).not.toMatch(/href="[^#]/);
      expect(body, f.path).not.toMatch(/url\((?!#)/);
      expect(f.content.startsWith("<svg "), f.path).toBe(true);
    }
  });

  it("draws full-screen backdrops without CPU-heavy turbulence or displacement filters", () => {
    const backdrops = ["world-map", "defaultBG", "vampireBG", "login-bg"].map(
      (name) => `${MEDIA_DIR}/${name}.svg`,
    );
    const found = files.filter((f) => backdrops.includes(f.path));
    expect(found.map((f) => f.path).sort()).toEqual([...backdrops].sort());
    for (const f of found) {
      expect(f.content, f.path).not.toMatch(/<feTurbulence|<feDisplacementMap/);
      expect(f.content, f.path).toMatch(/<pattern id="n"[^>]*><image href="data:image\/png/);
    }
  });

  it("filters card panels only with blur and texture (baked into their WebP, never shown live)", () => {
    // the client shows {id}-mini.webp / -max.webp (rasterise.ts); no displacement, no lighting
    // primitives; the form shading of a unit's parts (card-paint.ts `shadeFilter`) is a blurred
    // alpha offset, cut out of itself and flooded with the shadow and light colours
    const primitives = files
      .filter((f) => f.path.startsWith(CARD_DIR))
      .flatMap((f) => [...f.content.matchAll(/<(fe[A-Za-z]+)/g)].map((m) => m[1]));
    expect(new Set(primitives)).toEqual(
      new Set([
        "feGaussianBlur",
        "feTurbulence",
        "feColorMatrix",
        "feOffset",
        "feComposite",
        "feFlood",
        "feMerge",
        "feMergeNode",
      ]),
    );
  });

  it("keeps card panels small (mini under 18 KB, max under 22 KB)", () => {
    // SVG sources only: the client loads the WebP bake (GET /api/files leaves out an SVG with a
    // .webp beside it). Painted parts (issue 26: faces, armour, cloth) raised the old 10/14 KB;
    // the largest are groups and flocks (Lord of a Thousand Wings 17 KB, Shield Bearers 16 KB)
    for (const f of files.filter((x) => x.path.startsWith(CARD_DIR))) {
      const limit = f.path.endsWith("-mini.svg") ? 18 * 1024 : 22 * 1024;
      expect(Buffer.byteLength(f.content), f.path).toBeLessThan(limit);
    }
  });

  it("names only icons that exist in the game-icons set", () => {
    const named = [
      ...Object.values(ICON_BY_ID),
      ...Object.values(PHRASES).flat(),
      ...Object.values(WORDS).flat(),
      ...Object.values(EFFECT_ICONS).flat(),
      ...Object.values(FACTION_ICONS).flat(),
      ...Object.values(CHAPTER_MEDALLIONS).map((m) => m.icon),
    ];
    expect(named.filter((n) => !hasIcon(n))).toEqual([]);
  });

  it("paints every opponent as its own sitter, not a default", () => {
    expect(OPPONENTS.filter((o) => !OPPONENT_SITTERS[o.id]).map((o) => o.name)).toEqual([]);
    const words = OPPONENTS.map((o) => OPPONENT_SITTERS[o.id]?.words);
    expect(new Set(words).size).toBe(OPPONENTS.length);
  });

  it("keeps portrait sources under 20 KB (the client loads their WebP bake)", () => {
    for (const f of files.filter((x) => /\/opponent-\d+\.svg$/.test(x.path)))
      expect(Buffer.byteLength(f.content), f.path).toBeLessThan(20 * 1024);
  });

  it("draws a card the same way whatever else is in the catalogue", () => {
    const card = CARDS[0];
    if (!card) throw new Error("empty catalogue");
    expect(cardArt(card, "mini")).toBe(cardArt(card, "mini"));
    expect(cardArt(card, "mini")).not.toBe(cardArt(card, "max"));
  });

  it("minifies icon paths without moving them more than half a grid step", () => {
    // A path drawn from the rounded data ends where the original ends (within the grid).
    const d = rawIconPath("crossed-swords");
    const small = minifyPath(d, 1);
    expect(small.length).toBeLessThan(d.length);
    expect(minifyPath("M10.4 10.4L20.6 10.4L20.6 20.6Z", 1)).toBe("m10 10h11v11z");
    expect(minifyPath("M0 0a5 5 0 0110 0", 1)).toBe("m0 0a5 5 0 0 1 10 0");
  });
});
