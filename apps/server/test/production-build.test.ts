import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exited, type ServerProcess, startServer } from "./process.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

type Msg = {
  game_data?: { game_id: string; version: number; active?: string };
  cpu_end_turn?: unknown;
};

/**
 * The ahead-of-time build (`npm run build:server`) started the way
 * production starts it: plain Node, NODE_ENV=production, no tsx. A player
 * signs in and plays a story turn against it.
 */
describe("the production build", () => {
  // Beside apps/server/dist, so the build resolves the server's packages the way it will there.
  const outDir = mkdtempSync(join(root, "apps/server/.dist-smoke-"));
  let server: ServerProcess | undefined;

  beforeAll(() => {
    const built = spawnSync(process.execPath, ["scripts/build-server.mjs", "--out", outDir], {
      cwd: root,
      encoding: "utf8",
    });
    expect(built.status, `${built.stdout}\n${built.stderr}`).toBe(0);
  }, 120_000);

  afterAll(async () => {
    if (server) {
      server.child.kill("SIGTERM");
      await exited(server.child);
    }
    rmSync(outDir, { recursive: true, force: true });
  });

  it("compiles the server and its workspaces into plain JavaScript that imports only production packages", () => {
    const main = join(outDir, "main.js");
    expect(existsSync(main)).toBe(true);
    const code = readFileSync(main, "utf8");
    // The workspaces are compiled in, not imported as TypeScript at run time.
    expect(code).not.toMatch(/from\s+"@cardrealm\//);
    expect(code).not.toMatch(/from\s+"tsx/);
    const pkg = JSON.parse(readFileSync(join(root, "apps/server/package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(Object.keys(pkg.devDependencies)).toContain("tsx");
    expect(Object.keys(pkg.dependencies)).not.toContain("tsx");
    expect(existsSync(join(outDir, "season-end.js"))).toBe(true);
  });

  it("starts with NODE_ENV=production on plain Node, signs a player in and plays a story turn", async () => {
    server = await startServer(
      {
        NODE_ENV: "production",
        DATA_DIR: mkdtempSync(join(tmpdir(), "cardrealm-prod-")),
        TOKEN_SECRET: "production-smoke-secret-0123456789abcdef",
        PARTNER_SECRET: "production-smoke-partner-0123456789abcdef",
        CLIENT_DIST: "/nonexistent",
        DATABASE_URL: "",
        REDIS_URL: "",
        LOG_LEVEL: "info",
      },
      ["--enable-source-maps", join(outDir, "main.js")],
    );
    const url = server.url;
    const guest = await fetch(`${url}/api/play-new-player`, { method: "POST" });
    expect(guest.status, await guest.clone().text()).toBe(200);
    const token = ((await guest.json()) as { data: { jwtToken: string } }).data.jwtToken;
    const post = (path: string, body: object) =>
      fetch(`${url}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });

    const started = await post("/api/game/cpu/start", { cpu_id: 6 });
    expect(started.status, await started.clone().text()).toBe(200);
    const opening = ((await started.json()) as { data: Msg[] }).data.at(-1)?.game_data;
    expect(opening?.game_id).toBeTruthy();

    const ended = await post("/api/game/cpu/end-turn", {
      game_id: opening?.game_id,
      player_attack: [0, 0, 0, 0, 0],
      version: opening?.version,
    });
    expect(ended.status, await ended.clone().text()).toBe(200);
    const msgs = ((await ended.json()) as { data: Msg[] }).data;
    // The computer played its whole turn and handed the turn back.
    expect(msgs.some((m) => "cpu_end_turn" in m)).toBe(true);
    expect(msgs.at(-1)?.game_data?.active).toBe("player");

    // Production logs are JSON lines, and the server said it is up.
    expect(server.output()).toMatch(/"msg":"Cardrealm is up/);
  }, 90_000);
});
