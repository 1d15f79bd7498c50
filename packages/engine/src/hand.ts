/** Deck and hand operations: draw with fatigue and burn, discard, return to hand. */
import { FATIGUE_START, FATIGUE_STEP, HAND_LIMIT } from "./constants.ts";
import { type Ctx, newId } from "./context.ts";
import { nextInt } from "./rng.ts";
import type { Side } from "./state.ts";

/**
 * Draws n cards for side. From an empty deck each draw deals fatigue damage
 * (1, 2, 3 ...); a card drawn into a full hand is lost. Returns cards that
 * reached the hand.
 */
export function drawCards(ctx: Ctx, side: Side, n: number): number {
  const s = ctx.s;
  const me = s.sides[side];
  let drawn = 0;
  for (let i = 0; i < n; i++) {
    const card = me.deck.pop();
    if (card === undefined) {
      me.fatigue += 1;
      const damage = FATIGUE_START + (me.fatigue - 1) * FATIGUE_STEP;
      me.hp -= damage;
      ctx.events.push({ type: "fatigue", side, damage });
      continue;
    }
    if (me.hand.length >= HAND_LIMIT) {
      ctx.events.push({ type: "burn", side, card });
      continue;
    }
    const key = newId(s);
    me.hand.push({ key, card });
    ctx.events.push({ type: "draw", side, handKey: key, card });
    drawn++;
  }
  return drawn;
}

/** Puts a card into side's hand; false (the card is lost) when the hand is full. */
export function addToHand(ctx: Ctx, side: Side, card: number): boolean {
  const me = ctx.s.sides[side];
  if (me.hand.length >= HAND_LIMIT) return false;
  me.hand.push({ key: newId(ctx.s), card });
  return true;
}

/** side discards n random cards (the discard effect). Returns how many. */
export function discardRandom(ctx: Ctx, side: Side, n: number): number {
  const me = ctx.s.sides[side];
  let count = 0;
  for (let i = 0; i < n && me.hand.length > 0; i++) {
    const at = nextInt(ctx.s, me.hand.length);
    const [gone] = me.hand.splice(at, 1);
    if (!gone) break;
    ctx.events.push({
      type: "discard",
      side,
      handKey: gone.key,
      card: gone.card,
      reason: "effect",
    });
    count++;
  }
  return count;
}
