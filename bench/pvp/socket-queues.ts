/**
 * Who leaves bytes unread during a bench/pvp window (bench/RESULTS.md
 * "Session 16"): a play over 1 s that the server handled quickly by its own
 * clock waited either in the server's receive queue (Node had not read the
 * request yet) or in the generator's (the answer had arrived, the
 * generator's loop had not read it). `ss` (iproute2) samples both ends of
 * the connections to the server's port every `everyMs`: the sockets with a
 * non-empty receive queue and their bytes, the largest sample of each.
 * Without `ss` on the machine the line says so.
 */
import { execFile } from "node:child_process";

interface Sample {
  sockets: number;
  bytes: number;
}

function emptySample(): Sample {
  return { sockets: 0, bytes: 0 };
}

/** One `ss` reading: [server side, generator side] of established connections to `port`. */
function sample(port: number): Promise<[Sample, Sample] | null> {
  return new Promise((resolve) => {
    execFile(
      "ss",
      ["-Htn", "state", "established", `( sport = :${port} or dport = :${port} )`],
      { maxBuffer: 64 * 1024 * 1024 },
      (err, stdout) => {
        if (err) {
          resolve(null);
          return;
        }
        const server = emptySample();
        const client = emptySample();
        // Recv-Q Send-Q Local:Port Peer:Port (state filtered out by -H with a state filter).
        for (const line of stdout.split("\n")) {
          const f = line.trim().split(/\s+/);
          if (f.length < 4) continue;
          const recvQ = Number(f[0]);
          if (!(recvQ > 0)) continue;
          const local = f[2] ?? "";
          const side = local.endsWith(`:${port}`) ? server : client;
          side.sockets++;
          side.bytes += recvQ;
        }
        resolve([server, client]);
      },
    );
  });
}

/** Samples until `close`, which answers the bench's line. */
export function watchSocketQueues(port: number, everyMs = 2000): { close(): Promise<string> } {
  const worst = { server: emptySample(), client: emptySample() };
  let samples = 0;
  let missing = false;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = sample(port).then((r) => {
      if (!r) {
        missing = true;
        return;
      }
      samples++;
      if (r[0].sockets > worst.server.sockets) worst.server = r[0];
      if (r[1].sockets > worst.client.sockets) worst.client = r[1];
    });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return {
    async close() {
      clearInterval(timer);
      await running;
      if (missing && samples === 0)
        return "unread bytes                `ss` not available: not sampled";
      return `unread bytes                at worst ${worst.server.sockets} server sockets (${worst.server.bytes} bytes) and ${worst.client.sockets} generator sockets (${worst.client.bytes} bytes) held received data not yet read (${samples} samples of ss, every ${everyMs / 1000} s)`;
    },
  };
}
