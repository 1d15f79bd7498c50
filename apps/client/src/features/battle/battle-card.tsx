import { memo } from "react";
import { GameCard } from "../../components/card/game-card.tsx";

/**
 * <GameCard> for the battle, re-rendered only when its props change: a card
 * measures its name after every render, and the battle re-renders often.
 */
export const BattleCard = memo(GameCard);
