import type { Db } from "../db/database.ts";
import { nowIso } from "../db/executor.ts";
import { applyGemChange } from "../db/repositories/ledger-repo.ts";
import {
  bumpSessionVersion,
  countGrantWithin,
  findPlayers,
  grantedOn,
  insertOperatorAction,
  insertPendingGrant,
  markGrantConfirmed,
  markRefunded,
  paymentOrder,
  pendingGrantById,
  pendingGrantByKey,
  playerById,
  playerHistory,
  setSuspension,
  waitingGrants,
} from "../db/repositories/operator-repo.ts";
import { lockPlayer } from "../db/repositories/player-lock.ts";
import { type Outcome, outcomeOf, Refused } from "./outcome.ts";

/** Who calls, from where and through which route: every row of operator_actions names them. */
export interface Caller {
  operator: string;
  /** The client address (request.ip), or "cli" for the admin command. */
  address: string;
  /** "POST /api/operator/grant", or "admin grant". */
  route: string;
}

/** Who acts and why: every action is logged with both (table operator_actions). */
export interface Act extends Caller {
  reason: string;
}

/** What an attempt that changed nothing came to (written by `recordAttempt`). */
export interface Attempt {
  action: string;
  userId: number | null;
  /** refused, wrong_token, missing_token, throttled, failed */
  outcome: string;
  status: number;
  details: object;
}

/** A grant answered: credited (or credited before, `duplicate`), or waiting for a second operator. */
export type GrantResult =
  | { pending: false; balance: number; duplicate: boolean }
  | {
      pending: true;
      grant_id: number;
      gems: number;
      /** The same key asked before: this is that grant, still waiting. */
      duplicate: boolean;
      /** The operator's own grants today (UTC) and the ceiling they are under. */
      granted_today: number;
      ceiling: number;
    };

/** Thrown inside a grant's transaction to undo its credit: the day's ceiling would be passed. */
class OverCeiling extends Error {}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The most an operator may grant in one action: a typo of a few zeros stops here. */
export const MAX_GRANT = 100_000;

/**
 * The operator's console (web page and `npm run admin`): look a player up,
 * see their ledger, purchases and battles, grant gems or refund a purchase
 * (through the ledger, once per key), end their sessions, suspend and lift.
 * Every call, reads included, is written to operator_actions in the same
 * transaction as its change, so the log and the change cannot disagree.
 */
