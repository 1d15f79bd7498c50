import { RANDOM_NICKNAME } from "@cardrealm/protocol";
import { readStorage, STORAGE_KEYS, writeStorage } from "../../lib/storage.ts";

export interface PartnerCredentials {
  /** "partner" when the page query names a player; "local" outside the platform. */
  mode: "partner" | "local";
  partnerId: string | null;
  nickname: string | null;
  /** The platform's signature of the launch (partner mode; docs/protocol.md). */
  ts: number | null;
  sign: string | null;
}

const ALPHABET = RANDOM_NICKNAME.alphabet;

function randomString(length: number, random: () => number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(random() * ALPHABET.length)] ?? "x";
  return out;
}

/** A random 6-character nickname (local mode, product.md section 2). */
export function randomNickname(random: () => number = Math.random): string {
  return randomString(RANDOM_NICKNAME.length, random);
}

/**
 * The stored local id, or a new random one that is then remembered. It only
 * names the device in local play: signing in takes the server-issued device
 * key (docs/decisions.md "Local play signs in with a device key").
 */
export function localPartnerId(random: () => number = Math.random): string {
  const stored = readStorage(STORAGE_KEYS.localPartnerId);
  if (stored) return stored;
  const id = `local-${randomString(12, random)}`;
  writeStorage(STORAGE_KEYS.localPartnerId, id);
  return id;
}

function clean(value: string | null): string | null {
  const v = value?.trim();
  return v ? v : null;
}

/**
 * Partner id, nickname and the platform's signature from the page query
 * (`?partner_id=..&nickname=..&ts=..&sign=..`, `partner_nickname` also
 * accepted). With no query at all this is local mode: a stored-or-random id
 * and a random nickname.
 */
export function partnerCredentials(search: string): PartnerCredentials {
  const params = new URLSearchParams(search);
  const hasQuery =
    params.has("partner_id") || params.has("nickname") || params.has("partner_nickname");
  if (!hasQuery) {
    return {
      mode: "local",
      partnerId: localPartnerId(),
      nickname: randomNickname(),
      ts: null,
      sign: null,
    };
  }
  const ts = Number(params.get("ts"));
  return {
    mode: "partner",
    partnerId: clean(params.get("partner_id")),
    nickname: clean(params.get("nickname")) ?? clean(params.get("partner_nickname")),
    ts: Number.isSafeInteger(ts) && ts > 0 ? ts : null,
    sign: clean(params.get("sign")),
  };
}
