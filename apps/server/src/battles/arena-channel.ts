import type { StateMessage } from "@cardrealm/engine";
import type { ChannelData } from "@cardrealm/protocol";
import { arenaProfiles, seatOf } from "../db/repositories/pvp-repo.ts";
import { rankOf } from "../economy/ranks.ts";
import type { ArenaContext } from "./arena-context.ts";
import { humans, type Loaded, sideOf } from "./arena-types.ts";

/**
 * What the realtime channel asks of the arena: a player's game as it stands
 * (a reload, a reconnect with its resume frame), their drop and return
 * (opponent_drop / opponent_back, the reconnection window), and their
 * session ending (out of the queue and any pending match).
 */
export function createArenaChannel(ctx: ArenaContext, armTimers: (g: Loaded) => void) {
  const { deps, games, rooms } = ctx;
  const { store, send } = deps;
  const k = deps.db.kysely;
  const roomClock = deps.room;

  async function current(userId: number): Promise<StateMessage[] | null> {
    const seat = await seatOf(k, userId);
    if (!seat) return null;
    const g = await games.load(seat.game_id);
    const side = g ? sideOf(g, userId) : null;
    if (!g || side === null || g.rec.battle.status !== "active") return null;
    if (await games.closeIfForeign(g)) return null;
    return games.snapshotFor(g, side);
  }

  async function onRegister(userId: number): Promise<ChannelData[]> {
    const out: ChannelData[] = [];
    const wasDropped = (await store.droppedUntil(userId)) !== null;
    if (wasDropped) await store.clearDropped(userId);
    const seat = await seatOf(k, userId);
    const g = seat ? await games.load(seat.game_id) : undefined;
    const side = g ? sideOf(g, userId) : null;
    if (
      g &&
      side !== null &&
      g.rec.battle.status === "active" &&
      !(await games.closeIfForeign(g))
    ) {
      const gameId = g.rec.battle.id;
      out.push({
        type: "state",
        game_id: gameId,
        seq: g.state.version,
        resume: true,
        messages: games.snapshotFor(g, side),
        turn_deadline: Number(g.rec.game.turn_deadline),
      });
      const opponent = humans(g).find((h) => h.userId !== userId);
      if (opponent) {
        const until = await store.droppedUntil(opponent.userId);
        if (until !== null && until > roomClock.now())
          out.push({ type: "opponent_drop", game_id: gameId, reconnect_until: until });
        if (wasDropped) send(opponent.userId, { type: "opponent_back", game_id: gameId });
      }
      rooms.get(gameId).reconnect(userId);
      armTimers(g);
      return out;
    }
    const match = await store.liveMatchOf(userId, roomClock.now());
    if (match) {
      const other = match.p0 === userId ? match.p1 : match.p0;
      const p = (await arenaProfiles(k, [other])).get(other);
      out.push({
        type: "confirm_start_game",
        players: match.id,
        opponent: { nickname: p?.nickname ?? "Player", rank: rankOf(p?.rank_score ?? 0).rank },
      });
    }
    return out;
  }

  function onDrop(userId: number, until: number): void {
    ctx.background(
      (async () => {
        const seat = await seatOf(k, userId);
        if (!seat) return;
        await store.markDropped(userId, until);
        const g = await games.load(seat.game_id);
        if (g?.rec.battle.status !== "active") return;
        rooms.get(seat.game_id).drop(userId, until);
        for (const h of humans(g)) {
          if (h.userId !== userId)
            send(h.userId, {
              type: "opponent_drop",
              game_id: seat.game_id,
              reconnect_until: until,
            });
        }
      })(),
      "drop",
    );
  }

  /** The channel forgot the player's session: out of the queue and any pending match. */
  function onGone(userId: number): void {
    ctx.background(
      (async () => {
        if (await deps.isConnected(userId)) return;
        await store.leave(userId);
        await store.cancelMatchOf(userId, roomClock.now());
      })(),
      "gone",
    );
  }

  return { current, onRegister, onDrop, onGone };
}
