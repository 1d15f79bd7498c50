/**
 * Combat at the end of a turn (rules.md section 1, Combat): lanes 0 to 4 in
 * order; cell i faces the enemy's cell i. Per lane: the attacker becomes
 * exhausted, its on_attack abilities fire, then it strikes; the castles are
 * checked, on_damaged fires for damaged survivors, then the death check.
 */
import { afterDamage, fireUnitTrigger, resolveDeaths } from "./abilities.ts";
import { cardInfo } from "./card-index.ts";
import { boardAuras, type Ctx, checkEnd } from "./context.ts";
import { damageUnit } from "./effects.ts";
import { otherSide, type Side, type UnitState } from "./state.ts";
import { isDying, statsUnder } from "./stats.ts";

/** `attackers[lane]` is the entity id of the unit flagged attack in that lane, or null. */
export function runCombat(ctx: Ctx, side: Side, attackers: readonly (number | null)[]): void {
  const s = ctx.s;
  const table = s.sides[side].table;
  for (let lane = 0; lane < table.length; lane++) {
    if (s.over) return;
    const uid = attackers[lane];
    if (uid === null || uid === undefined) continue;
    const unit = table[lane];
    if (!unit || unit.uid !== uid || unit.stun > 0) continue;
    if (isDying(s, ctx.index, side, lane, unit, boardAuras(ctx))) continue;
    unit.exhausted = true;
    fireUnitTrigger(ctx, side, uid, "on_attack");
    if (s.over) return;
    // on_attack may have moved, stunned or killed it.
    const still = table[lane];
    if (!still || still.uid !== uid || still.stun > 0) continue;
    if (isDying(s, ctx.index, side, lane, still, boardAuras(ctx))) continue;
    strike(ctx, side, lane, still);
  }
}

/**
 * One unit's strike. Its keywords act through their rules (keywords.ts):
 * overflies, strikesFirst and pierces shape the strike, onWound runs on each
 * unit a strike or strike-back damaged, onDealt after the damage is dealt
 * (the attacker's first).
 */
function strike(ctx: Ctx, side: Side, lane: number, attacker: UnitState): void {
  const { s, index } = ctx;
  const foe = otherSide(side);
  const rules = cardInfo(index, attacker.card).rules;
  // Damage does not move auras: one reading of the board serves the whole strike.
  const auras = boardAuras(ctx);
  const atk = statsUnder(auras, index, side, lane, attacker).attack;
  const facing = s.sides[foe].table[lane];
  const defender = facing && !isDying(s, index, foe, lane, facing, auras) ? facing : null;
  const damaged: number[] = [];

  if (!defender || rules.overflies) {
    s.sides[foe].hp -= atk;
    ctx.events.push({ type: "unit_damage_to_player", side, cell: lane, damage: atk });
    for (const hook of rules.onDealt) hook(ctx, side, lane, atk);
  } else {
    const dRules = cardInfo(index, defender.card).rules;
    const canStrikeBack = !defender.exhausted && defender.stun === 0;
    const dStats = statsUnder(auras, index, foe, lane, defender);
    const dAtk = canStrikeBack ? dStats.attack : 0;
    const dHpBefore = dStats.hp;

    const dealt = damageUnit(defender, atk, damaged);
    const pierce = rules.pierces ? Math.max(0, atk - Math.max(0, dHpBefore)) : 0;
    if (pierce > 0) s.sides[foe].hp -= pierce;
    // A first strike that kills leaves no strike back.
    const killedFirst = rules.strikesFirst && dHpBefore - dealt <= 0;
    const back = killedFirst ? 0 : damageUnit(attacker, dAtk, damaged);

    if (dealt > 0) for (const hook of rules.onWound) hook(defender);
    if (back > 0) for (const hook of dRules.onWound) hook(attacker);

    ctx.events.push({
      type: "unit_fight",
      side,
      cell: lane,
      attacking: dealt,
      defend: back,
      pierce,
      firstStrike: rules.strikesFirst,
    });
    for (const hook of rules.onDealt) hook(ctx, side, lane, dealt + pierce);
    for (const hook of dRules.onDealt) hook(ctx, foe, lane, back);
  }
  checkEnd(ctx);
  if (s.over) return;
  afterDamage(ctx, damaged);
  resolveDeaths(ctx);
}
