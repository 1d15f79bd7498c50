import { cardInfo, indexCatalogue } from "./card-index.ts";
import type { Catalogue } from "./card-types.ts";
import {
  OPENING_HAND,
  START_HP,
  START_RESOURCE_AMOUNT,
  START_RESOURCE_INC,
  TABLE_CELLS,
} from "./constants.ts";
import { makeCtx, newId } from "./context.ts";
import { rngFromSeed, shuffleInPlace } from "./rng.ts";
import type { BattleSetup, BattleState, SideSetup, SideState } from "./state.ts";
import { startTurn } from "./turn.ts";

function newSide(setup: SideSetup): SideState {
  const hp = setup.hp ?? START_HP;
  const res = () => ({ amount: START_RESOURCE_AMOUNT, inc: START_RESOURCE_INC });
  return {
    name: setup.name,
    hp,
    maxHp: hp,
    resources: { fire: res(), diamond: res(), pow: res() },
    deck: setup.deck.slice(),
    hand: [],
    table: new Array(TABLE_CELLS).fill(null),
    fatigue: 0,
    idle: 0,
  };
}

/**
 * A new battle: both decks shuffled by the seeded generator (side 0 first),
 * opening hands of 5 (opener first), turn 1 started for the opener (who
 * neither draws nor grows on it). Throws on a card id the catalogue lacks.
 */
export function createBattle(setup: BattleSetup, catalogue: Catalogue): BattleState {
  const index = indexCatalogue(catalogue);
  for (const side of setup.sides) for (const id of side.deck) cardInfo(index, id);
  if (setup.opener !== 0 && setup.opener !== 1) throw new Error("opener must be 0 or 1");
  const state: BattleState = {
    version: 0,
    rng: rngFromSeed(setup.seed),
    nextId: 1,
    turn: 1,
    active: setup.opener,
    opener: setup.opener,
    played: 0,
    over: false,
    winner: null,
    endReason: null,
    sides: [newSide(setup.sides[0]), newSide(setup.sides[1])],
  };
  shuffleInPlace(state, state.sides[0].deck);
  shuffleInPlace(state, state.sides[1].deck);
  for (const side of [setup.opener, setup.opener === 0 ? 1 : 0] as const) {
    const me = state.sides[side];
    for (let i = 0; i < OPENING_HAND; i++) {
      const card = me.deck.pop();
      if (card === undefined) break;
      me.hand.push({ key: newId(state), card });
    }
  }
  startTurn(makeCtx(state, index));
  return state;
}
