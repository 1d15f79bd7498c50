import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { listClientFiles } from "../src/http/client-files.ts";

describe("listClientFiles (GET /api/files)", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function clientWith(media: string[], img: string[]): string {
    root = mkdtempSync(join(tmpdir(), "client-files-"));
    mkdirSync(join(root, "static", "media"), { recursive: true });
    mkdirSync(join(root, "img", "cards"), { recursive: true });
    for (const f of media) writeFileSync(join(root, "static", "media", f), "x");
    for (const f of img) writeFileSync(join(root, "img", f), "x");
    return root;
  }

  it("preloads the WebP bake of a backdrop instead of its SVG source", () => {
    const dir = clientWith(
      ["world-map.svg", "world-map.webp", "logo.svg", "defaultBG.svg", "defaultBG.webp"],
      ["cards/1-mini.svg", "cards/1-max.svg"],
    );
    const [media, img] = listClientFiles(dir);
    expect(media).toEqual(["logo.svg", "world-map.webp"]);
    expect(img).toEqual(["cards/1-mini.svg"]);
  });

  it("preloads the WebP bake of a card's mini panel instead of its SVG", () => {
    const dir = clientWith([], ["cards/1-mini.svg", "cards/1-mini.webp", "cards/1-max.webp"]);
    expect(listClientFiles(dir)[1]).toEqual(["cards/1-mini.webp"]);
  });

  it("keeps an SVG that has no bitmap beside it", () => {
    const dir = clientWith(["login-bg.svg", "chat.svg"], []);
    expect(listClientFiles(dir)[0]).toEqual(["chat.svg", "login-bg.svg"]);
  });
});
