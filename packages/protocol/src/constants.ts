/**
 * Product constants of product.md section 9 and rules.md section 4, shared by
 * client and server. Numbers only; no logic lives in the protocol package.
 */
export const CLIENT_VERSION_LABEL = "1.21-p";
/** Local storage key of the bearer token (product.md "JWT token key"). */
export const JWT_STORAGE_KEY = "jwtToken";

export const DECK_MIN_CARDS = 40;
export const DECK_SLOTS = 3;

export const NEW_PLAYER_SILVER = 1000;
export const DEFAULT_BOX = { id: 4, name: "Default", price: 500 } as const;
export const VAMPIRE_BOX = { id: 5, name: "Vampire", price: 850 } as const;
export const SEASON_PASS_PRICE = 7500;

/** The longest the login loading may take (product.md: 20 s, 5 s on one device class). */
export const LOGIN_LOADING_MAX_MS = 20_000;
export const LOGIN_LOADING_MAX_MS_FAST_DEVICE = 5_000;
export const TYPING_DELAY_MS = 30;
export const CARD_MOVE_ANIMATION_MS = 400;
export const BOX_FIREWORKS_MS = 5_500;
export const MUSIC_VOLUME = 0.3;

export const ROUTES = ["home", "gallery", "deck", "offers", "gem_shop", "game", "arena"] as const;
export type Route = (typeof ROUTES)[number];

export const RANKS = ["bronze", "silver", "gold", "platinum", "diamond", "champions"] as const;
export type RankName = (typeof RANKS)[number];

/** Limits on what a client may send; anything longer is refused with a 400. */
export const LIMITS = {
  loginMin: 3,
  loginMax: 32,
  passwordMin: 6,
  passwordMax: 128,
  nicknameMax: 40,
  partnerIdMax: 64,
  eventNameMax: 64,
  eventPayloadMaxBytes: 2048,
} as const;

/**
 * Local play's random nickname (product.md section 2: "a random 6-character
 * nickname"): six characters of lowercase letters and digits, without the
 * look-alikes l, o, 0 and 1. The server names every new guest so.
 */
export const RANDOM_NICKNAME = {
  length: 6,
  alphabet: "abcdefghijkmnpqrstuvwxyz23456789",
} as const;
