/**
 * Comic slides of the story campaign: one SVG per scripted slide, written to
 * apps/client/public/comics/{chapter icon}/{n}.svg (intro slides first, the
 * win comic continuing the numbering).
 *
 *   npx tsx tools/comics/build.ts            write into the client's public folder
 *   npx tsx tools/comics/build.ts --out DIR  write into DIR/{icon}/{n}.svg instead
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { numberedSlides, STORIES } from "@cardrealm/content";
import { renderSlide } from "./render.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const DEFAULT_OUT = join(ROOT, "apps/client/public/comics");

export interface ComicFile {
  /** Relative to the output folder: "{icon}/{n}.svg". */
  path: string;
  svg: string;
}

export function buildComics(): ComicFile[] {
  return STORIES.flatMap((story) =>
    numberedSlides(story).map((slide) => ({
      path: `${story.icon}/${slide.n}.svg`,
      svg: renderSlide(story, slide),
    })),
  );
}

export function writeComics(outDir: string): ComicFile[] {
  const files = buildComics();
  for (const story of STORIES) {
    // Drop slides a shortened script no longer has.
    const dir = join(outDir, story.icon);
    try {
      for (const name of readdirSync(dir)) {
        if (/^\d+\.(svg|png)$/.test(name)) rmSync(join(dir, name));
      }
    } catch {
      // A first build: nothing to clean.
    }
  }
  for (const file of files) {
    const target = join(outDir, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.svg);
  }
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--out");
  const out =
    at > 0 && process.argv[at + 1] ? resolve(process.argv[at + 1] as string) : DEFAULT_OUT;
  const files = writeComics(out);
  const largest = Math.max(...files.map((f) => Buffer.byteLength(f.svg)));
  console.log(
    `${files.length} comic slides written to ${out} (largest ${(largest / 1024).toFixed(1)} KB)`,
  );
}
