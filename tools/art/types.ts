/** The one place the art pipeline takes the card vocabulary from. */
export type { CardDef, Effect, Faction, Rarity } from "@cardrealm/engine";
