import { createContext, type ReactNode, useContext } from "react";

/**
 * What other features put on the battle screen. The battle feature imports
 * none of them: the shell composes the route (features/shell/battle-route.tsx)
 * and hands them in through this context.
 */
export interface BattleSlots {
  /** Over a live battle, after its messages: the PvP banner (arena) and the emote bar (social). */
  banners?: ReactNode;
  /** Over everything in a live battle: the arena's versus screen. */
  cover?: ReactNode;
  /** A deck challenge's end panel in place of the rewards: import the deck or play again (deck). */
  practiceEnd?: ReactNode;
  /** A friendly game's end panel in place of the rewards: the rematch (friends). */
  rematch?: (gameId: string) => ReactNode;
}

export const BattleSlotsContext = createContext<BattleSlots>({});

export function useBattleSlots(): BattleSlots {
  return useContext(BattleSlotsContext);
}
