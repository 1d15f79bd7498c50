import {
  type Action,
  type BattleEvent,
  type BattleState,
  IDLE_FORFEIT,
  type Side,
  type StateMessage,
} from "@cardrealm/engine";
import { type Executor, nowIso } from "../db/executor.ts";
import { createGroupTransaction } from "../db/group-transaction.ts";
import { voidBattle } from "../db/repositories/battles-repo.ts";
import {
  type ArenaRecord,
  arenaActions,
  finishArena,
  loadArena,
  saveArenaState,
} from "../db/repositories/pvp-repo.ts";
import { offLoopDurability } from "../db/wal-sync.ts";
import type { RoomClock } from "../realtime/room-clock.ts";
import { Refused } from "../services/outcome.ts";
import type { RoomRegistry } from "./arena-room.ts";
import type { ArenaSettled, ArenaSettlement } from "./arena-settlement.ts";
import {
  type ArenaDeps,
  type ArenaSetup,
  type Loaded,
  type Settlement,
  sideOf,
  tagArenaOpponent,
} from "./arena-types.ts";
import { type ArenaSave, createArenaWriter } from "./arena-writer.ts";
import {
  type Advance,
  advance,
  type BattleMode,
  seatSnapshot,
  store,
  type Tag,
} from "./battle-core.ts";
import { isForeign } from "./battle-versions.ts";
import { refuse } from "./refusals.ts";

/**
 * PostgreSQL: settlement commits that may run at once, on a pool of their own
 * (`Db.lane("settlements")`: the main pool's requests and the settlements'
 * bursts do not wait for each other). With one on the main pool, the 2,000
 * games of bench/pvp that end within seconds queued for a commit each: 911-
 * 1,139 finished in the 60 s window against 1,506 now, a game's last end-turn
 * p99 2.7 s against 2.1 (six lanes: 1,681 and 1.5 s, with play-card p50 13.0
 * against 10.8 ms; bench/RESULTS.md, session 25).
 */
export const POSTGRES_SETTLEMENT_LANES = 3;

/**
 * The cache's copy of a game: the state as the JSON text that was saved, not
 * as objects. A game's state lives one move (1-2 s), long enough for the
 * young generation to promote it, so 2,000 games of state objects were old
 * garbage at ~10 MB/s and their full collections held the event loop 60-170 ms
 * (bench/pvp, --trace-gc). One string per game costs the collector next to
 * nothing; parsing it back costs a few microseconds per move. The action
 * list is not held at all (the UPDATE appends to it): it grew to ~2 KB a game
 * and was the other half of that garbage.
 */
interface Cached {
  rec: ArenaRecord;
  setup: ArenaSetup;
  stateJson: string;
}

/** A step of an arena game, saved (and settled, when it ended the game). */
export interface Applied {
  g: Loaded;
  events: BattleEvent[];
  settlement: Settlement | null;
  /** For the hook, after the commit. */
  finished: ArenaSettled["finished"];
}

/** One arena move as the mode stores it: the game after it and the row's update. */
interface ArenaMove {
  after: Loaded;
  save: ArenaSave;
}

/** An arena game as stored now (its row's state, setup and actions, parsed). */
export async function loadArenaGame(from: Executor, gameId: string): Promise<Loaded | undefined> {
  const rec = await loadArena(from, gameId);
  if (!rec) return undefined;
  return {
    rec: { battle: { ...rec.battle, state: "", actions: "", setup: "" }, game: rec.game },
    setup: JSON.parse(rec.battle.setup) as ArenaSetup,
    state: JSON.parse(rec.battle.state) as BattleState,
    actionsJson: rec.battle.actions,
  };
}

/**
 * The arena's storage plugged into the battle core: games cached in this
 * process, moves through the group-commit writer, final states settled in a
 * transaction shared with the games that end in the same tick.
 */
