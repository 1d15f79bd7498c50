import { randomInt, randomUUID } from "node:crypto";
import {
  type Action,
  type BattleState,
  createBattle,
  type Side,
  type StateMessage,
} from "@cardrealm/engine";
import type { EndTurnBody, PlayCardBody, PracticeOpponent } from "@cardrealm/protocol";
import { type Executor, isUniqueViolation, nowIso } from "../db/executor.ts";
import { createGroupTransaction } from "../db/group-transaction.ts";
import { relaxedTransaction } from "../db/relaxed-commit.ts";
import {
  actionsAt,
  activeBattleOf,
  type BattleRow,
  findBattle,
  insertBattle,
  overButActive,
  saveBattleState,
  saveMoveRelaxedPostgres,
  voidBattle,
} from "../db/repositories/battles-repo.ts";
import { findUserById } from "../db/repositories/users-repo.ts";
import { offLoopDurability } from "../db/wal-sync.ts";
import { type Outcome, outcomeOf, Refused } from "../services/outcome.ts";
import { createArenaWriter } from "./arena-writer.ts";
import {
  advance,
  type BattleMode,
  seatMessages,
  seatSnapshot,
  store,
  type Tag,
} from "./battle-core.ts";
import { recordBattleEnd, recordBattleStart } from "./battle-facts.ts";
import { createBattleLock } from "./battle-lock.ts";
import { isForeign, newBattleRow } from "./battle-versions.ts";
import { playComputerTurn, type TurnPlanner } from "./computer-player.ts";
import { envFault } from "./fault-points.ts";
import { actionFor, gameIdOf, type WireIntent } from "./intents.ts";
import { PRACTICE_MODE, settlePracticeIn } from "./practice.ts";
import { createPracticeStart } from "./practice-start.ts";
import { refuse } from "./refusals.ts";
import type { StoryBattleDeps } from "./story-battle-deps.ts";
import { createLiveBattles, type StoryRow, storyRowOf } from "./story-live.ts";
import {
  type EndGame,
  type SettledRow,
  type StoredSetup,
  type StorySettlementDeps,
  settleStoryIn,
  storyStats,
} from "./story-settlement.ts";
import { storySetupFor } from "./story-start.ts";

export type { StoryBattleDeps } from "./story-battle-deps.ts";
export type { TurnPlanner };

const HUMAN: Side = 0;
const COMPUTER: Side = 1;
/**
 * Battles the story routes own: story opponents, the arena bot started from
 * cpu/start, and practice battles (deck challenges, battles/practice.ts).
 */
const STORY_MODES = new Set(["cpu", "bot", PRACTICE_MODE]);

/**
 * A story battle as a move plays on it: its fixed row and its state, from
 * the stored row or from this process's live battles (story-live.ts), and
 * the stored actions' JSON when the row was read (else read at the end).
 */
interface StoryGame {
  row: StoryRow;
  state: BattleState;
  storedActions?: string;
}

/**
 * Story battles against the computer (and the arena bot started from
 * cpu/start, and deck challenges: mode practice, battles/practice*.ts, paid
 * nothing): the story's plug-ins into the battle core. The computer
 * answers in the same call (its whole turn), every accepted call is saved
 * with its state, and the final state is saved and paid in one transaction.
 *
 * Speed (bench/api; docs/decisions.md, "Hot paths: story moves and box
 * openings"): a move that does not end the battle appends its actions to the
 * stored list and commits without waiting for the disk, in the arena's
 * group-commit writer; the state this process saved last is kept in memory,
 * so the next move reads nothing.
 */
