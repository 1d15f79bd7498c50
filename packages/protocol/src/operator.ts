import { z } from "zod";
import { line } from "./text.ts";

/**
 * The operator's console (`/operator/`, `/api/operator/*`, behind
 * OPERATOR_TOKENS): bodies and queries. Every change carries a reason, which
 * the server logs with the operator's name.
 */
const userId = z.number().int().min(1).max(2_147_483_647);
const reason = line()
  .trim()
  .min(3, "Say why (3 to 200 characters)")
  .max(200, "Say why (3 to 200 characters)");

export const OperatorFindQuery = z.strictObject({
  q: line().trim().min(1, "Type an id, login, nickname or partner id").max(100),
});
export type OperatorFindQuery = z.infer<typeof OperatorFindQuery>;

export const OperatorPlayerParams = z.strictObject({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const OperatorGrantBody = z.strictObject({
  user_id: userId,
  gems: z.number().int().min(1).max(100_000),
  reason,
  /** Chosen by the console once per form: a retried or double-clicked grant credits once. */
  key: line().regex(/^[A-Za-z0-9_-]{8,80}$/, "key: 8-80 letters, digits, - or _"),
});
export type OperatorGrantBody = z.infer<typeof OperatorGrantBody>;

/** POST /api/operator/grants/:id/confirm: a grant waiting for a second operator. */
export const OperatorGrantParams = z.strictObject({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** GET /api/operator/grants (the grants waiting for a second operator) takes no query. */
export const OperatorListQuery = z.strictObject({});

export const OperatorRefundBody = z.strictObject({
  order_id: line().min(1).max(64),
  reason,
});
export type OperatorRefundBody = z.infer<typeof OperatorRefundBody>;

/** end-sessions, suspend, unsuspend. */
export const OperatorPlayerActionBody = z.strictObject({ user_id: userId, reason });
export type OperatorPlayerActionBody = z.infer<typeof OperatorPlayerActionBody>;
