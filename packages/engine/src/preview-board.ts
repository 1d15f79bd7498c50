/**
 * The combat preview's board: a battle state rebuilt from what the viewer
 * sees (a view or a snapshot message), with hidden cards as placeholders and
 * unit stats split back into base and aura parts, for preview.ts to run the
 * engine's own combat on.
 */
import type { CardIndex } from "./card-index.ts";
import type { UnitMsg } from "./messages.ts";
import type { PreviewBoard, PreviewSide } from "./preview-types.ts";
import type { BattleState, SideState, UnitState } from "./state.ts";
import { collectAuras, statsUnder } from "./stats.ts";

/** A placeholder for cards the viewer cannot see (deck, enemy hand): combat never reads them. */
const HIDDEN_CARD = -1;

/** Extra attack below the shown 0 for the second reading of an ambiguous unit. */
const DEEP_NEGATIVE = 1000;

export function slotUnit(slot: UnitMsg | null | 0 | undefined): UnitMsg | null {
  return slot ? slot : null;
}

/**
 * The aura part of each unit's stats. Auras depend only on which cards sit
 * where, so they can be read from a board of cards.
 */
function auraShares(state: BattleState, index: CardIndex): { attack: number; hp: number }[][] {
  const auras = collectAuras(state, index);
  const shares = state.sides.map((side, s) =>
    side.table.map((unit, cell) => {
      if (!unit) return { attack: 0, hp: 0 };
      const bare: UnitState = { ...unit, attack: 0, hp: 0, damage: 0, tempAttack: 0, tempHp: 0 };
      const under = statsUnder(auras, index, s as 0 | 1, cell, bare);
      // statsUnder clamps attack at 0; read the raw aura attack from a large base.
      const high = statsUnder(auras, index, s as 0 | 1, cell, {
        ...bare,
        attack: DEEP_NEGATIVE * 10,
      });
      return { attack: high.attack - DEEP_NEGATIVE * 10, hp: under.maxHp };
    }),
  );
  return shares;
}

function hiddenSide(side: PreviewSide, name: string): SideState {
  return {
    name,
    hp: side.hp,
    maxHp: side.maxHp,
    resources: {
      fire: { amount: 0, inc: 0 },
      diamond: { amount: 0, inc: 0 },
      pow: { amount: 0, inc: 0 },
    },
    deck: new Array<number>(Math.max(0, side.deckCount)).fill(HIDDEN_CARD),
    hand: Array.from({ length: Math.max(0, side.handCount) }, (_, i) => ({
      key: -1 - i,
      card: HIDDEN_CARD,
    })),
    table: side.table.map((slot) => {
      const u = slotUnit(slot);
      if (!u) return null;
      return {
        uid: u.uid,
        card: u.card,
        attack: u.attack,
        hp: u.maxHp,
        damage: u.maxHp - u.hp,
        tempAttack: 0,
        tempHp: 0,
        sleep: u.sleep,
        stun: u.effect.stun,
        exhausted: u.exhausted,
        poison: u.poison,
        destroyed: false,
      };
    }),
    fatigue: 0,
    idle: 0,
  };
}

export interface Rebuilt {
  state: BattleState;
  /** Set once anything reads the battle's randomness. */
  rngRead: { value: boolean };
  /** Units shown with 0 attack whose real attack is hidden (auras move it). */
  ambiguous: { side: 0 | 1; cell: number; aura: number }[];
}

/**
 * A battle state with the viewer as side 0, to move. Unit stats are split
 * back into base and aura parts so the engine can re-read auras as the board
 * changes. Temporary buffs count as base: they last through combat.
 */
export function rebuild(board: PreviewBoard, index: CardIndex, deeper: boolean): Rebuilt {
  const rngRead = { value: false };
  let maxUid = 0;
  for (const side of [board.player, board.cpu]) {
    for (const slot of side.table) {
      const u = slotUnit(slot);
      if (u) maxUid = Math.max(maxUid, u.uid);
    }
  }
  const state: BattleState = {
    version: 0,
    rng: 0,
    nextId: maxUid + 1,
    turn: 1,
    active: 0,
    opener: 0,
    played: 0,
    over: false,
    winner: null,
    endReason: null,
    sides: [hiddenSide(board.player, "player"), hiddenSide(board.cpu, "cpu")],
  };
  let rng = 0x2545f491;
  Object.defineProperty(state, "rng", {
    get: () => {
      rngRead.value = true;
      return rng;
    },
    set: (v: number) => {
      rng = v;
    },
    enumerable: true,
  });
  const shares = auraShares(state, index);
  const ambiguous: Rebuilt["ambiguous"] = [];
  state.sides.forEach((side, s) => {
    side.table.forEach((unit, cell) => {
      const share = shares[s]?.[cell];
      if (!unit || !share) return;
      const shownAttack = unit.attack;
      unit.attack = shownAttack - share.attack;
      unit.hp -= share.hp;
      if (shownAttack === 0 && share.attack !== 0) {
        ambiguous.push({ side: s as 0 | 1, cell, aura: share.attack });
        if (deeper) unit.attack -= DEEP_NEGATIVE;
      }
    });
  });
  return { state, rngRead, ambiguous };
}

/** The preview board of a `view()` (engine BattleView shape). */
export function previewBoardOf(view: {
  player: PreviewSideLike;
  cpu: PreviewSideLike;
}): PreviewBoard {
  return { player: sideOf(view.player), cpu: sideOf(view.cpu) };
}

interface PreviewSideLike {
  hp: number;
  maxHp: number;
  table: readonly (UnitMsg | null | 0)[];
  deck_count: number;
  hand_count: number;
}

function sideOf(s: PreviewSideLike): PreviewSide {
  return {
    hp: s.hp,
    maxHp: s.maxHp,
    table: s.table,
    deckCount: s.deck_count,
    handCount: s.hand_count,
  };
}
