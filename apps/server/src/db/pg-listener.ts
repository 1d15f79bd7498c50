import pg from "pg";

export interface ListenHandlers {
  /** A notification's payload on the channel. */
  notice(payload: string): void;
  /**
   * true once the LISTEN is in place (again), false when the connection is
   * lost: notifications sent while it was down are gone, so a listener must
   * not trust what it learned before a `true` that follows a `false`.
   */
  listening(on: boolean): void;
}

export interface Listener {
  close(): Promise<void>;
}

/** How long a lost listening connection waits before it connects again, at most. */
const MAX_RETRY_MS = 5_000;

/**
 * LISTEN on a PostgreSQL channel over a connection of its own (a pooled
 * connection cannot hold a LISTEN: the pool hands it to others). A lost
 * connection is reported (`listening(false)`) and opened again, with a
 * growing pause, until close().
 */
export function listenOn(
  config: pg.ClientConfig,
  channel: string,
  handlers: ListenHandlers,
  onError: (err: Error) => void = () => {},
): Listener {
  let closed = false;
  let client: pg.Client | null = null;
  let retryMs = 100;
  let retry: NodeJS.Timeout | null = null;

  function lost(c: pg.Client, err?: Error): void {
    if (client !== c) return;
    client = null;
    handlers.listening(false);
    if (err) onError(err);
    c.end().catch(() => {});
    if (closed) return;
    retry = setTimeout(connect, retryMs);
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  }

  function connect(): void {
    retry = null;
    if (closed) return;
    const c = new pg.Client(config);
    client = c;
    c.on("notification", (n) => {
      if (n.channel === channel && n.payload !== undefined) handlers.notice(n.payload);
    });
    c.on("error", (err) => lost(c, err));
    c.on("end", () => lost(c));
    c.connect()
      .then(() => c.query(`listen ${pg.escapeIdentifier(channel)}`))
      .then(() => {
        if (client !== c) return;
        retryMs = 100;
        handlers.listening(true);
      })
      .catch((err: Error) => lost(c, err));
  }

  connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      handlers.listening(false);
      await c?.end().catch(() => {});
    },
  };
}
