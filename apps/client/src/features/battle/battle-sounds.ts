/**
 * Battle sound effects (product.md section 9), played by the game's sound
 * module (lib/sound/sfx.ts): attacks by attack value, card characters by
 * faction, spells, the end turn, a turn start, the low-time signal, a unit's
 * death, victory and defeat. Silent where audio is unavailable.
 */
import { sfx } from "../../lib/sound/sfx.ts";
import { battleCard } from "./battle-cards.ts";

export const sounds = {
  /** Attack sound by attack value: 1 very low, 2-3 low, above 3 medium. */
  attack: (attack: number): void => sfx.attack(attack),
  hit: (): void => sfx.hit(),
  /** A card entering play: its character's voice (by faction) when the card is known. */
  card(cardId?: number): void {
    const card = cardId === undefined ? null : battleCard(cardId);
    sfx.cardVoice(card?.faction, card?.type_card === "spell" ? "spell" : "unit");
  },
  spell: (): void => sfx.spell(),
  endTurn: (): void => sfx.endTurn(),
  turnStart: (): void => sfx.turnStart(),
  lowTime: (): void => sfx.lowTime(),
  unitDead: (): void => sfx.unitDead(),
  win: (): void => sfx.win(),
  lose: (): void => sfx.lose(),
};