export function createOperatorService(deps: {
  db: Db;
  clock: () => number;
  /** OPERATOR_GRANT_GEMS_PER_DAY: one operator's own grants per UTC day; above, a second confirms. */
  grantCeiling: number;
  /** After a committed end of the player's sessions: their open sockets close (realtime channel). */
  onSessionsEnded?: (userId: number) => void;
}) {
  const k = deps.db.kysely;
  const now = () => nowIso(deps.clock);
  const done = (c: Caller) => ({
    operator: c.operator,
    address: c.address,
    route: c.route,
    outcome: "done",
    status: 200,
    now: now(),
  });
  const ended =
    <T>(userId: number) =>
    (o: Outcome<T>) => {
      if (o.ok) deps.onSessionsEnded?.(userId);
      return o;
    };

  async function mustExist(trx: Parameters<typeof lockPlayer>[0], userId: number) {
    if (!(await lockPlayer(trx, userId, now()))) {
      throw new Refused("not_found", `No player ${userId}.`);
    }
  }

  /** A grant above the ceiling: written as pending (once per key) and answered as such. */
  function holdGrant(
    act: Act,
    g: { userId: number; gems: number; key: string },
    day: string,
  ): Promise<Outcome<GrantResult>> {
    return outcomeOf(() =>
      k.transaction().execute(async (trx): Promise<GrantResult> => {
        const before = await pendingGrantByKey(trx, g.key);
        if (!before) {
          await insertPendingGrant(trx, {
            key: g.key,
            operator: act.operator,
            userId: g.userId,
            gems: g.gems,
            reason: act.reason,
            now: now(),
          });
        }
        const held = await pendingGrantByKey(trx, g.key);
        if (!held) throw new Error(`pending grant ${g.key} vanished`);
        const today = await grantedOn(trx, act.operator, day);
        await insertOperatorAction(trx, {
          ...done(act),
          outcome: "pending",
          status: 202,
          action: "grant",
          userId: g.userId,
          details: {
            gems: g.gems,
            key: g.key,
            reason: act.reason,
            result: "pending",
            grant_id: held.id,
            granted_today: today,
            ceiling: deps.grantCeiling,
          },
        });
        return {
          pending: true,
          grant_id: held.id,
          gems: held.gems,
          duplicate: before !== undefined,
          granted_today: today,
          ceiling: deps.grantCeiling,
        };
      }),
    );
  }

  return {
    /**
     * An attempt that changed nothing (a refusal, a wrong or missing token, a
     * throttled call): written on its own, since there is no change to join.
     * `operator` is "(unknown)" when no token named one. Never the token.
     */
    async recordAttempt(caller: Caller, a: Attempt): Promise<void> {
      await insertOperatorAction(k, {
        operator: caller.operator,
        address: caller.address,
        route: caller.route,
        action: a.action,
        userId: a.userId,
        outcome: a.outcome,
        status: a.status,
        details: a.details,
        now: now(),
      });
    },

    async find(caller: Caller, query: string) {
      return k.transaction().execute(async (trx) => {
        const players = await findPlayers(trx, query);
        await insertOperatorAction(trx, {
          ...done(caller),
          action: "lookup",
          userId: null,
          details: { query, found: players.map((p) => p.id) },
        });
        return players;
      });
    },

    player(caller: Caller, userId: number): Promise<Outcome<object>> {
      return outcomeOf(() =>
        k.transaction().execute(async (trx) => {
          const player = await playerById(trx, userId);
          if (!player) throw new Refused("not_found", `No player ${userId}.`);
          const history = await playerHistory(trx, userId);
          await insertOperatorAction(trx, { ...done(caller), action: "view", userId, details: {} });
          return { player, ...history };
        }),
      );
    },

    /**
     * Credits gems once per `key` (a retried or double-clicked grant credits
     * once) while the operator's grants of the UTC day stay within the
     * ceiling; above it the grant waits (once per key) for a second operator
     * (`confirmGrant`).
     */
    async grant(act: Act, g: { userId: number; gems: number; key: string }) {
      const day = utcDay(deps.clock());
      const outcome = await outcomeOf(() =>
        k.transaction().execute(async (trx): Promise<GrantResult> => {
          if (!Number.isInteger(g.gems) || g.gems < 1 || g.gems > MAX_GRANT) {
            throw new Refused("invalid", `Grant between 1 and ${MAX_GRANT} gems.`);
          }
          await mustExist(trx, g.userId);
          const waiting = await pendingGrantByKey(trx, g.key);
          if (waiting?.status === "pending") throw new OverCeiling();
          const r = await applyGemChange(trx, {
            userId: g.userId,
            delta: g.gems,
            reason: "operator_grant",
            idempotencyKey: `operator:${g.key}`,
            now: now(),
          });
          if (r.status === "applied") {
            const within = await countGrantWithin(trx, {
              operator: act.operator,
              day,
              gems: g.gems,
              ceiling: deps.grantCeiling,
            });
            // Rolls the credit back; the grant then waits for a second operator.
            if (!within) throw new OverCeiling();
          }
          await insertOperatorAction(trx, {
            ...done(act),
            action: "grant",
            userId: g.userId,
            details: { gems: g.gems, key: g.key, reason: act.reason, result: r.status },
          });
          return { pending: false, balance: r.balance, duplicate: r.status === "duplicate" };
        }),
      ).catch((err: unknown) => {
        if (err instanceof OverCeiling) return null;
        throw err;
      });
      return outcome ?? holdGrant(act, g, day);
    },

    /** The grants waiting for a second operator. */
    pendingGrants(caller: Caller) {
      return k.transaction().execute(async (trx) => {
        const grants = await waitingGrants(trx);
        await insertOperatorAction(trx, {
          ...done(caller),
          action: "list_grants",
          userId: null,
          details: { waiting: grants.map((g) => g.id) },
        });
        return grants;
      });
    },

    /**
     * A second operator confirms a waiting grant: credited then, once. The
     * operator who asked cannot confirm it, nor can it be confirmed twice.
     */
    confirmGrant(
      caller: Caller,
      grantId: number,
    ): Promise<Outcome<{ balance: number; gems: number; user_id: number }>> {
      return outcomeOf(() =>
        k.transaction().execute(async (trx) => {
          if (!(await markGrantConfirmed(trx, grantId, caller.operator, now()))) {
            const g = await pendingGrantById(trx, grantId);
            if (!g) throw new Refused("not_found", `No pending grant ${grantId}.`);
            if (g.status !== "pending") {
              throw new Refused(
                "conflict",
                `Grant ${grantId} was already confirmed by ${g.confirmed_by ?? "another operator"}.`,
              );
            }
            throw new Refused(
              "forbidden",
              `Grant ${grantId} is yours: another operator must confirm it.`,
            );
          }
          const g = await pendingGrantById(trx, grantId);
          if (!g) throw new Error(`pending grant ${grantId} vanished`);
          await mustExist(trx, g.user_id);
          const r = await applyGemChange(trx, {
            userId: g.user_id,
            delta: g.gems,
            reason: "operator_grant",
            idempotencyKey: `operator:${g.grant_key}`,
            now: now(),
          });
          await insertOperatorAction(trx, {
            ...done(caller),
            action: "confirm_grant",
            userId: g.user_id,
            details: {
              grant_id: g.id,
              gems: g.gems,
              key: g.grant_key,
              requested_by: g.operator,
              reason: g.reason,
              result: r.status,
            },
          });
          return { balance: r.balance, gems: g.gems, user_id: g.user_id };
        }),
      );
    },

    /** Takes back a paid order's gems, once; refused when the player no longer has them. */
    refund(act: Act, orderId: string): Promise<Outcome<{ balance: number; gems: number }>> {
      return outcomeOf(() =>
        k.transaction().execute(async (trx) => {
          const order = await paymentOrder(trx, orderId);
          if (!order) throw new Refused("not_found", `No payment order ${orderId}.`);
          await mustExist(trx, order.user_id);
          if (!(await markRefunded(trx, orderId))) {
            throw new Refused(
              "conflict",
              `Order ${orderId} is ${order.status}, not paid: nothing to refund.`,
            );
          }
          const r = await applyGemChange(trx, {
            userId: order.user_id,
            delta: -order.gems,
            reason: "operator_refund",
            idempotencyKey: `refund:${orderId}`,
            now: now(),
          });
          if (r.status === "insufficient") {
            throw new Refused(
              "not_enough_gems",
              `The player has ${r.balance} gems left of the ${order.gems} this order gave: nothing was taken. Grant a negative adjustment by hand if you must.`,
            );
          }
          await insertOperatorAction(trx, {
            ...done(act),
            action: "refund",
            userId: order.user_id,
            details: {
              order: orderId,
              payment: order.payment_id,
              gems: order.gems,
              reason: act.reason,
            },
          });
          return { balance: r.balance, gems: order.gems };
        }),
      );
    },

    endSessions(act: Act, userId: number): Promise<Outcome<{ ended: true }>> {
      return outcomeOf(() =>
        k.transaction().execute(async (trx) => {
          if (!(await bumpSessionVersion(trx, userId, now()))) {
            throw new Refused("not_found", `No player ${userId}.`);
          }
          await insertOperatorAction(trx, {
            ...done(act),
            action: "end_sessions",
            userId,
            details: { reason: act.reason },
          });
          return { ended: true as const };
        }),
      ).then(ended(userId));
    },

    /** Suspends (`suspend: true`, sessions end, sign-in refused with the reason) or lifts. */
    setSuspended(
      act: Act,
      userId: number,
      suspend: boolean,
    ): Promise<Outcome<{ suspended: boolean }>> {
      return outcomeOf(() =>
        k.transaction().execute(async (trx) => {
          const player = await playerById(trx, userId);
          if (!player) throw new Refused("not_found", `No player ${userId}.`);
          if (!(await setSuspension(trx, userId, suspend ? act.reason : null, now()))) {
            throw new Refused(
              "conflict",
              suspend
                ? `Player ${userId} is already suspended.`
                : `Player ${userId} is not suspended.`,
            );
          }
          await insertOperatorAction(trx, {
            ...done(act),
            action: suspend ? "suspend" : "unsuspend",
            userId,
            details: { reason: act.reason },
          });
          return { suspended: suspend };
        }),
      ).then((o) => (suspend ? ended<{ suspended: boolean }>(userId)(o) : o));
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
