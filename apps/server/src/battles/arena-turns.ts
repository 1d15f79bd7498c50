import { type Action, legalActions, type Side, type StateMessage } from "@cardrealm/engine";
import type { EndTurnBody, PlayCardBody } from "@cardrealm/protocol";
import type { ArenaContext } from "./arena-context.ts";
import type { Applied } from "./arena-games.ts";
import type { PvpRoom } from "./arena-room.ts";
import { BOT_SIDE, humans, type Loaded, sideOf } from "./arena-types.ts";
import { seatMessages } from "./battle-core.ts";
import { nextComputerMove } from "./computer-player.ts";
import { actionFor, gameIdOf, type WireIntent } from "./intents.ts";
import { refuse } from "./refusals.ts";

/** The game's next timers: the turn deadline, and the bot's move on its turn. */
function armArenaTimers(ctx: ArenaContext, g: Loaded): void {
  const { deps, rooms } = ctx;
  const { catalogue } = deps;
  const room = rooms.get(g.rec.battle.id);
  if (g.setup.mode === "bot" && g.state.active === BOT_SIDE) {
    const seed = (g.setup.seed ^ Math.imul(g.state.version, 0x9e3779b1)) >>> 0;
    const delays = deps.botDelays(seed, legalActions(g.state, catalogue).length);
    room.armBot(g.state.turn, g.state.played === 0 ? delays.beforePlayMs : delays.beforeEndTurnMs);
  }
  room.armTurn(g.state.turn, Number(g.rec.game.turn_deadline));
}

/**
 * Each human's messages of a saved step: the mover's are answered (returned),
 * the others pushed over the channel, with a cancel_warning to the side whose
 * turn timed out.
 */
function deliverStep(
  ctx: ArenaContext,
  a: Applied,
  mover: Side | null,
  timedOut: Side | null,
): StateMessage[] {
  const { g, events } = a;
  const { catalogue, send } = ctx.deps;
  const gameId = g.rec.battle.id;
  let answer: StateMessage[] = [];
  for (const h of humans(g)) {
    const paid = a.settlement?.get(h.userId);
    const list = seatMessages(events, g.state, h.side, catalogue, ctx.games.tag(g, h.side), paid);
    if (h.side === mover) {
      answer = list;
      continue;
    }
    send(h.userId, {
      type: "state",
      game_id: gameId,
      seq: g.state.version,
      resume: false,
      messages: list,
      ...(g.state.over ? {} : { turn_deadline: Number(g.rec.game.turn_deadline) }),
    });
    if (h.side === timedOut) {
      send(h.userId, {
        type: "cancel_warning",
        game_id: gameId,
        idle_turns: g.state.sides[h.side].idle,
      });
    }
  }
  return answer;
}

/**
 * An arena game's moves and clocks: the players' calls, the server's turn
 * timer, the bot's paced moves, a dropped player's forfeit, and after each
 * saved step every seat's messages (the mover's answered, the others pushed
 * over the channel) and the next timer.
 */
