/** Castle hp changes shared by effects and keywords. */
import type { Draft } from "./draft.ts";
import type { Side } from "./state.ts";

/** Heals a castle up to its starting hp; returns what was healed. */
export function healCastle(ctx: Draft, side: Side, amount: number): number {
  const me = ctx.s.sides[side];
  if (amount <= 0 || me.hp >= me.maxHp) return 0;
  const healed = Math.min(amount, me.maxHp - me.hp);
  me.hp += healed;
  return healed;
}
