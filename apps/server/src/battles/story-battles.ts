import { randomInt, randomUUID } from "node:crypto";
import type { ChapterDef, OpponentDef } from "@cardrealm/content";
import {
  type Action,
  type BattleState,
  type Catalogue,
  createBattle,
  type Side,
  type StateMessage,
} from "@cardrealm/engine";
import {
  DECK_MIN_CARDS,
  type EndTurnBody,
  type PlayCardBody,
  type PracticeOpponent,
} from "@cardrealm/protocol";
import type { Db } from "../db/database.ts";
import { type Executor, isUniqueViolation, nowIso } from "../db/executor.ts";
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
import type { Progression } from "../progression/progression.ts";
import { type Outcome, outcomeOf } from "../services/outcome.ts";
import {
  type Advance,
  advance,
  type BattleMode,
  seatMessages,
  seatSnapshot,
  store,
  type Tag,
} from "./battle-core.ts";
import { createBattleLock } from "./battle-lock.ts";
import { type BattleVersions, isForeign, newBattleRow } from "./battle-versions.ts";
import { playComputerTurn, type TurnPlanner } from "./computer-player.ts";
import { envFault, type FaultHook } from "./fault-points.ts";
import { actionFor, gameIdOf, type WireIntent } from "./intents.ts";
import { PRACTICE_MODE, settlePracticeIn } from "./practice.ts";
import { createPracticeStart } from "./practice-start.ts";
import { refuse } from "./refusals.ts";
import {
  type EndGame,
  type StoredSetup,
  type StorySettlementDeps,
  settleStoryIn,
  storyStats,
} from "./story-settlement.ts";
import { checkStoryStart } from "./story-start.ts";

export type { TurnPlanner };

const HUMAN: Side = 0;
const COMPUTER: Side = 1;
/**
 * Battles the story routes own: story opponents, the arena bot started from
 * cpu/start, and practice battles (deck challenges, battles/practice.ts).
 */
const STORY_MODES = new Set(["cpu", "bot", PRACTICE_MODE]);

