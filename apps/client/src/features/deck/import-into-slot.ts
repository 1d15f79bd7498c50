import { DECK_MIN_CARDS, type User } from "@cardrealm/protocol";
import { deckApi, type MissingCard } from "./deck-api.ts";
import { slotOf } from "./deck-model.ts";

/**
 * A deck code into a slot (the deck editor's Import code, a share link, a
 * deck challenge's end panel): the slot becomes the battle deck (the active
 * slot, what Fight takes) only when it holds 40 cards or more. A short
 * import is kept for building and the battle deck stays as it was, so Fight
 * is never refused for a deck the player did not choose to fight with
 * (docs/decisions.md, "A short import does not become the battle deck").
 */

/** A slot's cards in a user answer (the active deck or one of the others). */
export function slotTotal(user: User, slot: number): number {
  return slotOf(user, slot)?.total_amount ?? 0;
}

/** Makes `slot` the battle deck when it can fight; a short slot is left as it is. */
async function battleDeckIfFull(user: User, slot: number): Promise<User> {
  if (user.deck.sequence_number === slot || slotTotal(user, slot) < DECK_MIN_CARDS) return user;
  return deckApi.setActive(slot);
}

export interface SlotChange {
  /** The newest user (after set-active, when the slot became the battle deck). */
  user: User;
  /** The slot's cards now. */
  total: number;
}

/** Imports `code` into `slot`; names the cards the library lacks. */
export async function importIntoSlot(
  slot: number,
  code: string,
): Promise<SlotChange & { missing: MissingCard[] }> {
  const { user, missing } = await deckApi.importCode(slot, code);
  return { user: await battleDeckIfFull(user, slot), total: slotTotal(user, slot), missing };
}

/** "Fill it from my library" after a short import: filled to 40, it becomes the battle deck. */
export async function fillSlot(slot: number): Promise<SlotChange> {
  const user = await deckApi.complete(slot);
  return { user: await battleDeckIfFull(user, slot), total: slotTotal(user, slot) };
}
