import { NEW_PLAYER_SILVER } from "@cardrealm/protocol";
import type { Executor } from "../db/executor.ts";
import { addToLibrary, type CardAmount, replaceDeck } from "../db/repositories/collection-repo.ts";
import { applyGemChange } from "../db/repositories/ledger-repo.ts";
import { insertUser, type NewUser } from "../db/repositories/users-repo.ts";

export interface StarterCollection {
  library: CardAmount[];
  deck: CardAmount[];
}

/**
 * Creates a player with the starting state of rules.md section 4 (1000 gems,
 * level 1, starter library, deck slot 1 filled and active) in the caller's
 * transaction, so a half-made player never exists.
 */
export async function createPlayer(
  trx: Executor,
  fields: NewUser,
  starter: StarterCollection,
): Promise<number> {
  const userId = await insertUser(trx, fields);
  await addToLibrary(trx, userId, starter.library);
  await replaceDeck(trx, userId, 1, starter.deck);
  const credit = await applyGemChange(trx, {
    userId,
    delta: NEW_PLAYER_SILVER,
    reason: "new_player",
    idempotencyKey: `new-player:${userId}`,
    now: fields.now,
  });
  if (credit.status !== "applied") throw new Error(`starting gems not credited: ${credit.status}`);
  return userId;
}
