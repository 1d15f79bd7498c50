import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { loadGameContent } from "./content-bridge.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { loggerOptions } from "./http/log-options.ts";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  // Until the app's logger exists, a dropped database connection is written to stderr.
  let onConnectionError = (err: Error) => console.error("database connection lost:", err.message);
  const db = openDatabase(config, (err) => onConnectionError(err));
  const applied = await migrateToLatest(db);
  const app = await buildApp({
    config,
    db,
    content: loadGameContent(),
    logger: loggerOptions(config.logLevel),
  });
  onConnectionError = (err) =>
    app.log.warn({ err }, "a database connection was lost; the pool opens a new one");
  app.log.info(
    {
      database: db.dialect,
      where: db.dialect === "sqlite" ? config.sqlitePath : "DATABASE_URL",
      applied,
    },
    "database ready",
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const timer = setTimeout(() => {
      app.log.error("shutdown took over 10 s; exiting");
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    app.log.info("closed cleanly");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  // A deep accept queue (the kernel caps it at net.core.somaxconn): with the
  // default 511, a burst of new connections while the event loop was busy
  // overflowed it and the dropped SYNs came back 1, 3 or 7 s later (bench/pvp:
  // the play-card answers over 1 s were these, not slow handling).
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  const shown = config.host === "0.0.0.0" ? "localhost" : config.host;
  app.log.info(`Cardrealm is up: http://${shown}:${config.port}`);
}

main().catch((err: unknown) => {
  console.error("Cardrealm failed to start:", err instanceof Error ? err.message : err);
  process.exit(1);
});
