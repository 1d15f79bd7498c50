import { randomInt, randomUUID } from "node:crypto";
import { safeEndTurn } from "@cardrealm/ai";
import type { ChapterDef, OpponentDef } from "@cardrealm/content";
import {
  type Action,
  type BattleEvent,
  type BattleState,
  type Catalogue,
  createBattle,
  messagesFor,
  type Side,
  type StateMessage,
  snapshotMessage,
  step,
} from "@cardrealm/engine";
import { DECK_MIN_CARDS, type EndTurnBody, MESSAGES, type PlayCardBody } from "@cardrealm/protocol";
import type { Db } from "../db/database.ts";
import { isUniqueViolation, nowIso } from "../db/executor.ts";
import {
  activeBattleOf,
  type BattleRow,
  findBattle,
  insertBattle,
  overButActive,
  saveBattleState,
  voidBattle,
} from "../db/repositories/battles-repo.ts";
import { decksOf, mapsOf } from "../db/repositories/collection-repo.ts";
import { findUserById } from "../db/repositories/users-repo.ts";
import { HttpError } from "../http/http-error.ts";
import type { Progression } from "../progression/progression.ts";
import { createBattleLock } from "./battle-lock.ts";
import { type BattleVersions, isForeign } from "./battle-versions.ts";
import { envFault, type FaultHook } from "./fault-points.ts";
import { endTurnAction, playCardAction, refusal } from "./pvp-actions.ts";
import {
  type StoredSetup,
  type StorySettlementDeps,
  settleStoryIn,
  storyStats,
} from "./story-settlement.ts";

const HUMAN: Side = 0;
/** Battles the story routes own: story opponents and the arena bot started from cpu/start. */
const STORY_MODES = new Set(["cpu", "bot"]);
const COMPUTER: Side = 1;
const MESSAGES_FOREIGN =
  "This battle was started by an earlier version of the game and has been closed; start it again.";

/** Chooses the computer's whole turn (plays, then end_turn). */
export type TurnPlanner = (state: BattleState, side: Side, opponent: OpponentDef) => Action[];

export interface CpuBattleDeps {
  db: Db;
  clock: () => number;
  catalogue: Catalogue;
  opponent: (id: number) => OpponentDef | undefined;
  chapterOf: (opponentId: number) => ChapterDef | undefined;
  bossIds: readonly number[];
  planTurn: TurnPlanner;
  /** Tests only (BATTLE_SEED): makes every battle's shuffle and AI the same. */
  fixedSeed?: number | undefined;
  log?: { error(obj: unknown, msg: string): void };
  /** Daily tasks, season xp and rewards, rank score (progression/); settle calls it. */
  progression?: Pick<Progression, "onBattleFinished">;
  /** The running engine and catalogue versions, stamped on every new battle. */
  versions: BattleVersions;
  /** Crash points (fault-points.ts); tests pass a throwing hook. Default: CARDREALM_FAULT. */
  fault?: FaultHook;
}

/**
 * Story battles against the computer: the server runs the engine, persists
 * every accepted action with a state snapshot, plays the computer's turn and
 * pays the result once.
 */
