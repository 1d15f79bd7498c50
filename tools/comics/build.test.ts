import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { numberedSlides, STORIES } from "@cardrealm/content";
import { afterAll, describe, expect, it } from "vitest";
import { buildComics, DEFAULT_OUT, writeComics } from "./build.ts";

const temp = mkdtempSync(join(tmpdir(), "comics-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe("comic slides", () => {
  const built = writeComics(temp);

  it("has a committed file for every scripted slide, and no stray ones", () => {
    for (const story of STORIES) {
      const expected = numberedSlides(story).map((s) => `${s.n}.svg`);
      const committed = readdirSync(join(DEFAULT_OUT, story.icon)).filter((f) => /^\d+\./.test(f));
      expect(committed.sort()).toEqual([...expected].sort());
    }
  });

  it("rebuilds byte-identical to the committed files (run `npx tsx tools/comics/build.ts` when stale)", () => {
    for (const file of built) {
      const committed = readFileSync(join(DEFAULT_OUT, file.path), "utf8");
      const rebuilt = readFileSync(join(temp, file.path), "utf8");
      expect(rebuilt === committed, `${file.path} is stale`).toBe(true);
    }
  });

  it("is deterministic and small", () => {
    const again = buildComics();
    expect(again.map((f) => f.svg)).toEqual(built.map((f) => f.svg));
    for (const file of built) {
      expect(Buffer.byteLength(file.svg), file.path).toBeLessThan(25 * 1024);
      expect(file.svg.startsWith("<svg")).toBe(true);
      expect(file.svg).toContain('viewBox="0 0 1280 720"');
      // Self-contained: no external references.
      expect(file.svg).not.toMatch(/href="(?!#)/);
    }
  });

  it("prints each slide's caption", () => {
    const elf = STORIES.find((s) => s.icon === "elf");
    const first = built.find((f) => f.path === "elf/1.svg");
    expect(first?.svg).toContain(elf?.intro[0]?.caption.split(" ").slice(0, 3).join(" "));
  });
});

describe("comic sources", () => {
  it("never use Math.random", () => {
    const dir = import.meta.dirname;
    for (const name of readdirSync(dir).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
    )) {
      expect(readFileSync(join(dir, name), "utf8"), name).not.toMatch(/Math\.random\(/);
    }
  });
});
