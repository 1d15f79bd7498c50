import { randomBytes } from "node:crypto";
import type { Catalogue, EndGameMsg, Side } from "@cardrealm/engine";
import {
  REPLAY_LIST_LIMIT,
  type Replay,
  type ReplayShare,
  type ReplaySummary,
} from "@cardrealm/protocol";
import { type BattleVersions, isForeign } from "../battles/battle-versions.ts";
import type { Db } from "../db/database.ts";
import { nowIso } from "../db/executor.ts";
import {
  type FinishedBattle,
  findShare,
  finishedBattlesOf,
  insertShareOnce,
  paidUnder,
  type ReplayableBattle,
  replayableBattle,
  sharesOf,
} from "../db/repositories/replays-repo.ts";
import { type Outcome, outcomeOf, Refused } from "../services/outcome.ts";
import { Lru } from "./lru.ts";
import { type Rebuilt, rebuildReplay } from "./replay-builder.ts";
import { seatOf, summaryOf } from "./replay-summary.ts";

/**
 * Replays (issue 16, docs/replays.md): the list of a player's finished
 * battles, one battle's replay for the seat the caller sat on, a share id
 * for it, and a shared replay by its id. A battle the caller did not play
 * answers exactly like a missing one: an id alone reaches nothing.
 */

export const REPLAY_MESSAGES = {
  noSuchReplay: "No such replay.",
  unavailable:
    "This replay was recorded by an earlier version of the game and can no longer be shown.",
} as const;

const noSuchReplay = () => new Refused("not_found", REPLAY_MESSAGES.noSuchReplay);

/** A share id: 128 random bits, base64url (22 characters), unrelated to the battle id. */
export function newShareId(): string {
  return randomBytes(16).toString("base64url");
}

export interface ReplayDeps {
  db: Db;
  clock: () => number;
  catalogue: Catalogue;
  /** The running engine and catalogue versions: a battle of others is unavailable. */
  versions: BattleVersions;
  /** Built replays kept (battle id + seat); default 64. */
  cacheSize?: number;
  log?: { warn(obj: unknown, msg: string): void };
}

export function createReplays(deps: ReplayDeps) {
  const { db, catalogue, versions } = deps;
  const k = db.kysely;
  /** Rebuilt replays by `battle id:side`: a finished battle never changes. */
  const built = new Lru<string, Rebuilt>(deps.cacheSize ?? 64);
  /** Battles known not to replay (the list marks them unavailable without a rebuild). */
  const broken = new Lru<string, true>(10_000);
  let rebuilds = 0;

  /** The pay the seat saw in its end_game: side 0's is on the row, a PvP side 1's in the ledger. */
  async function endOf(b: ReplayableBattle, side: Side): Promise<Partial<EndGameMsg>> {
    const silver =
      side === 0
        ? (b.rewards ?? 0)
        : b.player1 === null
          ? 0
          : await paidUnder(k, b.player1, `arena:${b.id}:${b.player1}`);
    return { result: { rewards: { silver } } };
  }

  async function rebuilt(b: ReplayableBattle, side: Side): Promise<Rebuilt> {
    const key = `${b.id}:${side}`;
    const cached = built.get(key);
    if (cached) return cached;
    rebuilds++;
    const r = rebuildReplay(b, side, catalogue, versions, await endOf(b, side));
    if (!r.ok) {
      broken.set(b.id, true);
      deps.log?.warn({ battle: b.id, reason: r.reason, detail: r.detail }, "replay unavailable");
    }
    built.set(key, r);
    return r;
  }

  const available = (b: FinishedBattle) => !isForeign(b, versions) && !broken.get(b.id);

  /** The replay of `b` from `side`: its summary plus the steps, or 409 replay_unavailable. */
  async function replayOf(
    b: ReplayableBattle,
    side: Side,
    shareId: string | null,
  ): Promise<Replay> {
    const r = await rebuilt(b, side);
    if (!r.ok) throw new Refused("replay_unavailable", REPLAY_MESSAGES.unavailable);
    const summary = summaryOf(b, side, { available: true, shareId });
    if (!summary) throw noSuchReplay();
    return {
      ...summary,
      engine_version: b.engine_version ?? versions.engine,
      catalogue_version: b.catalogue_version ?? versions.catalogue,
      steps: r.steps,
    };
  }

  /** The caller's own finished battle and seat, or the same 404 as a missing id. */
  async function ownBattle(userId: number, battleId: string) {
    const b = await replayableBattle(k, battleId);
    const side = b ? seatOf(b, userId) : null;
    if (!b || side === null) throw noSuchReplay();
    return { b, side };
  }

  return {
    list(userId: number): Promise<Outcome<ReplaySummary[]>> {
      return outcomeOf(async () => {
        const rows = await finishedBattlesOf(k, userId, REPLAY_LIST_LIMIT);
        const shares = await sharesOf(
          k,
          userId,
          rows.map((r) => r.id),
        );
        return rows.flatMap((b) => {
          const side = seatOf(b, userId);
          if (side === null) return [];
          const s = summaryOf(b, side, {
            available: available(b),
            shareId: shares.get(b.id) ?? null,
          });
          return s ? [s] : [];
        });
      });
    },

    get(userId: number, battleId: string): Promise<Outcome<Replay>> {
      return outcomeOf(async () => {
        const { b, side } = await ownBattle(userId, battleId);
        const shares = await sharesOf(k, userId, [b.id]);
        return replayOf(b, side, shares.get(b.id) ?? null);
      });
    },

    /** The caller's share id of their own battle: the same one every time. */
    share(userId: number, battleId: string): Promise<Outcome<ReplayShare>> {
      return outcomeOf(async () => {
        const { b, side } = await ownBattle(userId, battleId);
        const row = await insertShareOnce(k, {
          share_id: newShareId(),
          battle_id: b.id,
          user_id: userId,
          side,
          created_at: nowIso(deps.clock),
        });
        return { share_id: row.share_id, path: `/?replay=${row.share_id}` };
      });
    },

    /** A shared replay, for anyone signed in: the sharer's seat. */
    shared(shareId: string): Promise<Outcome<Replay>> {
      return outcomeOf(async () => {
        const share = await findShare(k, shareId);
        const b = share ? await replayableBattle(k, share.battle_id) : undefined;
        if (!share || !b || seatOf(b, share.user_id) === null) throw noSuchReplay();
        return replayOf(b, share.side === 1 ? 1 : 0, share.share_id);
      });
    },

    /** Tests and docs: how many rebuilds ran (the cache's misses). */
    rebuildCount: () => rebuilds,
  };
}

export type Replays = ReturnType<typeof createReplays>;
