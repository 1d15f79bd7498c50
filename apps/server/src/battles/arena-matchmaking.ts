import { randomUUID } from "node:crypto";
import type { ConfirmStartGameResult, QueueStatus } from "@cardrealm/protocol";
import { relaxedTransaction } from "../db/relaxed-commit.ts";
import { arenaProfiles } from "../db/repositories/pvp-repo.ts";
import { rankOf } from "../economy/ranks.ts";
import { DEFAULT_WINDOW } from "../matchmaking/arena-store.ts";
import { recordFact } from "../observability/analytics.ts";
import type { ArenaContext } from "./arena-context.ts";
import type { ArenaStart } from "./arena-start.ts";
import { humans, type Loaded, sideOf } from "./arena-types.ts";
import { refuse } from "./refusals.ts";

/** The shortest time between the starts of two passes that joins asked for (the 1 s tick is apart). */
const MIN_PASS_GAP_MS = 50;

/**
 * The arena queue and its confirm step: joining and leaving the queue, a
 * matchmaking pass that pairs players (both hear confirm_start_game), and
 * the confirm that starts the game once both said yes.
 */
export function createArenaMatchmaking(ctx: ArenaContext, starts: ArenaStart) {
  const { deps, games } = ctx;
  const { store, send, log } = deps;
  const k = deps.db.kysely;
  const roomClock = deps.room;
  const window = deps.window ?? DEFAULT_WINDOW;
  let matching: Promise<void> | null = null;
  /** Players joined while a pass ran: another pass follows it. */
  let again = false;
  let passStartedAt = Number.NEGATIVE_INFINITY;
  let soon: NodeJS.Timeout | null = null;

  /**
   * A pass soon after a join, shared by the joins around it: at most one
   * pass runs at a time, and one that follows joins starts no sooner than
   * MIN_PASS_GAP_MS after the last one began. A pass scans the whole queue
   * (with Redis, a Lua script over the shared sorted set), so one per join
   * made a burst of n joins cost n full scans, O(n^2), on every process.
   */
  function matchSoon(): void {
    if (matching) {
      again = true;
      return;
    }
    if (soon) return;
    const wait = passStartedAt + MIN_PASS_GAP_MS - performance.now();
    if (wait <= 0) {
      ctx.background(matchTick(), "matchmaking");
      return;
    }
    soon = setTimeout(() => {
      soon = null;
      ctx.background(matchTick(), "matchmaking");
    }, wait);
    soon.unref();
  }

  /** One matchmaking pass: pairs leave the queue and both hear confirm_start_game. */
  function matchTick(): Promise<void> {
    if (ctx.isClosed()) return Promise.resolve();
    if (matching) {
      again = true;
      return matching;
    }
    passStartedAt = performance.now();
    matching = (async () => {
      const now = roomClock.now();
      const pairs = await store.takePairs(now, window);
      if (pairs.length === 0) return;
      const profiles = await arenaProfiles(k, pairs.flat());
      for (const [a, b] of pairs) {
        const id = randomUUID();
        await store.createMatch({ id, p0: a, p1: b, createdAt: now });
        const show = (u: number) => {
          const p = profiles.get(u);
          return { nickname: p?.nickname ?? "Player", rank: rankOf(p?.rank_score ?? 0).rank };
        };
        send(a, { type: "confirm_start_game", players: id, opponent: show(b) });
        send(b, { type: "confirm_start_game", players: id, opponent: show(a) });
      }
    })().finally(() => {
      matching = null;
      if (again) {
        again = false;
        matchSoon();
      }
    });
    return matching;
  }

  /**
   * The arena_queue fact (docs/analytics.md), once per join the queue took.
   * It moves nothing: written beside the answer, not before it (a burst of
   * joins does not wait on the database), without waiting for the disk.
   */
  async function queueFact(userId: number, rankScore: number): Promise<void> {
    const fact = { name: "arena_queue", data: { rank_score: rankScore } } as const;
    const at = new Date(ctx.deps.clock()).toISOString();
    await relaxedTransaction(ctx.deps.db, (trx) => recordFact(trx, userId, fact, at));
  }

  async function queue(userId: number): Promise<QueueStatus> {
    const { user } = await starts.arenaUser(userId);
    await starts.assertFree(userId);
    const now = roomClock.now();
    if (await store.liveMatchOf(userId, now))
      throw refuse.conflict("A match is waiting for your confirmation.");
    if (!(await store.join(userId, user.rank_score, now)))
      throw refuse.conflict("You are already in the queue.");
    ctx.background(queueFact(userId, user.rank_score), "arena_queue fact");
    matchSoon();
    return { in_queue: true, since: now };
  }

  async function cancelQueue(userId: number): Promise<QueueStatus> {
    await store.leave(userId);
    await starts.leaveMatch(userId);
    return { in_queue: false };
  }

  async function confirmStart(userId: number, matchId: string): Promise<ConfirmStartGameResult> {
    const outcome = await store.confirm(matchId, userId, roomClock.now());
    switch (outcome.kind) {
      case "missing":
        throw refuse.notFound("No such match.");
      case "not_yours":
        throw refuse.forbidden("This match is not yours.");
      case "cancelled":
        return { result: "opponent_leave" };
      case "waiting":
        return { result: "waiting" };
      case "started": {
        const g = await games.load(outcome.gameId);
        const side = g ? sideOf(g, userId) : null;
        if (!g || side === null) return { result: "opponent_leave" };
        return {
          result: "start_game",
          game_id: outcome.gameId,
          messages: games.snapshotFor(g, side),
        };
      }
      case "create": {
        let g: Loaded;
        try {
          g = await starts.createPvp(outcome.p0, outcome.p1);
        } catch (err) {
          await store.cancelMatch(matchId);
          log.warn({ err, matchId }, "a confirmed match could not start");
          return { result: "opponent_leave" };
        }
        await store.matchStarted(matchId, g.rec.battle.id);
        for (const h of humans(g)) {
          if (h.userId === userId) continue;
          send(h.userId, {
            type: "start_game",
            players: matchId,
            game_id: g.rec.battle.id,
            seq: g.state.version,
            messages: games.snapshotFor(g, h.side),
          });
        }
        const side = sideOf(g, userId) ?? 0;
        return {
          result: "start_game",
          game_id: g.rec.battle.id,
          messages: games.snapshotFor(g, side),
        };
      }
    }
  }

  return { matchTick, queue, cancelQueue, confirmStart };
}
