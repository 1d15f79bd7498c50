import { randomInt, randomUUID } from "node:crypto";
import { battleDeck } from "@cardrealm/content";
import {
  type BattleState,
  coinFlip,
  createBattle,
  type Side,
  type StateMessage,
} from "@cardrealm/engine";
import { DECK_MIN_CARDS, PVP } from "@cardrealm/protocol";
import { isUniqueViolation, nowIso } from "../db/executor.ts";
import { relaxedTransaction } from "../db/relaxed-commit.ts";
import { activeBattleOf, findBattle } from "../db/repositories/battles-repo.ts";
import { decksOf } from "../db/repositories/collection-repo.ts";
import {
  type ArenaGameRow,
  finishArena,
  insertArena,
  seatOf,
} from "../db/repositories/pvp-repo.ts";
import { findUserById, type UserRow } from "../db/repositories/users-repo.ts";
import { rankOf } from "../economy/ranks.ts";
import { botGameSetup } from "./arena-bot-identity.ts";
import type { ArenaContext } from "./arena-context.ts";
import { type ArenaSetup, BATTLE_MODE, humans, type Loaded } from "./arena-types.ts";
import { recordBattleStart } from "./battle-facts.ts";
import { isForeign, newBattleRow } from "./battle-versions.ts";
import { refuse } from "./refusals.ts";

/** A friendly game's player: a deck slot, or a rematch's cards (the last game's deck). */
export interface FriendlySeat {
  userId: number;
  deck: number | readonly number[];
}

/** Refuses a player who is in another battle, after freeing one that is over. */
async function assertArenaFree(ctx: ArenaContext, userId: number): Promise<void> {
  const { deps, games } = ctx;
  const { clock, log } = deps;
  const k = deps.db.kysely;
  const seat = await seatOf(k, userId);
  if (seat) {
    // A seat whose battles row was finished by something other than this
    // module (it should not happen) would lock the player out: free it.
    const battle = await findBattle(k, seat.game_id);
    if (battle && battle.status !== "active") {
      log.warn({ game: seat.game_id }, "arena seat of a finished battle freed");
      await k.transaction().execute((trx) => finishArena(trx, seat.game_id, nowIso(clock)));
    } else if (battle && (JSON.parse(battle.state) as BattleState).over) {
      // Over but never paid: pay it now and let the player play on.
      const g = await games.load(seat.game_id);
      if (g) await games.settleOverdue(g);
    } else if (battle && isForeign(battle, deps.versions)) {
      const g = await games.load(seat.game_id);
      if (g) await games.closeIfForeign(g);
    } else {
      throw refuse.conflict("Finish your arena battle first.");
    }
  }
  if (await activeBattleOf(k, userId)) throw refuse.busy();
}

/**
 * Cancels the player's match still being confirmed, if any, and tells the
 * other player at once (opponent_leave), so their queue says so instead
 * of learning it at its next confirm poll.
 */
async function leaveArenaMatch(ctx: ArenaContext, userId: number): Promise<void> {
  const { deps } = ctx;
  const now = deps.room.now();
  const live = await deps.store.liveMatchOf(userId, now);
  const cancelled = await deps.store.cancelMatchOf(userId, now);
  if (!live || cancelled !== live.id) return;
  const other = live.p0 === userId ? live.p1 : live.p0;
  deps.send(other, { type: "opponent_leave", players: live.id });
}

/**
 * Starting arena games: who may play (level, deck, no other battle), the
 * rows of a new PvP or bot game, its rooms and first timers.
 */
