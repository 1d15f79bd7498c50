import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { Files } from "@cardrealm/protocol";

function walk(dir: string, filter: (path: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const visit = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) visit(p);
      else if (filter(p)) out.push(relative(dir, p).split("\\").join("/"));
    }
  };
  visit(dir);
  return out;
}

/**
 * The two image lists of GET /api/files (product.md section 7): data[0] under
 * /static/media/ (map and interface art) and data[1] under /img/ (the small
 * card images shown first). Large card art and battle backgrounds load when
 * first needed, so they are left out of the preload.
 */
export function listClientFiles(clientRoot: string): Files {
  const all = walk(join(clientRoot, "static", "media"), (p) => {
    const name = p.split(/[\\/]/).pop() ?? "";
    return /\.(svg|png|webp|jpg)$/.test(name) && !/^opponent-|BG\./.test(name);
  });
  const img = walk(join(clientRoot, "img"), (p) => /-mini\.(svg|png|webp)$/.test(p));
  return [withoutBakedSources(all), withoutBakedSources(img)];
}

/**
 * An SVG with a WebP bake beside it (tools/art/rasterise.ts) is only the
 * source: the screens show the bitmap, so only the bitmap is preloaded.
 */
function withoutBakedSources(paths: string[]): string[] {
  const baked = new Set(paths.filter((p) => p.endsWith(".webp")).map((p) => p.slice(0, -5)));
  return paths.filter((p) => !(p.endsWith(".svg") && baked.has(p.slice(0, -4))));
}
