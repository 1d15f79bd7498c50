import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * deploy/nginx.conf itself, run locally: its two upstreams pointed at local
 * ports, inside a minimal nginx.conf of its own prefix directory. Used by the
 * nginx tests here, the cluster journeys (e2e/cluster-support.ts) and the
 * cluster bench (bench/pvp/cluster.ts).
 */
export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find(
  (p) => spawnSync(p, ["-v"]).status === 0,
);

const deployConf = resolve(dirname(fileURLToPath(import.meta.url)), "../../../deploy/nginx.conf");

export interface LocalNginxOptions {
  /** nginx listens here (127.0.0.1). */
  proxy: number;
  /** The ports of deploy/nginx.conf's game1 and game2. */
  servers: readonly [number, number];
  /** The listening socket's accept queue (nginx's `listen ... backlog=`). */
  backlog?: number;
  /** Replaces the per-address `limit_conn` (a load generator is one address). */
  perAddress?: number;
  workerConnections?: number;
  /** `worker_rlimit_nofile`, when set. */
  rlimitNofile?: number;
  errorLogLevel?: "warn" | "error";
}

/** Writes `dir`/nginx.conf (and nginx's temporary directories) and returns its path. */
export function localNginxConfig(dir: string, opts: LocalNginxOptions): string {
  let site = readFileSync(deployConf, "utf8")
    .replace("server game1:3000", `server 127.0.0.1:${opts.servers[0]}`)
    .replace("server game2:3000", `server 127.0.0.1:${opts.servers[1]}`)
    .replace(
      "listen 80;",
      `listen 127.0.0.1:${opts.proxy}${opts.backlog ? ` backlog=${opts.backlog}` : ""};`,
    );
  if (opts.perAddress !== undefined)
    site = site.replace(
      "limit_conn cardrealm_per_address 64;",
      `limit_conn cardrealm_per_address ${opts.perAddress};`,
    );
  if (site.includes("server game") || site.includes("listen 80;"))
    throw new Error(
      "deploy/nginx.conf changed shape: apps/server/test/local-nginx.ts no longer fits it",
    );
  for (const t of ["body", "proxy", "fastcgi", "uwsgi", "scgi"])
    mkdirSync(join(dir, t), { recursive: true });
  const file = join(dir, "nginx.conf");
  writeFileSync(
    file,
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
${opts.rlimitNofile ? `worker_rlimit_nofile ${opts.rlimitNofile};\n` : ""}pid ${dir}/nginx.pid;
error_log ${dir}/error.log ${opts.errorLogLevel ?? "warn"};
events { worker_connections ${opts.workerConnections ?? 512}; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`,
  );
  return file;
}
