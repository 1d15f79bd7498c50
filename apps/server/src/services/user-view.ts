import type { User } from "@cardrealm/protocol";
import type { Executor } from "../db/executor.ts";
import { type CardAmount, decksOf, libraryOf, mapsOf } from "../db/repositories/collection-repo.ts";
import { findUserById } from "../db/repositories/users-repo.ts";
import { progressionView } from "../progression/progression.ts";

function keyed(cards: CardAmount[]) {
  const out: Record<string, { id: number; amount: number }> = {};
  let total = 0;
  for (const c of cards) {
    out[String(c.cardId)] = { id: c.cardId, amount: c.amount };
    total += c.amount;
  }
  return { cards: out, total_amount: total };
}

/**
 * The user object of product.md section 3, built from the tables. `now`
 * (the caller's clock) picks the day of the daily tasks.
 */
export async function userView(db: Executor, userId: number, now: number): Promise<User | null> {
  const row = await findUserById(db, userId);
  if (!row) return null;
  const [library, decks, maps, progression] = await Promise.all([
    libraryOf(db, userId),
    decksOf(db, userId),
    mapsOf(db, userId),
    progressionView(db, row, now),
  ]);
  const allDecks = [1, 2, 3].map((n) => ({ ...keyed(decks.get(n) ?? []), sequence_number: n }));
  const active = allDecks[row.active_deck - 1] ?? allDecks[0];
  if (!active) throw new Error("deck slots missing");
  return {
    id: row.id,
    login: row.login,
    nickname: row.nickname,
    guest: row.guest === 1,
    level: row.level,
    silver: row.silver,
    premium: row.premium === 1,
    tutorial: { isActive: row.tutorial_active === 1, step: row.tutorial_step },
    maps,
    library: keyed(library),
    deck: active,
    decks: allDecks,
    ...progression,
  };
}
