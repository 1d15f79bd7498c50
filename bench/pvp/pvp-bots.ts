/**
 * bench/pvp's players (pvp-bench.ts): a fast view-based AI per websocket
 * player that queues, confirms, plays an affordable unit and ends its turn,
 * re-queueing when a game ends; and the counters the run reads.
 */
import { CATALOGUE } from "@cardrealm/content";
import WebSocket from "ws";
import { frameBytes, wire } from "./capacity-probe.ts";
import { type PostTiming, post, target } from "./pvp-server.ts";

const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 2000);

interface Unit {
  ready: boolean;
}
interface Snapshot {
  game_data?: { game_id: string; active: string; version: number };
  player?: {
    hand: Record<string, number>;
    table: (0 | Unit)[];
    fire: { amount: number };
    diamond: { amount: number };
    pow: { amount: number };
  };
  end_game?: unknown;
}

export interface Bot {
  id: number;
  token: string;
  ws: WebSocket;
  gameId: string | null;
  version: number;
  myTurn: boolean;
  busy: boolean;
  snap: Snapshot | null;
  playing: boolean;
  /** The last finished game: its late messages are ignored. */
  ended: string | null;
}

/** What the run measures, and its window and stop flag (set by the run). */
export const stats = {
  latencies: [] as number[],
  messages: 0,
  gamesEnded: 0,
  inProgress: 0,
  httpErrors: 0,
  /** The errors by kind: "<call> <status>" or "<call> <error code>". */
  errorKinds: new Map<string, number>(),
  /** play-card and end-turn calls sent inside the window. */
  moves: 0,
  /**
   * Where the plays over 1 s spent their time on this side (pvp-server.ts
   * PostTiming): the ones that waited >= 500 ms for a socket (the agent's
   * queue or a new connection), the ones on a new connection, and the
   * slowest play's breakdown.
   */
  /** Players' sockets the server (or a proxy) closed before the run's end, by close code. */
  closes: new Map<number, number>(),
  /** How long each of those had been open (s). */
  closedAfterS: [] as number[],
  /** Each play's round trip split by its Server-Timing (splitOf). */
  splits: [] as { ms: number; fresh: boolean; before: number; app: number; after: number }[],
  /** Each play's round trip (ms) by when it was sent (ms into the window): where in the window the tail lies. */
  timeline: [] as { at: number; ms: number }[],
  slow: {
    over1s: 0,
    waitedForSocket: 0,
    fresh: 0,
    slowest: null as null | { ms: number; at: number; status: number; timing: PostTiming },
  },
  measureStart: Number.POSITIVE_INFINITY,
  measureEnd: Number.POSITIVE_INFINITY,
  stopping: false,
};

function affordable(card: number, p: NonNullable<Snapshot["player"]>): boolean {
  const def = CATALOGUE.get(card);
  if (!def) return false;
  const c = def.cost;
  return c.fire <= p.fire.amount && c.diamond <= p.diamond.amount && c.pow <= p.pow.amount;
}

/** Applies a state list (an answer or a channel message) to the bot's view. */
function absorb(bot: Bot, list: Snapshot[]): void {
  for (const m of list) {
    if (m.end_game) {
      if (bot.gameId) {
        bot.ended = bot.gameId;
        bot.gameId = null;
        bot.version = 0;
        bot.snap = null;
        bot.myTurn = false;
        stats.gamesEnded++;
        stats.inProgress = Math.max(0, stats.inProgress - 0.5);
        if (bot.playing) setTimeout(() => void queue(bot), 200 + Math.random() * 800);
      }
      return;
    }
    if (m.game_data && m.player) {
      if (m.game_data.game_id === bot.ended) continue;
      const sameGame = m.game_data.game_id === bot.gameId;
      if (sameGame && m.game_data.version < bot.version) continue;
      bot.version = m.game_data.version;
      bot.snap = m;
      if (bot.gameId === null) stats.inProgress += 0.5;
      bot.gameId = m.game_data.game_id;
      bot.myTurn = m.game_data.active === "player";
    }
  }
  if (bot.myTurn && !bot.busy) schedule(bot);
}

function notePlay(ms: number, at: number, status: number, timing: PostTiming): void {
  stats.timeline.push({ at, ms });
  const split = splitOf(timing);
  if (split) stats.splits.push({ ms, fresh: timing.fresh, ...split });
  const slow = stats.slow;
  if (ms > 1000) {
    slow.over1s++;
    if (timing.socketMs >= 500) slow.waitedForSocket++;
    if (timing.fresh) slow.fresh++;
  }
  if (!slow.slowest || ms > slow.slowest.ms) slow.slowest = { ms, at, status, timing };
}

/**
 * A play's round trip in three parts, from the answer's Server-Timing (the
 * server's clock is this machine's): before the server's router had it (this
 * side's send, the kernel, the server's loop reading and parsing it), the
 * server's own time to its answer, and after (the server's write, the kernel,
 * this generator's loop reading it). Null without the header.
 */
