import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { RULE_OF_PAID_BATTLES_OFF } from "./harness.ts";

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const addr = s.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      s.close(() => res(port));
    });
    s.on("error", rej);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/**
 * Starts the real server as a child process and waits for /healthz: by
 * default its sources (src/main.ts through tsx); `nodeArgs` runs something
 * else on plain Node, e.g. the production build's main.js.
 */
export async function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = ["--import", "tsx", "src/main.ts"],
): Promise<ServerProcess> {
  const port = await freePort();
  let out = "";
  const child = spawn(process.execPath, nodeArgs, {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      // Tests sign players up from 127.0.0.1, and with REDIS_URL set every
      // server of a run (and of the hour before) counts in the same Redis key.
      SIGNUPS_PER_HOUR: "1000000",
      LOGINS_PER_MINUTE: "1000000",
      // Battles here end in seconds: the paid-battle rule would pay them nothing
      // (production refuses it off, so a production server keeps the defaults).
      ...(env.NODE_ENV === "production" ? {} : RULE_OF_PAID_BATTLES_OFF),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    out += String(d);
  });
  child.stderr?.on("data", (d) => {
    out += String(d);
  });
  const url = `http://127.0.0.1:${port}`;
  // A start takes 2-5 s on a quiet machine and far longer on a loaded one (tsx compiles first).
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) return { child, url, output: () => out };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not start in 60 s:\n${out}`);
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((res) => child.once("exit", (code) => res(code)));
}