export function createArenaGames(
  deps: ArenaDeps,
  ctx: {
    roomClock: RoomClock;
    turnMs: number;
    rooms: () => RoomRegistry;
    settlement: ArenaSettlement;
  },
) {
  const { db, clock, catalogue, log } = deps;
  const { roomClock, settlement } = ctx;
  const k = db.kysely;
  const writer = createArenaWriter(db);
  /**
   * Games that end together settle in one commit (db/group-transaction.ts);
   * on PostgreSQL several such commits run at once (a game's settlement
   * touches only its own players' rows).
   */
  const settlements = createGroupTransaction(
    db.lane?.("settlements", POSTGRES_SETTLEMENT_LANES) ?? k,
    {
      durability: offLoopDurability(db),
      lanes: db.dialect === "postgres" ? POSTGRES_SETTLEMENT_LANES : 1,
    },
  );
  /** This process's copy of the games it serves (see apply: never trusted alone). */
  const cache = new Map<string, Cached>();

  function remember(g: Loaded, stateJson: string): void {
    cache.set(g.rec.battle.id, { rec: g.rec, setup: g.setup, stateJson });
  }

  function fromCache(gameId: string): Loaded | undefined {
    const c = cache.get(gameId);
    if (!c) return undefined;
    const state = JSON.parse(c.stateJson) as BattleState;
    return { rec: c.rec, setup: c.setup, state, actionsJson: null };
  }

  /** The game is over or gone here: forget it and stop its timers. */
  function forget(gameId: string): void {
    cache.delete(gameId);
    ctx.rooms().peek(gameId)?.dispose();
  }

  function load(gameId: string, from: Executor = k): Promise<Loaded | undefined> {
    return loadArenaGame(from, gameId);
  }

  /** The caller's seat in an active game; refuses a game that is not theirs or is over. */
  function seatIn<G extends { rec: ArenaRecord }>(
    g: G | undefined,
    userId: number,
  ): { g: G; side: Side } {
    const side = g ? sideOf(g, userId) : null;
    if (!g || side === null) throw refuse.noSuchBattle();
    if (g.rec.battle.status !== "active") throw refuse.over();
    return { g, side };
  }

  /**
   * The ids, and the clock a client needs to show the true time left: the
   * turn's deadline and the server's time (both on the room clock), and how
   * many more timed-out turns `side` may have before it forfeits.
   */
  function tag(g: Loaded, side: Side): Tag {
    const now = roomClock.now();
    return (d) => {
      d.game_id = g.rec.battle.id;
      tagArenaOpponent(d, g.setup, side);
      if (g.setup.mode === "friendly") d.friendly = true;
      d.server_time = now;
      d.idle_left = Math.max(0, IDLE_FORFEIT - g.state.sides[side].idle);
      if (!g.state.over) d.turn_deadline = Number(g.rec.game.turn_deadline);
    };
  }

  function snapshotFor(g: Loaded, side: Side): StateMessage[] {
    return seatSnapshot(g.state, side, catalogue, tag(g, side));
  }

  const mode: BattleMode<ArenaMove, ArenaSettled | { paid: null; finished: [] }> = {
    async save(m) {
      if (!(await writer.save(m.save))) {
        cache.delete(m.save.id);
        return false;
      }
      remember(m.after, m.save.state);
      return true;
    },
    async finish(m) {
      const id = m.save.id;
      const done = await settlements.run(async (trx) => {
        if (!(await saveArenaState(trx, m.save))) return null;
        const final = { ...m.after, actionsJson: await arenaActions(trx, id) };
        return (await settlement.settleIn(trx, final)) ?? { paid: null, finished: [] as [] };
      });
      cache.delete(id);
      return done;
    },
  };

  /** Pays a game whose stored state is over but which is still active; exactly once. */
  async function settleOverdue(g: Loaded): Promise<void> {
    const actionsJson = g.actionsJson ?? (await arenaActions(k, g.rec.battle.id));
    const done = await settlements.run((trx) => settlement.settleIn(trx, { ...g, actionsJson }));
    forget(g.rec.battle.id);
    if (done) settlement.runHooks(g.rec.battle.id, done.finished);
  }

  /** A game from another engine or catalogue version is closed unpaid (docs/decisions.md). */
  async function closeIfForeign(g: Loaded): Promise<boolean> {
    if (!isForeign(g.rec.battle, deps.versions)) return false;
    const id = g.rec.battle.id;
    await k.transaction().execute(async (trx) => {
      await voidBattle(trx, id, nowIso(clock));
      await finishArena(trx, id, nowIso(clock));
    });
    log.warn({ game: id }, "closed an arena game from another game version");
    forget(id);
    return true;
  }

  /**
   * Steps a game through the battle core with the action `decide` picks from
   * its current state (null: nothing to do), saving with the optimistic
   * version lock. The first try may use this process's cached copy of the
   * game; whatever the cache says that does not end in a committed save (a
   * refusal, nothing to do, a lost race) is decided again on a fresh load,
   * so a stale cache never decides alone.
   */
  async function apply(
    gameId: string,
    decide: (g: Loaded) => Action | null,
  ): Promise<Applied | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const cached = attempt === 0 ? fromCache(gameId) : undefined;
      const g = cached ?? (await load(gameId));
      if (g?.rec.battle.status !== "active") {
        // Over (perhaps finished on another process): nothing left to time here.
        forget(gameId);
        return null;
      }
      if (!cached && g.state.over) {
        // Over but never paid (an older build's crash): pay it now, once.
        await settleOverdue(g);
        return null;
      }
      if (!cached && (await closeIfForeign(g))) return null;
      const action = decide(g);
      if (!action) {
        if (cached) continue;
        return null;
      }
      let done: Advance;
      try {
        done = advance(g.state, action, catalogue);
      } catch (err) {
        if (cached && err instanceof Refused) continue;
        throw err;
      }
      const m = moveOf(g, action, done.state);
      const stored = await store(mode, m, done);
      if (!stored) continue;
      return {
        g: m.after,
        events: done.events,
        settlement: stored.settled?.paid ?? null,
        finished: stored.settled?.finished ?? [],
      };
    }
    return null;
  }

  function moveOf(g: Loaded, action: Action, next: BattleState): ArenaMove {
    const now = roomClock.now();
    const turnChanged = next.turn !== g.state.turn || next.active !== g.state.active;
    const deadline = turnChanged ? now + ctx.turnMs : Number(g.rec.game.turn_deadline);
    return {
      after: {
        rec: {
          battle: { ...g.rec.battle, version: next.version },
          game: { ...g.rec.game, turn_deadline: deadline },
        },
        setup: g.setup,
        state: next,
        actionsJson: null,
      },
      save: {
        id: g.rec.battle.id,
        expectedVersion: g.rec.battle.version,
        version: next.version,
        action: JSON.stringify(action),
        state: JSON.stringify(next),
        deadline: turnChanged ? deadline : null,
        now: nowIso(clock),
      },
    };
  }

  return {
    load,
    /** A cached copy if this process holds one (seats never change), else the stored game. */
    async seat(userId: number, gameId: string): Promise<{ side: Side }> {
      const c = cache.get(gameId);
      return { side: seatIn(c ?? (await load(gameId)), userId).side };
    },
    /** The caller's active game as stored now (not the cache). */
    async seatFresh(userId: number, gameId: string): Promise<{ g: Loaded; side: Side }> {
      return seatIn(await load(gameId), userId);
    },
    remember,
    apply,
    settleOverdue,
    closeIfForeign,
    tag,
    snapshotFor,
    clear: () => cache.clear(),
  };
}

export type ArenaGames = ReturnType<typeof createArenaGames>;
