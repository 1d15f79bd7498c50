import { createHash, randomBytes, randomInt } from "node:crypto";
import type { PartnerAuthBody, User } from "@cardrealm/protocol";
import type { PasswordHasher } from "../auth/passwords.ts";
import type { TokenService } from "../auth/tokens.ts";
import type { Db } from "../db/database.ts";
import { isUniqueViolation, nowIso } from "../db/executor.ts";
import { insertEvent } from "../db/repositories/events-repo.ts";
import {
  claimPartnerLaunch,
  findUserByDeviceKeyHash,
  findUserById,
  findUserByLogin,
  findUserByPartnerId,
  forgetPartnerLaunches,
  setCredentials,
  updateNickname,
} from "../db/repositories/users-repo.ts";
import { LAUNCH_MAX_AGE_SECONDS, verifySignature } from "../partners/partner-signature.ts";
import { createPlayer, type StarterCollection } from "./new-player.ts";
import { defaultNickname } from "./player-names.ts";
import { userView, userViewJson } from "./user-view.ts";

export interface SignedIn {
  user: User;
  token: string;
  /** Local play: the new guest's device key (given once, stored only as a hash). */
  deviceKey?: string;
}

export type PartnerAuthResult =
  | { ok: true; signedIn: SignedIn }
  | { ok: false; reason: "unsigned" | "bad_signature" | "stale" | "replayed" };

