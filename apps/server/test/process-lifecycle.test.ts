import { mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exited, startServer } from "./process.ts";

const baseEnv = () => ({
  DATA_DIR: mkdtempSync(join(tmpdir(), "cardrealm-proc-")),
  TOKEN_SECRET: "process-test-secret-process-test-secret",
  CLIENT_DIST: "/nonexistent",
  DATABASE_URL: "",
});

// Each test starts real server processes (tsx compiles the server at each
// start): 5-10 s alone, past 30 s beside a full suite on a busy 2-core machine.
describe("the server process", () => {
  it("keeps an answered sign-up after a SIGKILL straight after the answer", async () => {
    const env = baseEnv();
    const first = await startServer(env);
    const res = await fetch(`${first.url}/api/play-new-player`, { method: "POST" });
    const signed = (await res.json()) as { data: { id: number; jwtToken: string } };
    first.child.kill("SIGKILL");
    await exited(first.child);

    const second = await startServer(env);
    try {
      const details = await fetch(`${second.url}/api/player-details`, {
        headers: { authorization: `Bearer ${signed.data.jwtToken}` },
      });
      expect(details.status).toBe(200);
      const body = (await details.json()) as { data: { id: number; silver: number } };
      expect(body.data.id).toBe(signed.data.id);
      expect(body.data.silver).toBe(1000);
    } finally {
      second.child.kill("SIGKILL");
      await exited(second.child);
    }
  }, 120_000);

  it("finishes an in-flight request on SIGTERM, then exits 0", async () => {
    const p = await startServer({ ...baseEnv(), LOG_LEVEL: "info" });
    const guest = (await (
      await fetch(`${p.url}/api/play-new-player`, { method: "POST" })
    ).json()) as {
      data: { jwtToken: string };
    };
    // Send half of a request body, signal the server, then send the rest: the
    // request is provably in flight when SIGTERM lands.
    const body = JSON.stringify({ login: "graceful", password: "graceful-pw" });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${p.url}/api/player/edit`, {
        method: "PUT",
        headers: {
          authorization: `Bearer ${guest.data.jwtToken}`,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
        },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (d) => {
          text += String(d);
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        p.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 100);
    });
    const res = await answer;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).data.login).toBe("graceful");
    expect(await exited(p.child)).toBe(0);
    expect(p.output()).toMatch(/closed cleanly/);
  }, 120_000);

  it("refuses to start with a bad setting and says which", async () => {
    const env = { ...baseEnv(), PORT: "seventy" };
    await expect(startServer(env)).rejects.toThrow(/PORT must be a number/);
  }, 120_000);
});