export function createArenaTurns(ctx: ArenaContext) {
  const { deps, games, rooms, withGame } = ctx;
  const { catalogue, store } = deps;
  const roomClock = deps.room;

  /**
   * After a saved step: each human's messages (the mover's are answered, the
   * others pushed over the channel), rewards in end_game, then the next
   * timer (turn deadline or the bot's move) or the room's disposal.
   */
  function afterStep(a: Applied, mover: Side | null, timedOut: Side | null): StateMessage[] {
    const { g, events } = a;
    const gameId = g.rec.battle.id;
    const answer = deliverStep(ctx, a, mover, timedOut);
    deps.afterStep?.(g, events);
    if (g.state.over) {
      rooms.peek(gameId)?.dispose();
      ctx.settlement.runHooks(gameId, a.finished);
    } else {
      armTimers(g);
    }
    return answer;
  }

  const armTimers = (g: Loaded): void => armArenaTimers(ctx, g);

  /** A player's intent (play-card, end-turn, give-up) through the core. */
  function move(userId: number, intent: WireIntent): Promise<StateMessage[]> {
    const gameId = gameIdOf(intent);
    return withGame(gameId, async () => {
      const { side } = await games.seat(userId, gameId);
      const a = await games.apply(gameId, (g) =>
        g.state.over ? null : actionFor(intent, g.state, side, catalogue),
      );
      if (!a) throw refuse.over();
      return afterStep(a, side, null);
    });
  }

  async function onDeadline(gameId: string, turn: number): Promise<void> {
    if (ctx.isClosed()) return;
    await withGame(gameId, async () => {
      let timedOut: Side | null = null;
      let botTurn = false;
      const a = await games.apply(gameId, (g) => {
        if (g.state.over || g.state.turn !== turn) return null;
        const deadline = Number(g.rec.game.turn_deadline);
        if (roomClock.now() < deadline) {
          rooms.get(gameId).armTurn(turn, deadline);
          return null;
        }
        if (g.setup.mode === "bot" && g.state.active === BOT_SIDE) {
          botTurn = true;
          return null;
        }
        timedOut = g.state.active;
        return { type: "timeout", side: g.state.active };
      });
      if (a) afterStep(a, null, timedOut);
      else if (botTurn) await botMoveLocked(gameId, turn);
    });
  }

  /** The bot's next move, paced by its timer (computer-player.ts chooses it). */
  function botMove(gameId: string, turn: number): Promise<void> {
    if (ctx.isClosed()) return Promise.resolve();
    return withGame(gameId, () => botMoveLocked(gameId, turn));
  }

  async function botMoveLocked(gameId: string, turn: number): Promise<void> {
    const decide = (g: Loaded): Action | null => {
      if (g.setup.mode !== "bot" || g.state.over) return null;
      if (g.state.active !== BOT_SIDE || g.state.turn !== turn) return null;
      return nextComputerMove(g.state, BOT_SIDE, (s) => deps.planBotTurn(s, BOT_SIDE), catalogue);
    };
    const a = await games.apply(gameId, decide);
    if (a) afterStep(a, null, null);
  }

  /** A dropped player's reconnection window passed: if they are still away, they forfeit. */
  async function windowOver(room: PvpRoom, userId: number): Promise<void> {
    const gameId = room.gameId;
    if (ctx.isClosed()) return;
    const now = roomClock.now();
    const until = await store.droppedUntil(userId);
    if (until === null || until > now) return; // back (or dropped again later)
    if (await deps.isConnected(userId)) return;
    await store.clearDropped(userId);
    room.leave(userId);
    await withGame(gameId, async () => {
      const a = await games.apply(gameId, (g) => {
        const side = sideOf(g, userId);
        // "left", not a surrender: the end panels say the player left the battle.
        return side === null || g.state.over ? null : { type: "give_up", side, left: true };
      });
      if (a) afterStep(a, null, null);
    });
  }

  /**
   * The caller's enemy timer ran out: the server checks the stored deadline
   * and, if it passed, ends the opponent's turn (or plays the bot's) now.
   */
  function warning(userId: number, gameId: string): Promise<StateMessage[]> {
    return withGame(gameId, async () => {
      const { g, side } = await games.seatFresh(userId, gameId);
      // The turn already ended (the server's own timer, or the opponent's
      // move): answer the game as it stands, not a refusal.
      if (g.state.active === side) return games.snapshotFor(g, side);
      const left = Number(g.rec.game.turn_deadline) - roomClock.now();
      if (left > 0) {
        throw refuse.conflict(`The opponent's turn has ${Math.ceil(left / 1000)} s left.`);
      }
      if (g.setup.mode === "bot") {
        await botMoveLocked(gameId, g.state.turn);
        const now = await games.load(gameId);
        return now ? games.snapshotFor(now, side) : [];
      }
      let timedOut: Side | null = null;
      const a = await games.apply(gameId, (cur) => {
        if (cur.state.over || cur.state.turn !== g.state.turn || cur.state.active === side)
          return null;
        timedOut = cur.state.active;
        return { type: "timeout", side: cur.state.active };
      });
      if (!a) {
        const now = await games.load(gameId);
        return now ? games.snapshotFor(now, side) : [];
      }
      return afterStep(a, side, timedOut);
    });
  }

  return {
    armTimers,
    onDeadline,
    botMove,
    windowOver,
    warning,
    playCard: (userId: number, body: PlayCardBody) => move(userId, { kind: "play_card", body }),
    endTurn: (userId: number, body: EndTurnBody) => move(userId, { kind: "end_turn", body }),
    giveUp: (userId: number, gameId: string, version?: number) =>
      move(userId, { kind: "give_up", gameId, version }),
  };
}

export type ArenaTurns = ReturnType<typeof createArenaTurns>;