export interface StoryBattleDeps {
  db: Db;
  clock: () => number;
  catalogue: Catalogue;
  opponent: (id: number) => OpponentDef | undefined;
  /** Every computer opponent (the practice list picks the ones a player has met). */
  opponents: readonly OpponentDef[];
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

/** A story battle as loaded: its row and the actions stored so far. */
interface StoryGame {
  row: BattleRow;
  actions: Action[];
}

/**
 * Story battles against the computer (and the arena bot started from
 * cpu/start, and deck challenges: mode practice, battles/practice*.ts, paid
 * nothing): the story's plug-ins into the battle core. The computer
 * answers in the same call (its whole turn), every accepted call is saved
 * with its state, and the final state is saved and paid in one transaction.
 */
export function createStoryBattles(deps: StoryBattleDeps) {
  const { db, clock, catalogue } = deps;
  const k = db.kysely;
  const withBattle = createBattleLock();
  const fault = deps.fault ?? envFault;

  const tag =
    (row: { id: string; cpu_id: number }): Tag =>
    (d) => {
      d.game_id = row.id;
      d.cpu_id = row.cpu_id;
      d.isPvP = false;
    };

  const snapshot = (row: BattleRow) =>
    seatSnapshot(JSON.parse(row.state) as BattleState, HUMAN, catalogue, tag(row));

  const settlement: StorySettlementDeps = {
    clock,
    catalogue,
    chapterOf: deps.chapterOf,
    bossIds: deps.bossIds,
    progression: deps.progression,
    log: deps.log,
  };

  function saveOf(g: StoryGame, done: Advance) {
    return {
      id: g.row.id,
      expectedVersion: g.row.version,
      version: done.state.version,
      actions: JSON.stringify([...g.actions, ...done.actions]),
      state: JSON.stringify(done.state),
      now: nowIso(clock),
    };
  }

  /** Pays a finished battle in `trx`: the story's rewards, or nothing for a practice battle. */
  function settleIn(trx: Executor, row: BattleRow, state: BattleState, actions: Action[]) {
    if (row.mode === PRACTICE_MODE) return settlePracticeIn(trx, row, state, clock);
    const stats = storyStats(settlement, row, actions);
    return settleStoryIn(trx, settlement, row, state, actions, stats);
  }

  /** The story's storage: one row per battle; the final save pays in its transaction. */
  const mode: BattleMode<StoryGame, { end: EndGame | undefined }> = {
    save: (g, done) => saveBattleState(k, saveOf(g, done)),
    async finish(g, done) {
      const actions = [...g.actions, ...done.actions];
      return k.transaction().execute(async (trx) => {
        if (!(await saveBattleState(trx, saveOf(g, done)))) return null;
        await fault("battle-final-state-saved");
        return { end: await settleIn(trx, g.row, done.state, actions) };
      });
    },
  };

  /** The computer's answer to the human's step: its whole turn, when the turn is its. */
  function computerAnswer(row: BattleRow) {
    return (state: BattleState) => {
      if (state.active !== COMPUTER) return { state, actions: [], events: [] };
      const setup = JSON.parse(row.setup) as StoredSetup;
      const opponent = deps.opponent(setup.cpuId);
      if (!opponent) throw new Error(`opponent ${setup.cpuId} vanished from content`);
      return playComputerTurn(
        state,
        COMPUTER,
        (s) => deps.planTurn(s, COMPUTER, opponent),
        catalogue,
        deps.log,
      );
    };
  }

  /**
   * Pays a battle whose saved state is over but which is still active (it
   * ended before the final state and its settlement shared a transaction, or
   * a crash hit between them): exactly once, whoever gets there first.
   */
  async function settleOverdue(row: BattleRow): Promise<boolean> {
    const state = JSON.parse(row.state) as BattleState;
    if (row.status !== "active" || !state.over) return false;
    const actions = JSON.parse(row.actions) as Action[];
    await k.transaction().execute((trx) => settleIn(trx, row, state, actions));
    return true;
  }

  /** A battle from another engine or catalogue version is closed unpaid (docs/decisions.md). */
  async function closeIfForeign(row: BattleRow): Promise<boolean> {
    if (!isForeign(row, deps.versions)) return false;
    if (await voidBattle(k, row.id, nowIso(clock)))
      deps.log?.error({ battle: row.id }, "closed a battle from another game version");
    return true;
  }

  async function ownedActive(userId: number, gameId: string): Promise<BattleRow> {
    const row = await findBattle(k, gameId);
    // Arena games live in the same table; the story routes never touch them.
    if (!row || row.user_id !== userId || !STORY_MODES.has(row.mode)) throw refuse.noSuchBattle();
    if (row.status !== "active") throw refuse.over();
    if (await settleOverdue(row)) throw refuse.over();
    if (await closeIfForeign(row)) throw refuse.foreign();
    return row;
  }

  /** The player's active story battle, after paying one that is over but unsettled. */
  async function activeOf(userId: number): Promise<BattleRow | undefined> {
    const row = await activeBattleOf(k, userId);
    if (!row || !STORY_MODES.has(row.mode)) return row;
    if ((await settleOverdue(row)) || (await closeIfForeign(row))) return undefined;
    return row;
  }

  async function current(userId: number): Promise<StateMessage[] | null> {
    const row = await activeOf(userId);
    if (!row || !STORY_MODES.has(row.mode)) return null;
    return snapshot(row);
  }

  /** A human's intent through the core: step, the computer's answer, save (and pay), messages. */
  function move(userId: number, intent: WireIntent): Promise<Outcome<StateMessage[]>> {
    const gameId = gameIdOf(intent);
    return outcomeOf(() =>
      withBattle(gameId, async () => {
        const row = await ownedActive(userId, gameId);
        const g: StoryGame = { row, actions: JSON.parse(row.actions) as Action[] };
        const state = JSON.parse(row.state) as BattleState;
        const action = actionFor(intent, state, HUMAN, catalogue);
        const done = advance(state, action, catalogue, computerAnswer(row));
        const stored = await store(mode, g, done);
        if (!stored) throw refuse.movedOn();
        return seatMessages(
          done.events,
          done.state,
          HUMAN,
          catalogue,
          tag(row),
          stored.settled?.end,
        );
      }),
    );
  }

  /** Is `active` the battle this start asks for (a double click resumes it, never a second one)? */
  const sameStart = (mode: "story" | "practice", cpuId: number) => (active: BattleRow) =>
    active.cpu_id === cpuId && (active.mode === PRACTICE_MODE) === (mode === "practice");

  /** Refuses a player already in another battle; answers the same battle's state on a repeat. */
  async function runningStart(userId: number, same: (active: BattleRow) => boolean) {
    const active = await activeOf(userId);
    if (!active) return null;
    if (same(active)) return (await current(userId)) ?? [];
    throw refuse.busy();
  }

  /** Stores a new battle and answers its opening (a concurrent start's battle if it won). */
  async function begin(
    userId: number,
    mode: string,
    setup: StoredSetup,
    same: (active: BattleRow) => boolean,
  ): Promise<StateMessage[]> {
    const state = createBattle(setup, catalogue);
    const row: BattleRow = newBattleRow({
      id: randomUUID(),
      userId,
      mode,
      cpuId: setup.cpuId,
      setup,
      state,
      now: nowIso(clock),
      versions: deps.versions,
    });
    try {
      await insertBattle(k, row);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // A concurrent start won the one-active-battle index: answer its
      // battle if it is this one, never a second one.
      const winner = await activeBattleOf(k, userId);
      if (winner && STORY_MODES.has(winner.mode) && same(winner)) {
        const resumed = await current(userId);
        if (resumed) return resumed;
      }
      throw refuse.busy();
    }
    return snapshot(row);
  }

  const seed = () => deps.fixedSeed ?? randomInt(0, 2 ** 31 - 1);

  async function start(userId: number, cpuId: number): Promise<StateMessage[]> {
    const user = await findUserById(k, userId);
    if (!user) throw refuse.signInAgain();
    const same = sameStart("story", cpuId);
    const running = await runningStart(userId, same);
    if (running) return running;
    const maps = await mapsOf(k, userId);
    const { opponent } = checkStoryStart(deps, cpuId, maps, user.level);
    const deck = (await decksOf(k, userId)).get(user.active_deck) ?? [];
    const cards = deck.flatMap((c) => Array.from({ length: c.amount }, () => c.cardId));
    if (cards.length < DECK_MIN_CARDS) throw refuse.deckTooSmall();
    const setup: StoredSetup = {
      seed: seed(),
      opener: HUMAN,
      sides: [
        { name: user.nickname, deck: cards },
        { name: opponent.name, hp: opponent.hp, deck: [...opponent.deck] },
      ],
      cpuId,
    };
    return begin(userId, opponent.isBot ? "bot" : "cpu", setup, same);
  }

  const practice = createPracticeStart({
    db,
    deps,
    running: runningStart,
    begin: (userId, setup, same) => begin(userId, PRACTICE_MODE, setup, same),
    sameStart: (cpuId) => sameStart("practice", cpuId),
    seed,
  });

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

    start: (userId: number, cpuId: number): Promise<Outcome<StateMessage[]>> =>
      outcomeOf(() => start(userId, cpuId)),

    /** POST /api/game/practice/start: played on through the cpu routes, paid nothing. */
    startPractice: (userId: number, deckCode: string, cpuId: number) =>
      outcomeOf(() => practice.start(userId, deckCode, cpuId)),

    practiceOpponents: (userId: number): Promise<Outcome<PracticeOpponent[]>> =>
      outcomeOf(() => practice.opponents(userId)),

    /** The active battle's current state (after a reload or a server restart), or null. */
    current: (userId: number): Promise<Outcome<StateMessage[] | null>> =>
      outcomeOf(() => current(userId)),

    playCard: (userId: number, body: PlayCardBody) => move(userId, { kind: "play_card", body }),
    endTurn: (userId: number, body: EndTurnBody) => move(userId, { kind: "end_turn", body }),
    giveUp: (userId: number, gameId: string, version?: number) =>
      move(userId, { kind: "give_up", gameId, version }),
  };
}

export type StoryBattles = ReturnType<typeof createStoryBattles>;
