import {
  type ApiCard,
  type Box,
  type Files,
  JWT_STORAGE_KEY,
  type LoginBody,
  type PartnerAuthBody,
  type PlayerEditBody,
  type PlayerEventBody,
  type SignedInUser,
  type TextJson,
  type User,
} from "@cardrealm/protocol";
import type { AppSettings } from "../stores/app-store.ts";
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from "./storage.ts";

/** A failed call: any status outside 200-299, or no answer at all (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

export const NETWORK_ERROR_TEXT = "Cannot reach the game server. Check your connection.";

// --- token ------------------------------------------------------------------

export function getToken(): string | null {
  return readStorage(JWT_STORAGE_KEY);
}

export function saveToken(token: string): void {
  writeStorage(JWT_STORAGE_KEY, token);
}

export function dropToken(): void {
  removeStorage(JWT_STORAGE_KEY);
}

/**
 * What happens when the server refuses our token (401 on an authenticated
 * call). The session layer installs "reset the app and show login"; the token
 * itself is always dropped here first.
 */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** The device credential a sign-in answered (kept for the next login from this device). */
function keepDeviceCredential(credential: unknown): void {
  if (typeof credential === "string" && credential)
    writeStorage(STORAGE_KEYS.deviceCredential, credential);
}

/** The server ended this session some other way (the channel's 4410): as a 401 does. */
export function signOutHere(): void {
  dropToken();
  onUnauthorized();
}

// --- the one fetch wrapper ----------------------------------------------------

interface CallOptions {
  /** Send the bearer token (every call except sign-in, login, new player, files, settings). */
  auth?: boolean;
  body?: unknown;
  signal?: AbortSignal;
}

type Method = "GET" | "POST" | "PUT";

function errorFrom(status: number, payload: unknown): ApiError {
  const err =
    payload && typeof payload === "object" && "error" in payload
      ? (payload as { error?: { code?: unknown; message?: unknown } }).error
      : undefined;
  const message =
    typeof err?.message === "string" && err.message
      ? err.message
      : `The server answered with an error (${status}).`;
  const code = typeof err?.code === "string" ? err.code : "http_error";
  return new ApiError(status, code, message);
}

export async function call<T>(method: Method, path: string, options: CallOptions = {}): Promise<T> {
  const auth = options.auth ?? true;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(0, "network", NETWORK_ERROR_TEXT);
  }

  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }

  if (response.status < 200 || response.status > 299) {
    if (response.status === 401 && auth) {
      dropToken();
      onUnauthorized();
    }
    throw errorFrom(response.status, payload);
  }
  if (!payload || typeof payload !== "object" || !("data" in payload)) {
    throw new ApiError(response.status, "bad_response", "The server sent an unexpected answer.");
  }
  return (payload as { data: T }).data;
}

// --- the calls (product.md section 7) ---------------------------------------------

/** A protocol schema, as far as the client needs it (the client does not depend on zod itself). */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: boolean; data?: T };
}

/**
 * An answer checked against its protocol schema: one that drives a screen
 * (a replay, a watched game, a list to pick from) stops at the door with a
 * clear error when malformed, rather than half-drawing it.
 */
export function checkedAnswer<T>(schema: AnswerSchema<T>, data: unknown, whenBad: string): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success || parsed.data === undefined) {
    throw new ApiError(200, "bad_response", whenBad);
  }
  return parsed.data;
}

export const api = {
  auth: (body: PartnerAuthBody) => call<SignedInUser>("POST", "/api/auth", { auth: false, body }),
  /**
   * Sends this device's credential with the password (webviews may drop the
   * cr_device cookie) and keeps the one the server answers: a right password
   * from here is never refused because of others' failed logins.
   */
  login: async (body: LoginBody): Promise<SignedInUser> => {
    const device = readStorage(STORAGE_KEYS.deviceCredential);
    const signed = await call<SignedInUser>("POST", "/api/login", {
      auth: false,
      body: device ? { ...body, device_credential: device } : body,
    });
    keepDeviceCredential(signed.device_credential);
    return signed;
  },
  playNewPlayer: () => call<SignedInUser>("POST", "/api/play-new-player", { auth: false }),
  deviceLogin: (deviceKey: string) =>
    call<SignedInUser>("POST", "/api/device-login", {
      auth: false,
      body: { device_key: deviceKey },
    }),
  editPlayer: async (body: PlayerEditBody): Promise<User> => {
    // The answer is the user, but may also carry an `error` field (product.md section 5).
    const data = await call<
      User & { error?: unknown; jwtToken?: unknown; device_credential?: unknown }
    >("PUT", "/api/player/edit", { body });
    if (typeof data.error === "string" && data.error) throw new ApiError(200, "edit", data.error);
    // Every other session ended with the change: this one goes on with the new token.
    const { jwtToken, device_credential, ...user } = data;
    if (typeof jwtToken === "string") saveToken(jwtToken);
    keepDeviceCredential(device_credential);
    return user;
  },
  /** Swallows every failure and resolves `{ data: false }` (product.md section 7). */
  playerDetails: async (): Promise<{ data: User | false }> => {
    try {
      return { data: await call<User>("GET", "/api/player-details") };
    } catch {
      return { data: false };
    }
  },
  files: () => call<Files>("GET", "/api/files", { auth: false }),
  cards: () => call<ApiCard[]>("GET", "/api/cards"),
  boxes: () => call<Box[]>("GET", "/api/boxes"),
  settings: () => call<AppSettings>("GET", "/api/settings", { auth: false }),
};

/** Fire and forget: analytics must never disturb play (429 and other failures are ignored). */
export function sendEvent(name: string, data?: Record<string, TextJson>): void {
  if (!getToken()) return;
  const event: PlayerEventBody["event"] = data ? { name, data } : { name };
  call("POST", "/api/player/events", { body: { event } }).catch(() => {});
}
