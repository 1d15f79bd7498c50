import type { Db } from "../db/database.ts";
import { nowIso } from "../db/executor.ts";
import { applyGemChange } from "../db/repositories/ledger-repo.ts";
import {
  bumpSessionVersion,
  findPlayers,
  insertOperatorAction,
  markRefunded,
  paymentOrder,
  playerById,
  playerHistory,
  setSuspension,
} from "../db/repositories/operator-repo.ts";
import { lockPlayer } from "../db/repositories/player-lock.ts";
import { type Outcome, outcomeOf, Refused } from "./outcome.ts";

/** Who acts and why: every action is logged with both (table operator_actions). */
export interface Act {
  operator: string;
  reason: string;
}

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
  /** After a committed end of the player's sessions: their open sockets close (realtime channel). */
  onSessionsEnded?: (userId: number) => void;
}) {
  const k = deps.db.kysely;
  const now = () => nowIso(deps.clock);
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

  return {
    async find(operator: string, query: string) {
      return k.transaction().execute(async (trx) => {
        const players = await findPlayers(trx, query);
        await insertOperatorAction(trx, {
          operator,
          action: "lookup",
          userId: null,
          details: { query, found: players.map((p) => p.id) },
          now: now(),
        });
        return players;
      });
    },

    player(operator: string, userId: number): Promise<Outcome<object>> {
      return outcomeOf(() =>
        k.transaction().execute(async (trx) => {
          const player = await playerById(trx, userId);
          if (!player) throw new Refused("not_found", `No player ${userId}.`);
          const history = await playerHistory(trx, userId);
          await insertOperatorAction(trx, {
            operator,
            action: "view",
            userId,
            details: {},
            now: now(),
          });
          return { player, ...history };
        }),
      );
    },

    /** Credits gems once per `key` (a retried or double-clicked grant credits once). */
    grant(
      act: Act,
      g: { userId: number; gems: number; key: string },
    ): Promise<Outcome<{ balance: number; duplicate: boolean }>> {
      return outcomeOf(() =>
        k.transaction().execute(async (trx) => {
          if (!Number.isInteger(g.gems) || g.gems < 1 || g.gems > MAX_GRANT) {
            throw new Refused("invalid", `Grant between 1 and ${MAX_GRANT} gems.`);
          }
          await mustExist(trx, g.userId);
          const r = await applyGemChange(trx, {
            userId: g.userId,
            delta: g.gems,
            reason: "operator_grant",
            idempotencyKey: `operator:${g.key}`,
            now: now(),
          });
          await insertOperatorAction(trx, {
            operator: act.operator,
            action: "grant",
            userId: g.userId,
            details: { gems: g.gems, key: g.key, reason: act.reason, result: r.status },
            now: now(),
          });
          return { balance: r.balance, duplicate: r.status === "duplicate" };
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
            operator: act.operator,
            action: "refund",
            userId: order.user_id,
            details: {
              order: orderId,
              payment: order.payment_id,
              gems: order.gems,
              reason: act.reason,
            },
            now: now(),
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
            operator: act.operator,
            action: "end_sessions",
            userId,
            details: { reason: act.reason },
            now: now(),
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
            operator: act.operator,
            action: suspend ? "suspend" : "unsuspend",
            userId,
            details: { reason: act.reason },
            now: now(),
          });
          return { suspended: suspend };
        }),
      ).then(ended(userId));
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
