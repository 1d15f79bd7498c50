import { createHash } from "node:crypto";
import { hostname } from "node:os";
import type { ChannelData } from "@cardrealm/protocol";
import type { Redis } from "ioredis";

/**
 * How a message for a player reaches the process that holds their socket.
 * One process: a direct call. Several: Redis pub/sub on a per-user channel
 * ({p}u:{user}); only the process holding that player's session subscribes.
 * Presence ({p}conn:{user} = the holding process's tag, valid while that
 * process's heartbeat key {p}proc:{tag} lives) tells whether a player is
 * connected anywhere.
 */
export type BusEnvelope =
  | { t: "msg"; data: ChannelData }
  /** A newer socket of this player registered on process `tag`: drop yours quietly. */
  | { t: "takeover"; tag: string }
  /**
   * The player's sessions ended (password change, operator): every process
   * re-checks the token of that player's socket and closes it (4410) if it no
   * longer signs in. `spare`: tokenDigest of the one token to leave open (the
   * session that changed the password goes on, with a new token).
   */
  | { t: "ended"; spare?: string }
  /** Messages for this player were lost (Redis was away): send them the resume (as on a register). */
  | { t: "resync" };

/** What a bus message names a token by (never the bearer token itself). */
export function tokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex").slice(0, 32);
}

/** The Redis key prefix of one deployment: every process sharing a database shares it. */
export function busPrefix(databaseWhere: string): string {
  return `cr:${createHash("sha1").update(databaseWhere).digest("hex").slice(0, 10)}:`;
}

/** The Redis channel that carries one player's bus messages. */
export function userChannel(prefix: string, userId: number): string {
  return `${prefix}u:${userId}`;
}

export interface Bus {
  /** This process's tag. */
  readonly tag: string;
  publish(userId: number, env: BusEnvelope): void;
  subscribe(userId: number, handler: (env: BusEnvelope) => void): void;
  unsubscribe(userId: number): void;
  setConnected(userId: number): void;
  clearConnected(userId: number): void;
  isConnected(userId: number): Promise<boolean>;
  /**
   * Redis is back: every player whose message could not be published gets a
   * `resync` (and a lost `ended` is sent again). Nothing to do on one process.
   */
  retryFailed(): void;
  /** Redis came back empty: this process's connected players are marked connected again. */
  restorePresence(): void;
  close(): Promise<void>;
}

export function processTag(): string {
  return `${hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
}

export function createMemoryBus(): Bus {
  const handlers = new Map<number, (env: BusEnvelope) => void>();
  const connected = new Set<number>();
  return {
    tag: "local",
    publish(userId, env) {
      handlers.get(userId)?.(env);
    },
    subscribe(userId, handler) {
      handlers.set(userId, handler);
    },
    unsubscribe(userId) {
      handlers.delete(userId);
    },
    setConnected(userId) {
      connected.add(userId);
    },
    clearConnected(userId) {
      connected.delete(userId);
    },
    async isConnected(userId) {
      return connected.has(userId);
    },
    retryFailed() {},
    restorePresence() {},
    async close() {
      handlers.clear();
      connected.clear();
    },
  };
}

const CLEAR_IF_MINE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const HEARTBEAT_MS = 5_000;
const PROCESS_TTL_MS = 15_000;

export function createRedisBus(opts: {
  pub: Redis;
  sub: Redis;
  prefix: string;
  log: { warn(obj: unknown, msg: string): void };
}): Bus {
  const { pub, sub, prefix, log } = opts;
  const tag = processTag();
  const channelOf = (userId: number) => userChannel(prefix, userId);
  const connKey = (userId: number) => `${prefix}conn:${userId}`;
  const procKey = (t: string) => `${prefix}proc:${t}`;
  const handlers = new Map<number, (env: BusEnvelope) => void>();
  const channelPrefix = `${prefix}u:`;

  sub.on("message", (channel: string, text: string) => {
    if (!channel.startsWith(channelPrefix)) return;
    const userId = Number(channel.slice(channelPrefix.length));
    const handler = handlers.get(userId);
    if (!handler) return;
    try {
      handler(JSON.parse(text) as BusEnvelope);
    } catch (err) {
      log.warn({ err, channel }, "bad bus message");
    }
  });

  const beat = () => {
    pub.set(procKey(tag), "1", "PX", PROCESS_TTL_MS).catch((err: unknown) => {
      log.warn({ err }, "presence heartbeat failed");
    });
  };
  beat();
  const heartbeat = setInterval(beat, HEARTBEAT_MS);
  heartbeat.unref();

  const fail = (what: string) => (err: unknown) => log.warn({ err }, `redis ${what} failed`);
  /** Players whose messages (or whose end of sessions) could not be published. */
  const lost = new Set<number>();
  const lostEnds = new Set<number>();
  /** Players connected to this process (their presence is restored after a wipe). */
  const present = new Set<number>();

  /**
   * The subscriber connection came back after a break (Redis restarted, or
   * the link failed): whatever was published for this process's players
   * meanwhile never reached them, and the publisher may not know (its own
   * connection may have been fine, or its publish was queued and sent before
   * this connection resubscribed). Once subscribed again, each of them gets
   * what a resync gives (the resume) and their token is checked again (a
   * lost `ended`). Every message published after the resubscription arrives.
   */
  let subscribedBefore = sub.status === "ready";
  sub.on("ready", () => {
    if (!subscribedBefore) {
      subscribedBefore = true;
      return;
    }
    const users = [...handlers.keys()];
    if (users.length === 0) return;
    // ioredis resubscribes on its own; this call, after it on the same
    // connection, answers once every subscription is in place again.
    sub
      .subscribe(...users.map(channelOf))
      .then(() => {
        for (const userId of users) {
          const handler = handlers.get(userId);
          if (!handler) continue;
          handler({ t: "ended" });
          handler({ t: "resync" });
        }
      })
      .catch(fail("resubscribe"));
  });

  function publish(userId: number, env: BusEnvelope): void {
    pub.publish(channelOf(userId), JSON.stringify(env)).catch((err: unknown) => {
      if (env.t === "ended") lostEnds.add(userId);
      else if (env.t !== "takeover") lost.add(userId); // a lost resync is retried too
      fail("publish")(err);
    });
  }

  return {
    tag,
    publish,
    retryFailed() {
      for (const userId of lostEnds) {
        lostEnds.delete(userId);
        publish(userId, { t: "ended" });
      }
      for (const userId of lost) {
        lost.delete(userId);
        publish(userId, { t: "resync" });
      }
    },
    restorePresence() {
      for (const userId of present) pub.set(connKey(userId), tag).catch(fail("presence"));
    },
    subscribe(userId, handler) {
      const had = handlers.has(userId);
      handlers.set(userId, handler);
      if (!had) sub.subscribe(channelOf(userId)).catch(fail("subscribe"));
    },
    unsubscribe(userId) {
      if (handlers.delete(userId)) sub.unsubscribe(channelOf(userId)).catch(fail("unsubscribe"));
    },
    setConnected(userId) {
      present.add(userId);
      pub.set(connKey(userId), tag).catch(fail("presence"));
    },
    clearConnected(userId) {
      present.delete(userId);
      pub.eval(CLEAR_IF_MINE, 1, connKey(userId), tag).catch(fail("presence"));
    },
    async isConnected(userId) {
      const owner = await pub.get(connKey(userId));
      if (!owner) return false;
      return (await pub.exists(procKey(owner))) === 1;
    },
    async close() {
      clearInterval(heartbeat);
      handlers.clear();
      await pub.del(procKey(tag)).catch(fail("close"));
    },
  };
}
