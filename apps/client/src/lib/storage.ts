/**
 * localStorage that never throws: some webviews and private modes refuse
 * storage, and the game must still start (it then simply forgets).
 */
export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or disabled: the value is just not remembered.
  }
}

export function removeStorage(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

/** Client-only keys (the token key comes from the protocol). */
export const STORAGE_KEYS = {
  localPartnerId: "cardrealm.localPartnerId",
  /** Local play: the server-issued key that signs this device's guest in again. */
  deviceKey: "cardrealm.deviceKey",
  /**
   * The server-signed credential of this device (also the cr_device cookie),
   * sent with a login: a right password from here is never locked out by
   * others' failures. Kept across sign-outs.
   */
  deviceCredential: "cardrealm.deviceCredential",
  /** The partner id the stored token was issued for ("" outside a partner). */
  tokenOwner: "cardrealm.tokenOwner",
  music: "cardrealm.music",
  /** The battle speed switch (features/battle/battle-speed.ts): "1" or "2". */
  battleSpeed: "cardrealm.battleSpeed",
  /** "off" when the player switched the sound effects off (top bar); anything else is on. */
  soundEffects: "cardrealm.sfx",
  /** The deck challenge being played (features/replay): its end panel after a reload too. */
  practice: "cardrealm.practice",
} as const;