export function createStoryBattles(deps: StoryBattleDeps) {
  const { db, clock, catalogue } = deps;
  const k = db.kysely;
  const withBattle = createBattleLock();
  const fault = deps.fault ?? envFault;
  const live = createLiveBattles();
  // SQLite: the arena's group-commit writer (statements compiled once,
  // synchronous = NORMAL); PostgreSQL: one relaxed statement a move.
  const writer = db.sqlite ? createArenaWriter(db) : undefined;
  // SQLite: battles that end together share one commit, each in its own
  // savepoint (db/group-transaction.ts, as the arena's settlements and the
  // boxes), answered once the WAL is synced off the event loop. PostgreSQL
  // keeps one transaction per battle (its commit does not block the loop).
  const group =
    db.dialect === "sqlite"
      ? createGroupTransaction(k, { durability: offLoopDurability(db) })
      : undefined;
  const paying = <T>(work: (trx: Executor) => Promise<T>): Promise<T> =>
    group ? group.run(work) : k.transaction().execute(work);
  // A new battle moves no gems or cards: on SQLite its insert commits without
  // the fsync, like an arena game's creation (docs/decisions.md).
  // Its battle_start fact (battle-facts.ts) commits with it.
  const insertNew = (row: BattleRow): Promise<void> =>
    relaxedTransaction(db, async (trx) => {
      await insertBattle(trx, row);
      await recordBattleStart(trx, row, { userId: row.user_id, side: HUMAN });
    });

  const tag =
    (row: Pick<StoryRow, "id" | "cpu_id">): Tag =>
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
    paidBattles: deps.paidBattles,
    progression: deps.progression,
    log: deps.log,
  };

  /** Pays a finished battle in `trx`: the story's rewards, or nothing for a practice battle. */
  async function settleIn(trx: Executor, row: SettledRow, state: BattleState, actions: Action[]) {
    const end =
      row.mode === PRACTICE_MODE
        ? await settlePracticeIn(trx, row, state, clock)
        : await settleStoryIn(
            trx,
            settlement,
            row,
            state,
            actions,
            storyStats(settlement, row, actions),
          );
    const seat = { userId: row.user_id, side: HUMAN, gems: end?.result?.rewards.silver ?? 0 };
    if (end) await recordBattleEnd(trx, row, state, seat, nowIso(clock));
    return end;
  }

  /**
   * The story's storage: one row per battle. A move appends its actions (the
   * UPDATE adds them to the stored list) and commits relaxed, like an arena
   * move; the final save writes the whole list and pays in one FULL transaction.
   */
  const mode: BattleMode<StoryGame, { end: EndGame | undefined }> = {
    save: (g, done) => {
      const move = {
        id: g.row.id,
        expectedVersion: g.state.version,
        version: done.state.version,
        action: JSON.stringify(done.actions).slice(1, -1),
        state: JSON.stringify(done.state),
        now: nowIso(clock),
      };
      return writer ? writer.save({ ...move, deadline: null }) : saveMoveRelaxedPostgres(k, move);
    },
    async finish(g, done) {
      const stored = g.storedActions ?? (await actionsAt(k, g.row.id, g.state.version));
      if (stored === undefined) return null;
      const actions = [...(JSON.parse(stored) as Action[]), ...done.actions];
      const save = {
        id: g.row.id,
        expectedVersion: g.state.version,
        version: done.state.version,
        actions: JSON.stringify(actions),
        state: JSON.stringify(done.state),
        now: nowIso(clock),
      };
      return paying(async (trx) => {
        if (!(await saveBattleState(trx, save))) return null;
        await fault("battle-final-state-saved");
        return { end: await settleIn(trx, g.row, done.state, actions) };
      });
    },
  };

  /** The computer's answer to the human's step: its whole turn, when the turn is its. */
  function computerAnswer(row: StoryRow) {
    return (state: BattleState) => {
      if (state.active !== COMPUTER) return { state, actions: [], events: [] };
      // The row's cpu_id is the setup's (set together at the insert): no parse of the setup every turn.
      const cpuId = row.cpu_id ?? (JSON.parse(row.setup) as StoredSetup).cpuId;
      const opponent = deps.opponent(cpuId);
      if (!opponent) throw new Error(`opponent ${cpuId} vanished from content`);
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

  /**
   * Step, the computer's answer, save (and pay), messages; null when the
   * save lost to a newer stored version. The state saved is kept live.
   */
  async function play(g: StoryGame, intent: WireIntent): Promise<StateMessage[] | null> {
    const action = actionFor(intent, g.state, HUMAN, catalogue);
    const done = advance(g.state, action, catalogue, computerAnswer(g.row));
    const stored = await store(mode, g, done);
    if (!stored) return null;
    live.put({ row: g.row, state: done.state });
    return seatMessages(done.events, done.state, HUMAN, catalogue, tag(g.row), stored.settled?.end);
  }

  /**
   * A human's intent through the core. On this process's live state first:
   * if the save finds the stored battle moved on (another process, a
   * restart's settlement) or the move is refused there, the live state may
   * be stale, so the move is played again on the stored row, exactly as
   * without the live state: the answer never comes from a stale state.
   */
  function move(userId: number, intent: WireIntent): Promise<Outcome<StateMessage[]>> {
    const gameId = gameIdOf(intent);
    return outcomeOf(() =>
      withBattle(gameId, async () => {
        const cached = live.take(gameId);
        if (cached && cached.row.user_id === userId) {
          try {
            const answer = await play(cached, intent);
            if (answer) return answer;
          } catch (err) {
            if (!(err instanceof Refused)) throw err;
          }
        }
        const row = await ownedActive(userId, gameId);
        const g: StoryGame = {
          row: storyRowOf(row),
          state: JSON.parse(row.state) as BattleState,
          storedActions: row.actions,
        };
        const answer = await play(g, intent);
        if (!answer) throw refuse.movedOn();
        return answer;
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
      await insertNew(row);
      live.put({ row: storyRowOf(row), state });
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
    const { opponent, setup } = await storySetupFor(k, deps, user, cpuId, seed());
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
