import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { COMPRESS_THRESHOLD_BYTES } from "../src/app.ts";
import { endTurnBody, type Msg } from "./battle-play.ts";
import { newGuest, type TestApp, testApp } from "./harness.ts";

/** A tiny built client: an index page and a script with its build-time .br beside it. */
function fakeClientDist(): { dir: string; script: string } {
  const dir = mkdtempSync(join(tmpdir(), "cardrealm-dist-"));
  mkdirSync(join(dir, "assets"));
  const script = `console.log(${JSON.stringify("cardrealm ".repeat(400))});`;
  const page = "<!doctype html><title>Cardrealm</title>";
  writeFileSync(join(dir, "index.html"), page);
  writeFileSync(join(dir, "index.html.br"), brotliCompressSync(page));
  writeFileSync(join(dir, "assets", "main-abc.js"), script);
  writeFileSync(join(dir, "assets", "main-abc.js.br"), brotliCompressSync(script));
  return { dir, script };
}

describe("compressed answers", () => {
  let t: TestApp;
  afterEach(async () => {
    await t.app.close();
  });

  it("sends the card list brotli-compressed to a browser that accepts it, plain otherwise", async () => {
    t = await testApp("sqlite");
    const { auth } = await newGuest(t.app);
    const plain = await t.app.inject({ method: "GET", url: "/api/cards", headers: auth });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const packed = await t.app.inject({
      method: "GET",
      url: "/api/cards",
      headers: { ...auth, "accept-encoding": "br, gzip" },
    });
    expect(packed.headers["content-encoding"]).toBe("br");
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(packed.rawPayload).toString("utf8")).toBe(plain.body);
  });

  it("sends a battle's answers plain even to a browser that accepts br: too small to be worth the CPU", async () => {
    t = await testApp("sqlite");
    const { auth } = await newGuest(t.app);
    const accepts = { ...auth, "accept-encoding": "gzip, deflate, br, zstd" };
    const start = await t.app.inject({
      method: "POST",
      url: "/api/game/cpu/start",
      headers: accepts,
      payload: { cpu_id: 6 },
    });
    expect(start.statusCode, start.body).toBe(200);
    const answers = [start];
    let state = (start.json().data as Msg[]).at(-1) as Msg;
    for (let turn = 0; turn < 4 && !state.end_game; turn++) {
      const move = await t.app.inject({
        method: "POST",
        url: "/api/game/cpu/end-turn",
        headers: accepts,
        payload: endTurnBody(state),
      });
      expect(move.statusCode, move.body).toBe(200);
      answers.push(move);
      state = (move.json().data as Msg[]).at(-1) as Msg;
    }
    for (const answer of answers) {
      expect(answer.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.json().data.length).toBeGreaterThan(0);
    }
    // Some were over the old 1 KB threshold: those went compressed before.
    expect(Math.max(...answers.map((a) => a.rawPayload.length))).toBeGreaterThan(1024);
  });

  it("serves a client file's build-time .br once (not compressed twice)", async () => {
    const { dir, script } = fakeClientDist();
    t = await testApp("sqlite", { CLIENT_DIST: dir });
    const res = await t.app.inject({
      method: "GET",
      url: "/assets/main-abc.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString("utf8")).toBe(script);
  });

  it("makes browsers revalidate the page itself, compressed or not, and keep fingerprinted files", async () => {
    const { dir } = fakeClientDist();
    t = await testApp("sqlite", { CLIENT_DIST: dir });
    for (const encoding of ["br, gzip", "identity"]) {
      const page = await t.app.inject({
        method: "GET",
        url: "/",
        headers: { "accept-encoding": encoding },
      });
      expect(page.statusCode).toBe(200);
      // A stale page would name script files a new release has removed.
      expect(page.headers["cache-control"]).toBe("no-cache");
    }
    const asset = await t.app.inject({ method: "GET", url: "/assets/main-abc.js" });
    expect(asset.headers["cache-control"]).toContain("immutable");
  });
});