function splitOf(t: PostTiming): { before: number; app: number; after: number } | null {
  if (!t.server) return null;
  const sent = performance.timeOrigin + t.sentAt;
  const ready = t.server.began + t.server.dur;
  return {
    before: t.server.began - sent,
    app: t.server.dur,
    after: performance.timeOrigin + t.headersAt - ready,
  };
}

/** Where the plays' round trips went: each part's p50 and p99, and the slowest 1 %'s average split. */
export function waitLines(): string[] {
  const all = stats.splits;
  if (all.length === 0)
    return ["  where plays waited       no Server-Timing on the answers (BENCH_SERVER_TIMING=0)"];
  const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
  const p = (xs: number[], q: number) => pct(xs, q).toFixed(1);
  const part = (k: "before" | "app" | "after") => sorted(all.map((s) => s[k]));
  const cut = pct(sorted(all.map((s) => s.ms)), 99);
  const tail = all.filter((s) => s.ms >= cut);
  const avg = (k: "before" | "app" | "after", of = tail) =>
    (of.reduce((a, s) => a + s[k], 0) / of.length).toFixed(1);
  const fresh = tail.filter((s) => s.fresh);
  return [
    `  where plays waited       before the server had it p50 ${p(part("before"), 50)} / p99 ${p(part("before"), 99)} ms, in the server ${p(part("app"), 50)} / ${p(part("app"), 99)}, after its answer was ready ${p(part("after"), 50)} / ${p(part("after"), 99)} (Server-Timing)`,
    `  the slowest 1 %          ${tail.length} plays >= ${cut.toFixed(1)} ms: on average ${avg("before")} ms before the server had it, ${avg("app")} in it, ${avg("after")} after; ${fresh.length} of them on a new connection (${fresh.length ? avg("before", fresh) : "-"} ms before the server had it)`,
  ];
}

/**
 * The plays' p99 by a tenth of the window, and each tenth's share of the
 * plays at or over the whole window's p99: a tail spread evenly is the
 * server's steady state; one in a few tenths is a burst (a wave of game ends
 * and starts, a collection) to look for there.
 */
export function timelineLine(windowMs: number): string {
  const all = stats.timeline;
  if (all.length === 0) return "  p99 by tenth of window   no plays";
  const cut = pct(
    all.map((p) => p.ms).sort((a, b) => a - b),
    99,
  );
  const slices = Array.from({ length: 10 }, () => [] as number[]);
  for (const p of all)
    slices[Math.min(9, Math.max(0, Math.floor((p.at / windowMs) * 10)))]?.push(p.ms);
  const tail = all.filter((p) => p.ms >= cut).length;
  const parts = slices.map((xs) => {
    if (xs.length === 0) return "-";
    const over = xs.filter((ms) => ms >= cut).length;
    return `${pct(
      xs.sort((a, b) => a - b),
      99,
    ).toFixed(0)} (${Math.round((over / Math.max(1, tail)) * 100)} %)`;
  });
  return `  p99 by tenth of window   ${parts.join(", ")} ms (in brackets: the tenth's share of the plays >= the window's p99)`;
}

/** bench/pvp's lines on the plays over 1 s and the slowest one (see stats.slow). */
export function slowPlayLines(): string[] {
  const { over1s, waitedForSocket, fresh, slowest } = stats.slow;
  const lines = [
    `  over 1 s, this side        ${over1s} plays: ${waitedForSocket} waited >= 500 ms for a socket (agent queue or handshake), ${fresh} on a new connection`,
  ];
  if (slowest) {
    const t = slowest.timing;
    lines.push(
      `  slowest play              ${slowest.ms.toFixed(1)} ms, sent ${(slowest.at / 1000).toFixed(1)} s into the window, status ${slowest.status}, ${t.socketMs.toFixed(1)} ms waiting for a socket${t.fresh ? ` (new connection, handshake done at ${t.connectMs?.toFixed(1)} ms)` : " (kept-alive socket)"}`,
    );
  }
  return lines;
}

/** Counts a failed call by what failed (the status, or the socket error's code). */
function noteError(call: string, what: unknown): void {
  stats.httpErrors++;
  const kind =
    typeof what === "number"
      ? String(what)
      : ((what as NodeJS.ErrnoException).code ?? String(what));
  const key = `${call} ${kind}`;
  stats.errorKinds.set(key, (stats.errorKinds.get(key) ?? 0) + 1);
}

function schedule(bot: Bot): void {
  bot.busy = true;
  setTimeout(() => void act(bot), THINK_MS / 2 + Math.random() * (THINK_MS / 2));
}

