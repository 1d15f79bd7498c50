import type { User } from "@cardrealm/protocol";
import { call } from "../../lib/api.ts";

/** A card of an imported code the library lacks. */
export interface MissingCard {
  id: number;
  name: string;
  amount: number;
}

/** The deck editor calls (product.md section 7); each answers the user. */
export const deckApi = {
  setActive: (deckNumber: number) =>
    call<User>("POST", "/api/editor/set-active", { body: { deck_number: deckNumber } }),
  add: (cardId: number, deckNumber: number) =>
    call<User>("POST", "/api/editor/add-card", {
      body: { card_id: cardId, deck_number: deckNumber },
    }),
  remove: (cardId: number, deckNumber: number) =>
    call<User>("POST", "/api/editor/remove", {
      body: { card_id: cardId, deck_number: deckNumber },
    }),
  complete: (deckNumber: number) =>
    call<User>("POST", "/api/editor/complete", { body: { deck_number: deckNumber } }),
  /** Fills a slot from a deck code; the answer is the user plus the cards the library lacks. */
  importCode: async (deckNumber: number, code: string) => {
    const data = await call<User & { missing?: MissingCard[] }>("POST", "/api/editor/import", {
      body: { deck_number: deckNumber, code },
    });
    const { missing, ...user } = data;
    return { user: user as User, missing: missing ?? [] };
  },
};