export function createCpuBattles(deps: CpuBattleDeps) {
  const { db, clock, catalogue } = deps;
  const k = db.kysely;
  const withBattle = createBattleLock();
  const fault = deps.fault ?? envFault;

  function decorate(row: { id: string; cpu_id: number }, messages: StateMessage[]): StateMessage[] {
    for (const m of messages) {
      if (m.game_data) {
        m.game_data.game_id = row.id;
        m.game_data.cpu_id = row.cpu_id;
        m.game_data.isPvP = false;
      }
    }
    return messages;
  }

  async function ownedActive(userId: number, gameId: string): Promise<BattleRow> {
    const row = await findBattle(k, gameId);
    // Arena games live in the same table; the story routes never touch them.
    if (!row || row.user_id !== userId || !STORY_MODES.has(row.mode))
      throw new HttpError(404, "not_found", "No such battle.");
    if (row.status !== "active") throw new HttpError(409, "conflict", "This battle is over.");
    if (await settleOverdue(row)) throw new HttpError(409, "conflict", "This battle is over.");
    if (await closeIfForeign(row)) throw new HttpError(409, "conflict", MESSAGES_FOREIGN);
    return row;
  }

  /** A battle from another engine or catalogue version is closed unpaid (docs/decisions.md). */
  async function closeIfForeign(row: BattleRow): Promise<boolean> {
    if (!isForeign(row, deps.versions)) return false;
    if (await voidBattle(k, row.id, nowIso(clock)))
      deps.log?.error({ battle: row.id }, "closed a battle from another game version");
    return true;
  }

  function moved(): HttpError {
    return new HttpError(409, "conflict", "The battle moved on; reload it and try again.");
  }

  /** The player's active story battle, after paying one that is over but unsettled. */
  async function activeOf(userId: number): Promise<BattleRow | undefined> {
    const row = await activeBattleOf(k, userId);
    if (!row || !STORY_MODES.has(row.mode)) return row;
    if ((await settleOverdue(row)) || (await closeIfForeign(row))) return undefined;
    return row;
  }

  function checkStart(
    opponentId: number,
    maps: number[],
    level: number,
  ): { opponent: OpponentDef; chapter: ChapterDef | undefined } {
    const opponent = deps.opponent(opponentId);
    // The arena bot (21, matchmaking's fallback) is in no chapter: it opens with the arena.
    if (opponent?.isBot) {
      if (level < opponent.level) throw new HttpError(403, "forbidden", MESSAGES.arenaLocked);
      return { opponent, chapter: undefined };
    }
    const chapter = deps.chapterOf(opponentId);
    if (!opponent || !chapter)
      throw new HttpError(404, "not_found", `No story opponent ${opponentId}.`);
    if (chapter.isPromo) throw new HttpError(400, "bad_request", "This chapter is coming soon.");
    if (level < chapter.level) {
      throw new HttpError(403, "forbidden", `Required chapter ${chapter.level - 1}`);
    }
    const order = chapter.opponents.indexOf(opponentId);
    const previous = order > 0 ? chapter.opponents[order - 1] : undefined;
    if (previous !== undefined && !maps.includes(previous)) {
      const name = deps.opponent(previous)?.name ?? "the previous opponent";
      throw new HttpError(403, "forbidden", `Beat ${name} first.`);
    }
    return { opponent, chapter };
  }

  const settlement: StorySettlementDeps = {
    clock,
    catalogue,
    chapterOf: deps.chapterOf,
    bossIds: deps.bossIds,
    progression: deps.progression,
    log: deps.log,
  };

  /**
   * Pays a battle whose saved state is over but which is still active (it
   * ended before the final state and its settlement shared a transaction, or
   * a crash hit between them): exactly once, whoever gets there first.
   */
  async function settleOverdue(row: BattleRow): Promise<boolean> {
    const state = JSON.parse(row.state) as BattleState;
    if (row.status !== "active" || !state.over) return false;
    const actions = JSON.parse(row.actions) as Action[];
    const stats = storyStats(settlement, row, actions);
    await k
      .transaction()
      .execute((trx) => settleStoryIn(trx, settlement, row, state, actions, stats));
    return true;
  }

  /** Runs the human's action, then the computer's turn if it is its move; saves; settles. */
  async function advance(row: BattleRow, action: Action): Promise<StateMessage[]> {
    let state = JSON.parse(row.state) as BattleState;
    const actions = JSON.parse(row.actions) as Action[];
    const first = step(state, action, catalogue);
    if (!first.ok) throw refusal(first.error.code, first.error.message);
    state = first.state;
    actions.push(action);
    const events: BattleEvent[] = [...first.events];

    if (!state.over && state.active === COMPUTER) {
      const setup = JSON.parse(row.setup) as StoredSetup;
      const opponent = deps.opponent(setup.cpuId);
      if (!opponent) throw new Error(`opponent ${setup.cpuId} vanished from content`);
      // Guard against a planner that never ends its turn.
      for (let guard = 0; guard < 20 && !state.over && state.active === COMPUTER; guard++) {
        const planned = deps.planTurn(state, COMPUTER, opponent);
        for (const a of planned.length ? planned : [safeEndTurn(state, COMPUTER)]) {
          let taken = a;
          let applied = step(state, taken, catalogue);
          if (!applied.ok) {
            deps.log?.error(
              { action: a, error: applied.error },
              "computer planned an illegal action",
            );
            taken = safeEndTurn(state, COMPUTER);
            applied = step(state, taken, catalogue);
            if (!applied.ok) throw new Error(`computer fallback refused: ${applied.error.message}`);
          }
          state = applied.state;
          actions.push(taken);
          events.push(...applied.events);
          if (state.over || state.active !== COMPUTER) break;
        }
      }
    }

    const save = {
      id: row.id,
      expectedVersion: row.version,
      version: state.version,
      actions: JSON.stringify(actions),
      state: JSON.stringify(state),
      now: nowIso(clock),
    };
    const messages = decorate(row, messagesFor(events, state, HUMAN, catalogue));
    if (!state.over) {
      if (!(await saveBattleState(k, save))) throw moved();
      return messages;
    }
    // The state that ends the battle and its settlement commit together (or not at all).
    const stats = storyStats(settlement, row, actions);
    const end = await k.transaction().execute(async (trx) => {
      if (!(await saveBattleState(trx, save))) throw moved();
      await fault("battle-final-state-saved");
      return settleStoryIn(trx, settlement, row, state, actions, stats);
    });
    const endMsg = messages.find((m) => m.end_game);
    if (end && endMsg) endMsg.end_game = end;
    return messages;
  }

  return {
    /**
     * Start-up: pays every story battle found over but unsettled (and
     * frees its player). Returns how many were settled.
     */
    async settleAllOverdue(): Promise<number> {
      let n = 0;
      for (const row of await overButActive(k)) {
        if (!STORY_MODES.has(row.mode)) continue;
        try {
          if (await settleOverdue(row)) n++;
        } catch (err) {
          deps.log?.error({ err, battle: row.id }, "an overdue battle could not be settled");
        }
      }
      return n;
    },

    async start(userId: number, cpuId: number): Promise<StateMessage[]> {
      const user = await findUserById(k, userId);
      if (!user) throw new HttpError(401, "unauthorized", "Please sign in again.");
      const active = await activeOf(userId);
      if (active) {
        if (active.cpu_id === cpuId) return this.current(userId).then((m) => m ?? []);
        throw new HttpError(409, "conflict", "Finish or surrender your current battle first.");
      }
      const maps = await mapsOf(k, userId);
      const { opponent } = checkStart(cpuId, maps, user.level);
      const deck = (await decksOf(k, userId)).get(user.active_deck) ?? [];
      const cards = deck.flatMap((c) => Array.from({ length: c.amount }, () => c.cardId));
      if (cards.length < DECK_MIN_CARDS)
        throw new HttpError(400, "deck_too_small", MESSAGES.deckTooSmall);

      const setup: StoredSetup = {
        seed: deps.fixedSeed ?? randomInt(0, 2 ** 31 - 1),
        opener: HUMAN,
        sides: [
          { name: user.nickname, deck: cards },
          { name: opponent.name, hp: opponent.hp, deck: [...opponent.deck] },
        ],
        cpuId,
      };
      const state = createBattle(setup, catalogue);
      const now = nowIso(clock);
      const row: BattleRow = {
        id: randomUUID(),
        user_id: userId,
        mode: opponent.isBot ? "bot" : "cpu",
        cpu_id: cpuId,
        status: "active",
        setup: JSON.stringify(setup),
        actions: "[]",
        state: JSON.stringify(state),
        version: state.version,
        winner: null,
        rewards: null,
        created_at: now,
        updated_at: now,
        engine_version: deps.versions.engine,
        catalogue_version: deps.versions.catalogue,
      };
      try {
        await insertBattle(k, row);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // A concurrent start won the one-active-battle index: answer its
        // battle if it is this opponent's, never a second one.
        const winner = await activeBattleOf(k, userId);
        if (winner && STORY_MODES.has(winner.mode) && winner.cpu_id === cpuId) {
          const current = await this.current(userId);
          if (current) return current;
        }
        throw new HttpError(409, "conflict", "Finish or surrender your current battle first.");
      }
      return decorate(row, [snapshotMessage(state, HUMAN, catalogue)]);
    },

    /** The active battle's current state (after a reload or a server restart), or null. */
    async current(userId: number): Promise<StateMessage[] | null> {
      const row = await activeOf(userId);
      if (!row || !STORY_MODES.has(row.mode)) return null;
      const state = JSON.parse(row.state) as BattleState;
      return decorate(row, [snapshotMessage(state, HUMAN, catalogue)]);
    },

    playCard(userId: number, body: PlayCardBody): Promise<StateMessage[]> {
      return withBattle(body.game_id, async () => {
        const row = await ownedActive(userId, body.game_id);
        const state = JSON.parse(row.state) as BattleState;
        return advance(row, playCardAction(state, HUMAN, body, catalogue));
      });
    },

    endTurn(userId: number, body: EndTurnBody): Promise<StateMessage[]> {
      return withBattle(body.game_id, async () => {
        const row = await ownedActive(userId, body.game_id);
        // A flag on a cell that cannot attack (empty, asleep, a wall) is
        // ignored rather than refused: the flags are a wish, the engine decides.
        const state = JSON.parse(row.state) as BattleState;
        return advance(row, endTurnAction(state, HUMAN, body, catalogue));
      });
    },

    giveUp(userId: number, gameId: string, version?: number): Promise<StateMessage[]> {
      return withBattle(gameId, async () => {
        const row = await ownedActive(userId, gameId);
        return advance(row, {
          type: "give_up",
          side: HUMAN,
          ...(version !== undefined ? { version } : {}),
        });
      });
    },
  };
}

export type CpuBattles = ReturnType<typeof createCpuBattles>;
