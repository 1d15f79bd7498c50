/**
 * A hand-written deep copy of the battle state. The state is plain JSON with
 * a fixed shape, so this is several times faster than structuredClone, and
 * step clones once per action. Hand cards are never mutated in place, so the
 * hand arrays are copied but their entries shared.
 */
import type { BattleState, ResourcesState, SideState, TableCell, UnitState } from "./state.ts";

function cloneResources(r: ResourcesState): ResourcesState {
  return {
    fire: { amount: r.fire.amount, inc: r.fire.inc },
    diamond: { amount: r.diamond.amount, inc: r.diamond.inc },
    pow: { amount: r.pow.amount, inc: r.pow.inc },
  };
}

function cloneUnit(u: UnitState): UnitState {
  // Field by field: much faster than a spread in V8's hot loop.
  return {
    uid: u.uid,
    card: u.card,
    attack: u.attack,
    hp: u.hp,
    damage: u.damage,
    tempAttack: u.tempAttack,
    tempHp: u.tempHp,
    sleep: u.sleep,
    stun: u.stun,
    exhausted: u.exhausted,
    poison: u.poison,
    destroyed: u.destroyed,
  };
}

function cloneTable(table: TableCell[]): TableCell[] {
  const out: TableCell[] = [];
  for (let i = 0; i < table.length; i++) {
    const unit = table[i];
    out.push(unit ? cloneUnit(unit) : null);
  }
  return out;
}

function cloneSide(side: SideState): SideState {
  return {
    name: side.name,
    hp: side.hp,
    maxHp: side.maxHp,
    resources: cloneResources(side.resources),
    deck: side.deck.slice(),
    hand: side.hand.slice(),
    table: cloneTable(side.table),
    fatigue: side.fatigue,
    idle: side.idle,
  };
}

export function cloneState(state: BattleState): BattleState {
  return {
    version: state.version,
    rng: state.rng,
    nextId: state.nextId,
    turn: state.turn,
    active: state.active,
    opener: state.opener,
    played: state.played,
    over: state.over,
    winner: state.winner,
    endReason: state.endReason,
    sides: [cloneSide(state.sides[0]), cloneSide(state.sides[1])],
  };
}