export type EditResult =
  | { ok: true; user: User; token: string }
  | {
      ok: false;
      reason: "login_taken" | "current_password_required" | "wrong_password" | "conflict";
    };

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export function createPlayerService(deps: {
  db: Db;
  tokens: TokenService;
  passwords: PasswordHasher;
  clock: () => number;
  partnerName: string;
  partnerSecret: string;
  starter: StarterCollection;
}) {
  const { db, tokens, clock, passwords } = deps;
  const k = db.kysely;
  let lastLaunchSweep = 0;

  async function signedIn(userId: number): Promise<SignedIn> {
    const user = await userView(k, userId, clock());
    if (!user) throw new Error(`user ${userId} vanished`);
    return { user, token: await tokens.issue(userId) };
  }

  async function createFor(
    fields: { partnerId: string | null; nickname: string; guest: boolean },
    deviceKeyHash?: string,
  ): Promise<number> {
    return k.transaction().execute((trx) =>
      createPlayer(
        trx,
        {
          login: null,
          passwordHash: null,
          partnerId: fields.partnerId,
          nickname: fields.nickname,
          guest: fields.guest,
          now: nowIso(clock),
          ...(deviceKeyHash ? { deviceKeyHash } : {}),
        },
        deps.starter,
      ),
    );
  }

  return {
    /**
     * A new guest. It comes with a device key (a 256-bit secret, stored only
     * as its sha256): local play's "Play" signs this device in again with it
     * (docs/decisions.md "Local play signs in with a device key").
     */
    async playNewPlayer(): Promise<SignedIn> {
      const name = defaultNickname((n) => randomInt(n));
      const deviceKey = randomBytes(32).toString("base64url");
      const id = await createFor(
        { partnerId: null, nickname: name, guest: true },
        sha256(deviceKey),
      );
      return { ...(await signedIn(id)), deviceKey };
    },

    /** Local play's "Play": the player whose device key this is, or null. */
    async deviceLogin(deviceKey: string): Promise<SignedIn | null> {
      const user = await findUserByDeviceKeyHash(k, sha256(deviceKey));
      return user ? signedIn(user.id) : null;
    },

    /**
     * The partner platform's player, from launch parameters the platform
     * signed: refused unless the signature is right, the launch is at most
     * LAUNCH_MAX_AGE_SECONDS old and not used before. Finds or creates the
     * player; the nickname follows the platform.
     */
    async partnerAuth(params: PartnerAuthBody): Promise<PartnerAuthResult> {
      if (params.ts === undefined || params.sign === undefined) {
        return { ok: false, reason: "unsigned" };
      }
      const partnerUserId = String(params.partner_id);
      const fields = { partner_id: partnerUserId, nickname: params.nickname, ts: params.ts };
      if (!verifySignature(deps.partnerSecret, fields, params.sign)) {
        return { ok: false, reason: "bad_signature" };
      }
      const nowSeconds = Math.floor(clock() / 1000);
      if (Math.abs(nowSeconds - params.ts) > LAUNCH_MAX_AGE_SECONDS) {
        return { ok: false, reason: "stale" };
      }
      const partnerId = `${deps.partnerName}:${partnerUserId}`;
      const claimed = await claimPartnerLaunch(k, {
        signature: params.sign,
        partnerUser: partnerId,
        now: nowIso(clock),
      });
      if (!claimed) return { ok: false, reason: "replayed" };
      if (clock() - lastLaunchSweep > 60_000) {
        lastLaunchSweep = clock();
        // A launch is good from 10 minutes before its ts to 10 after, so at most
        // 20 minutes after it was used; records kept 30 leave a margin.
        const before = new Date(clock() - 3 * LAUNCH_MAX_AGE_SECONDS * 1000).toISOString();
        await forgetPartnerLaunches(k, before);
      }

      const existing = await findUserByPartnerId(k, partnerId);
      if (existing) {
        if (existing.nickname !== params.nickname)
          await updateNickname(k, existing.id, params.nickname, nowIso(clock));
        return { ok: true, signedIn: await signedIn(existing.id) };
      }
      try {
        const id = await createFor({ partnerId, nickname: params.nickname, guest: false });
        return { ok: true, signedIn: await signedIn(id) };
      } catch (err) {
        // Two first sign-ins raced: the other one created the player.
        if (!isUniqueViolation(err)) throw err;
        const raced = await findUserByPartnerId(k, partnerId);
        if (!raced) throw err;
        return { ok: true, signedIn: await signedIn(raced.id) };
      }
    },

    /** The id of the account with this login and a password, or null. */
    async loginOwner(login: string): Promise<number | null> {
      const user = await findUserByLogin(k, login.toLowerCase());
      return user?.password_hash ? user.id : null;
    },

    async login(login: string, password: string): Promise<SignedIn | null> {
      const user = await findUserByLogin(k, login.toLowerCase());
      if (!user?.password_hash) {
        // Hash anyway so a missing login takes as long as a wrong password.
        await passwords.hash(password);
        return null;
      }
      if (!(await passwords.verify(user.password_hash, password))) return null;
      return signedIn(user.id);
    },

    /**
     * Sets login and password. An account that already has a password must
     * give it (`currentPassword`); a guest setting its first login need not.
     * Every other session of the player ends (a new token comes back for this
     * one), and the device key of local play stops working: the account is
     * now protected by its password.
     */
    async editCredentials(
      userId: number,
      change: { login: string; password: string; currentPassword?: string | undefined },
    ): Promise<EditResult> {
      const me = await findUserById(k, userId);
      if (!me) return { ok: false, reason: "conflict" };
      if (me.password_hash) {
        if (!change.currentPassword) return { ok: false, reason: "current_password_required" };
        if (!(await passwords.verify(me.password_hash, change.currentPassword)))
          return { ok: false, reason: "wrong_password" };
      }
      const normalized = change.login.toLowerCase();
      const owner = await findUserByLogin(k, normalized);
      if (owner && owner.id !== userId) return { ok: false, reason: "login_taken" };
      const passwordHash = await passwords.hash(change.password);
      try {
        const changed = await setCredentials(k, userId, {
          login: normalized,
          passwordHash,
          expectedHash: me.password_hash,
          now: nowIso(clock),
        });
        // Another change of this account won the race; this one changed nothing.
        if (!changed) return { ok: false, reason: "conflict" };
      } catch (err) {
        if (isUniqueViolation(err)) return { ok: false, reason: "login_taken" };
        throw err;
      }
      const signed = await signedIn(userId);
      return { ok: true, user: signed.user, token: signed.token };
    },

    /** The player's view as JSON text (services/user-view.ts keeps the last text per player). */
    detailsJson(userId: number): Promise<string | null> {
      return userViewJson(k, userId, clock());
    },

    async recordEvent(userId: number, name: string, data: unknown): Promise<void> {
      await insertEvent(k, { userId, name, data: JSON.stringify(data ?? {}), now: nowIso(clock) });
    },
  };
}

export type PlayerService = ReturnType<typeof createPlayerService>;
