import type { StateMessage } from "@cardrealm/engine";
import { appStore, enterBattle, setPendingBattle, setPractice } from "../../stores/app-store.ts";
import { practiceApi } from "./practice-api.ts";

/**
 * Deck challenges (issue 16): a shared deck played as it is against a
 * computer opponent the player has met. No rewards, no season xp, no daily
 * progress (the server's rule); the end panel offers to import the deck or
 * play again (practice-actions.tsx, placed on the battle's end panel by the shell).
 */

function gameIdOf(messages: readonly StateMessage[]): string {
  for (const m of messages) if (m.game_data?.game_id) return m.game_data.game_id;
  return "";
}

/** Starts a deck challenge and opens the battle screen on it. */
export async function startDeckChallenge(deckCode: string, cpuId: number): Promise<void> {
  const messages = await practiceApi.start(deckCode, cpuId);
  setPractice({ gameId: gameIdOf(messages), deckCode, cpuId });
  enterBattle(cpuId, messages);
}

/** Play again from the end panel: the same deck against the same opponent, on the screen already open. */
export async function playDeckChallengeAgain(): Promise<void> {
  const practice = appStore.get().practice;
  if (!practice) return;
  const messages = await practiceApi.start(practice.deckCode, practice.cpuId);
  setPractice({ ...practice, gameId: gameIdOf(messages) });
  // The battle screen open on the last one takes it in its place (battle-screen.tsx).
  setPendingBattle({ cpuId: practice.cpuId, messages });
}