export function createArenaStart(ctx: ArenaContext, armTimers: (g: Loaded) => void) {
  const { deps, games, rooms, timing } = ctx;
  const { db, clock, catalogue } = deps;
  const k = db.kysely;

  async function arenaUser(userId: number): Promise<{ user: UserRow; deck: number[] }> {
    const user = await findUserById(k, userId);
    if (!user) throw refuse.signInAgain();
    if (user.level < PVP.arenaLevel) throw refuse.arenaLocked();
    return { user, deck: await deckCards(userId, user.active_deck) };
  }

  /** A deck slot's cards, one id per copy; refuses a deck too small to play. */
  async function deckCards(userId: number, slot: number): Promise<number[]> {
    const deck = (await decksOf(k, userId)).get(slot) ?? [];
    const cards = battleDeck(deck.map((c) => ({ id: c.cardId, amount: c.amount })));
    if (cards.length < DECK_MIN_CARDS) throw refuse.deckTooSmall();
    return cards;
  }

  /**
   * A player of a friendly game (issue 24) with the deck slot they chose:
   * no arena level needed (a new guest may play a friend).
   */
  async function friendlyUser(seat: FriendlySeat): Promise<{ user: UserRow; deck: number[] }> {
    const user = await findUserById(k, seat.userId);
    if (!user) throw refuse.signInAgain();
    const deck =
      typeof seat.deck === "number" ? await deckCards(seat.userId, seat.deck) : [...seat.deck];
    return { user, deck };
  }

  /** Refuses a player who is in another battle, after freeing one that is over. */
  const assertFree = (userId: number): Promise<void> => assertArenaFree(ctx, userId);

  const leaveMatch = (userId: number): Promise<void> => leaveArenaMatch(ctx, userId);

  async function createGame(setup: ArenaSetup, now: number): Promise<Loaded> {
    const state = createBattle(setup, catalogue);
    const id = randomUUID();
    const iso = nowIso(clock);
    const opening = timing.openingTurnMs + (setup.mode === "bot" ? 0 : timing.startAllowanceMs);
    const game: ArenaGameRow = {
      id,
      mode: setup.mode,
      player0: setup.players[0],
      player1: setup.players[1],
      status: "active",
      turn_deadline: now + opening,
      created_at: iso,
      updated_at: iso,
    };
    const battle = newBattleRow({
      id,
      userId: setup.players[0],
      mode: BATTLE_MODE[setup.mode],
      // 0, not 21: story's cpu/start treats an active row with the asked
      // cpu_id as its own battle to resume. The setup keeps the bot's id.
      cpuId: 0,
      setup,
      state,
      now: iso,
      versions: deps.versions,
    });
    const seats = setup.players.flatMap((u, side) => (u === null ? [] : [{ user_id: u, side }]));
    try {
      // No money or cards move here: the commit need not wait for the disk
      // (db/relaxed-commit.ts). When a wave of games ends and starts again,
      // each such fsync also flushed the moves' WAL (bench/RESULTS.md).
      await relaxedTransaction(db, async (trx) => {
        await insertArena(trx, battle, game, seats);
        for (const seat of seats)
          await recordBattleStart(trx, battle, { userId: seat.user_id, side: seat.side as Side });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw refuse.busy();
      throw err;
    }
    const g: Loaded = {
      rec: { battle: { ...battle, state: "", actions: "", setup: "" }, game },
      setup,
      state,
      actionsJson: "[]",
    };
    games.remember(g, battle.state);
    for (const h of humans(g)) rooms.get(id).join(h.userId);
    armTimers(g);
    return g;
  }

  async function createPvp(p0: number, p1: number): Promise<Loaded> {
    const [a, b] = await Promise.all([arenaUser(p0), arenaUser(p1)]);
    return createTwoPlayer("pvp", [p0, a], [p1, b]);
  }

  type Player = [number, { user: UserRow; deck: number[] }];

  function createTwoPlayer(mode: "pvp" | "friendly", [p0, a]: Player, [p1, b]: Player) {
    const seed = randomInt(0, 2 ** 31 - 1);
    return createGame(
      {
        seed,
        opener: coinFlip(seed),
        sides: [
          { name: a.user.nickname, deck: a.deck },
          { name: b.user.nickname, deck: b.deck },
        ],
        mode,
        players: [p0, p1],
        cpuId: 0,
        ranks: [rankOf(a.user.rank_score).rank, rankOf(b.user.rank_score).rank],
      },
      deps.room.now(),
    );
  }

  /**
   * A friendly game (issue 24) between two players with the deck slots they
   * chose: the arena's clocks, reconnect and idle rules; it pays nothing
   * (arena-settlement.ts). Both must be free of other battles.
   */
  async function createFriendly(p0: FriendlySeat, p1: FriendlySeat): Promise<Loaded> {
    const [a, b] = await Promise.all([friendlyUser(p0), friendlyUser(p1)]);
    await assertFree(p0.userId);
    await assertFree(p1.userId);
    return createTwoPlayer("friendly", [p0.userId, a], [p1.userId, b]);
  }

  /**
   * A game against the arena bot (opponent 21), which passes for a player
   * (issue 24 item 7): a player's name and a rank near the human's
   * (arena-bot-identity.ts), and the first player drawn from the seed as in
   * PvP. Arena rewards.
   */
  async function startBot(userId: number): Promise<StateMessage[]> {
    const { user, deck } = await arenaUser(userId);
    await assertFree(userId);
    await deps.store.leave(userId);
    await leaveMatch(userId);
    const seed = randomInt(0, 2 ** 31 - 1);
    const g = await createGame(
      botGameSetup(
        seed,
        { userId, nickname: user.nickname, rankScore: user.rank_score, deck },
        deps.bot,
      ),
      deps.room.now(),
    );
    return games.snapshotFor(g, 0);
  }

  return { arenaUser, friendlyUser, assertFree, createPvp, createFriendly, startBot, leaveMatch };
}

export type ArenaStart = ReturnType<typeof createArenaStart>;
