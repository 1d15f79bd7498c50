/**
 * Test helpers of the collection screens: the real catalogue as the cards
 * call answers it, and a user holding given cards. Test code only.
 */
import { COLLECTIBLE_CARDS, toApiCard } from "@cardrealm/content";
import type { ApiCard, User } from "@cardrealm/protocol";
import { makeUser } from "./fixtures.ts";

export const API_CARDS: ApiCard[] = COLLECTIBLE_CARDS.map((c) => toApiCard(c) as ApiCard);

export function apiCard(id: number): ApiCard {
  const card = API_CARDS.find((c) => c.id === id);
  if (!card) throw new Error(`no card ${id}`);
  return card;
}

type Amounts = Record<number, number>;

function collection(amounts: Amounts) {
  const cards: Record<string, { id: number; amount: number }> = {};
  let total = 0;
  for (const [id, amount] of Object.entries(amounts)) {
    cards[id] = { id: Number(id), amount };
    total += amount;
  }
  return { cards, total_amount: total };
}

/** A user owning `library`, with `deck` in the active slot (1 unless told). */
export function userWith(
  library: Amounts,
  deck: Amounts = {},
  options: { slot?: number; others?: Record<number, Amounts> } & Partial<User> = {},
): User {
  const { slot = 1, others = {}, ...rest } = options;
  const active = { ...collection(deck), sequence_number: slot };
  const decks = [1, 2, 3].map((n) =>
    n === slot ? active : { ...collection(others[n] ?? {}), sequence_number: n },
  );
  return makeUser({ library: collection(library), deck: active, decks, ...rest });
}

/** A body sent with a mocked call. */
export function bodyOf(init: RequestInit | undefined): Record<string, unknown> {
  return JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>;
}
