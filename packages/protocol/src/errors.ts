/**
 * Error codes of the wire (`{ error: { code, message } }`) and the texts of
 * product.md section 8. Where the catalogue has a text, that is the message.
 */
export const MESSAGES = {
  authError: "Auth error",
  incorrectLogin: "Incorrect email or password",
  deckTooSmall: "The deck must contain at least 40 cards",
  notEnoughGems: "Not enough gems!",
  arenaLocked: "Required chapter 2",
  surrenderConfirm: "Are you sure want to surrender?",
  seasonPassActivated: "Season pass activated!",
  discardCard: "Discard a card!",
  enemyTurn: "Enemy turn!",
  initPaymentError: "Init Payment Error",
  loginTaken: "This login is already taken",
  rotatePhone: "Please rotate phone to horizontal",
} as const;

export const ERROR_CODES = [
  "bad_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "rate_limited",
  "incorrect_login",
  "login_taken",
  "not_enough_gems",
  "deck_too_small",
  /** 409: a finished battle of another engine or catalogue version no longer replays (replays.ts). */
  "replay_unavailable",
  "unavailable",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string };
}
export interface ApiOk<T> {
  data: T;
}