async function act(bot: Bot): Promise<void> {
  try {
    if (stats.stopping) return;
    const snap = bot.snap;
    const p = snap?.player;
    const gameId = bot.gameId;
    if (!p || !gameId || !bot.myTurn) return;
    const empty = p.table.indexOf(0);
    const entry = Object.entries(p.hand).find(
      ([, card]) => CATALOGUE.get(card)?.type === "unit" && affordable(card, p),
    );
    if (entry && empty >= 0) {
      const t0 = performance.now();
      if (t0 >= stats.measureStart && t0 < stats.measureEnd) stats.moves++;
      const r = await post("/api/game/pvp/play-card", bot.token, {
        game_id: gameId,
        version: snap?.game_data?.version ?? 0,
        hand_key: Number(entry[0]),
        cell: empty,
      });
      // Only plays sent inside the window count, however long they take: a
      // play sent during the start-up rush and answered inside the window is
      // not the steady state (before 2026-11-22 those counted, and set the p99).
      if (t0 >= stats.measureStart && t0 < stats.measureEnd) {
        const ms = performance.now() - t0;
        stats.latencies.push(ms);
        notePlay(ms, t0 - stats.measureStart, r.status, r.timing);
      }
      if (r.status === 200) {
        absorb(bot, (r.json as { data: Snapshot[] }).data);
        await new Promise((res) => setTimeout(res, THINK_MS / 4));
      }
    }
    const now = bot.snap?.player;
    if (!now || !bot.gameId) return;
    const keys = Object.keys(now.hand);
    const sentAt = performance.now();
    if (sentAt >= stats.measureStart && sentAt < stats.measureEnd) stats.moves++;
    const r = await post("/api/game/pvp/end-turn", bot.token, {
      game_id: bot.gameId,
      version: bot.snap?.game_data?.version ?? 0,
      player_attack: now.table.map((u) => u !== 0 && u.ready),
      ...(keys.length > 6 ? { discard_card: Number(keys[keys.length - 1]) } : {}),
    });
    if (r.status === 200) absorb(bot, (r.json as { data: Snapshot[] }).data);
    else noteError("end-turn", r.status);
  } catch (err) {
    noteError("move", err);
  } finally {
    bot.busy = false;
  }
}

export async function queue(bot: Bot): Promise<void> {
  if (!bot.playing || stats.stopping) return;
  try {
    const r = await post("/api/game/pvp/queue", bot.token, { version: "bench" });
    if (r.status !== 200) noteError("queue", r.status);
  } catch (err) {
    if (!stats.stopping) noteError("queue", err);
  }
}

async function confirm(bot: Bot, players: string): Promise<void> {
  for (let i = 0; i < 10 && !stats.stopping; i++) {
    const r = await post("/api/game/pvp/confirm-start-game", bot.token, { players });
    const data = (r.json as { data?: { result: string; messages?: Snapshot[] } }).data;
    if (data?.result === "start_game") {
      absorb(bot, data.messages ?? []);
      return;
    }
    if (data?.result !== "waiting") {
      void queue(bot);
      return;
    }
    await new Promise((res) => setTimeout(res, 500));
  }
}

export function connect(bot: Omit<Bot, "ws">): Promise<Bot> {
  return new Promise((resolveP, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${target.port}/wss?token=${bot.token}`, {
      perMessageDeflate: false,
    });
    const full: Bot = { ...bot, ws };
    ws.on("open", () => {
      ws.send(
        JSON.stringify({
          action: "register",
          version: "bench",
          clear_state: true,
          data: { user_id: bot.id },
        }),
      );
    });
    const seen = new Set<string>();
    // Wire bytes (capacity-probe.ts): the server's pings and ws's automatic pongs too.
    ws.on("ping", (data: Buffer) => {
      if (full.playing) {
        wire.playRx += frameBytes(data.length, false);
        wire.playTx += frameBytes(data.length, true);
      } else {
        wire.idleRx += frameBytes(data.length, false);
        wire.idleTx += frameBytes(data.length, true);
      }
    });
    ws.on("message", (raw: Buffer) => {
      stats.messages++;
      const m = JSON.parse(raw.toString()) as {
        hash: string;
        data: { type: string; players?: string; messages?: Snapshot[] };
      };
      const confirmText = JSON.stringify({
        action: "confirm",
        version: "bench",
        data: { user_id: bot.id, hash: m.hash },
      });
      ws.send(confirmText);
      const rx = frameBytes(raw.length, false);
      const tx = frameBytes(Buffer.byteLength(confirmText), true);
      if (full.playing) {
        wire.playRx += rx;
        wire.playTx += tx;
      } else {
        wire.idleRx += rx;
        wire.idleTx += tx;
      }
      if (seen.has(m.hash)) return;
      seen.add(m.hash);
      if (seen.size > 64) seen.clear();
      switch (m.data.type) {
        case "registered":
          resolveP(full);
          break;
        case "confirm_start_game":
          if (m.data.players) confirm(full, m.data.players).catch(() => {});
          break;
        case "start_game":
        case "state":
          absorb(full, m.data.messages ?? []);
          break;
        default:
          break;
      }
    });
    ws.on("error", reject);
    const openedAt = performance.now();
    ws.on("close", (code: number) => {
      if (stats.stopping) return;
      stats.closes.set(code, (stats.closes.get(code) ?? 0) + 1);
      stats.closedAfterS.push((performance.now() - openedAt) / 1000);
    });
  });
}

export function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}
