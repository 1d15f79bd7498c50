import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer, type Server, connect as tcpConnect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { localNginxConfig, NGINX } from "./local-nginx.ts";
import { exited, freePort, type ServerProcess, startServer } from "./process.ts";

/**
 * deploy/nginx.conf keeps its connections to the servers open (upstream
 * keepalive): every API call used to open a TCP connection of its own to a
 * server and close it, and under load a new connection waited for the
 * server's accept far longer than a kept one waited to be read
 * (bench/RESULTS.md, session 21). Between nginx and the real server, a relay
 * counts the connections nginx opens. Without nginx it is skipped, except
 * in CI (CI=true), where it fails.
 */
if (!NGINX) {
  if (process.env.CI === "true") throw new Error("nginx is needed for nginx-upstream.test.ts");
  console.warn(
    "nginx not installed: the nginx upstream test does not run (apt-get install nginx-light).",
  );
}

/** A TCP relay to `target` that counts the connections it was given. */
function countingRelay(
  target: number,
): Promise<{ server: Server; port: number; opened: () => number }> {
  let opened = 0;
  const server = createServer((inbound) => {
    opened++;
    const outbound = tcpConnect(target, "127.0.0.1");
    inbound.pipe(outbound).pipe(inbound);
    const end = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on("error", end).on("close", end);
    outbound.on("error", end).on("close", end);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({ server, port, opened: () => opened });
    });
  });
}

async function waitForNginx(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer ${url} in 30 s`);
}

describe.skipIf(!NGINX)("nginx in front of the servers (deploy/nginx.conf)", () => {
  let server: ServerProcess;
  let relay: Awaited<ReturnType<typeof countingRelay>>;
  let nginx: ChildProcess;
  let proxy: string;
  beforeAll(async () => {
    server = await startServer({
      DATA_DIR: mkdtempSync(join(tmpdir(), "cardrealm-nginx-upstream-")),
      TOKEN_SECRET: "nginx-upstream-secret-nginx-upstream-secret",
      CLIENT_DIST: "/nonexistent",
      DATABASE_URL: "",
      REDIS_URL: "",
      TRUST_PROXY: "1",
    });
    relay = await countingRelay(Number(new URL(server.url).port));
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), "cardrealm-nginx-"));
    // Both of deploy/nginx.conf's servers are the relay: every connection nginx opens is counted.
    const conf = localNginxConfig(dir, { proxy: port, servers: [relay.port, relay.port] });
    nginx = spawn(NGINX as string, ["-p", dir, "-c", conf, "-g", "daemon off;"], {
      stdio: "ignore",
    });
    proxy = `http://127.0.0.1:${port}`;
    await waitForNginx(`${proxy}/readyz`, nginx);
  }, 90_000);
  afterAll(async () => {
    nginx?.kill("SIGQUIT");
    relay?.server.close();
    server?.child.kill("SIGKILL");
    if (server) await exited(server.child);
  });

  it("sends 30 calls in a row over the connections it keeps, not one connection each", async () => {
    const before = relay.opened();
    for (let i = 0; i < 30; i++) {
      const r = await fetch(`${proxy}/livez`, { headers: { connection: "close" } });
      expect(r.status).toBe(200);
      await r.arrayBuffer();
    }
    // The player's side closed after each call; nginx's side to the server stays open.
    expect(relay.opened() - before).toBeLessThanOrEqual(2);
  });

  it("still upgrades a websocket and closes it when asked", async () => {
    const ws = new WebSocket(`${proxy.replace("http", "ws")}/wss`);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
    ws.close(1000);
    expect(await closed).toBe(1000);
    // A call after the websocket still answers through the kept connections.
    expect((await fetch(`${proxy}/readyz`)).status).toBe(200);
  });
});
