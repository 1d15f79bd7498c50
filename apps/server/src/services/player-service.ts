import { randomInt } from "node:crypto";
import type { User } from "@cardrealm/protocol";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import type { TokenService } from "../auth/tokens.ts";
import type { Db } from "../db/database.ts";
import { isUniqueViolation, nowIso } from "../db/executor.ts";
import { insertEvent } from "../db/repositories/events-repo.ts";
import {
  findUserByLogin,
  findUserByPartnerId,
  setCredentials,
  updateNickname,
} from "../db/repositories/users-repo.ts";
import { createPlayer, type StarterCollection } from "./new-player.ts";
import { userView } from "./user-view.ts";

export interface SignedIn {
  user: User;
  token: string;
}

export type EditResult = { ok: true; user: User } | { ok: false; reason: "login_taken" };

const GUEST_NAMES = ["Wanderer", "Seeker", "Drifter", "Stranger", "Pilgrim", "Nightwalker"];

export function createPlayerService(deps: {
  db: Db;
  tokens: TokenService;
  clock: () => number;
  partnerName: string;
  starter: StarterCollection;
}) {
  const { db, tokens, clock } = deps;
  const k = db.kysely;

  async function signedIn(userId: number): Promise<SignedIn> {
    const user = await userView(k, userId, clock());
    if (!user) throw new Error(`user ${userId} vanished`);
    return { user, token: await tokens.issue(userId) };
  }

  return {
    async playNewPlayer(): Promise<SignedIn> {
      const name = `${GUEST_NAMES[randomInt(GUEST_NAMES.length)]}${randomInt(1000, 10000)}`;
      const id = await k.transaction().execute((trx) =>
        createPlayer(
          trx,
          {
            login: null,
            passwordHash: null,
            partnerId: null,
            nickname: name,
            guest: true,
            now: nowIso(clock),
          },
          deps.starter,
        ),
      );
      return signedIn(id);
    },

    /** Finds or creates the partner platform's player; the nickname follows the platform. */
    async partnerAuth(partnerUserId: string, nickname: string): Promise<SignedIn> {
      const partnerId = `${deps.partnerName}:${partnerUserId}`;
      const existing = await findUserByPartnerId(k, partnerId);
      if (existing) {
        if (existing.nickname !== nickname)
          await updateNickname(k, existing.id, nickname, nowIso(clock));
        return signedIn(existing.id);
      }
      try {
        const id = await k.transaction().execute((trx) =>
          createPlayer(
            trx,
            {
              login: null,
              passwordHash: null,
              partnerId,
              nickname,
              guest: false,
              now: nowIso(clock),
            },
            deps.starter,
          ),
        );
        return signedIn(id);
      } catch (err) {
        // Two first sign-ins raced: the other one created the player.
        if (!isUniqueViolation(err)) throw err;
        const raced = await findUserByPartnerId(k, partnerId);
        if (!raced) throw err;
        return signedIn(raced.id);
      }
    },

    async login(login: string, password: string): Promise<SignedIn | null> {
      const user = await findUserByLogin(k, login.toLowerCase());
      if (!user?.password_hash) {
        // Hash anyway so a missing login takes as long as a wrong password.
        await hashPassword(password);
        return null;
      }
      if (!(await verifyPassword(user.password_hash, password))) return null;
      return signedIn(user.id);
    },

    async editCredentials(userId: number, login: string, password: string): Promise<EditResult> {
      const normalized = login.toLowerCase();
      const owner = await findUserByLogin(k, normalized);
      if (owner && owner.id !== userId) return { ok: false, reason: "login_taken" };
      const passwordHash = await hashPassword(password);
      try {
        await setCredentials(k, userId, normalized, passwordHash, nowIso(clock));
      } catch (err) {
        if (isUniqueViolation(err)) return { ok: false, reason: "login_taken" };
        throw err;
      }
      const user = await userView(k, userId, clock());
      if (!user) throw new Error(`user ${userId} vanished`);
      return { ok: true, user };
    },

    details(userId: number): Promise<User | null> {
      return userView(k, userId, clock());
    },

    async recordEvent(userId: number, name: string, data: unknown): Promise<void> {
      await insertEvent(k, { userId, name, data: JSON.stringify(data ?? {}), now: nowIso(clock) });
    },
  };
}

export type PlayerService = ReturnType<typeof createPlayerService>;
