/**
 * Which hand cards may be played now, and where: the one predicate behind
 * legalActions' play_card list (legal.ts) and the client's highlights
 * (architecture.md principle 3: a rule of the battle is written once).
 *
 * It reads only what a player sees: the acting side's hand and resources,
 * both tables and whether it may still play a card. `playableFromSnapshot`
 * builds that from a snapshot state message (the viewer is "player");
 * legal.ts builds it from the whole battle state.
 */

import type { PlayTarget, ViewSide } from "./actions.ts";
import { type CardIndex, type CardInfo, indexCatalogue } from "./card-index.ts";
import { type Ability, type Catalogue, type Cost, RESOURCES } from "./card-types.ts";
import { CARDS_PER_TURN } from "./constants.ts";
import type { StateMessage, TableSlotMsg } from "./messages.ts";
import { filterMatches } from "./stats.ts";

/** A unit on a table as the predicate needs it. */
export interface BoardUnit {
  card: number;
  /** False for a unit about to leave the table (0 hp or destroyed): it still fills its cell but is no target. */
  targetable: boolean;
}

/** What the acting side sees, from its own view: `own` is its table, `enemy` the other one. */
export interface PlayBoard {
  /** Its turn, the battle still on, and fewer than CARDS_PER_TURN cards played this turn. */
  mayPlay: boolean;
  resources: Readonly<Record<(typeof RESOURCES)[number], { amount: number }>>;
  /** In hand order. */
  hand: readonly { key: number; card: number }[];
  own: readonly (BoardUnit | null)[];
  enemy: readonly (BoardUnit | null)[];
}

/** One playable hand card and the choices it offers. */
export interface CardPlay {
  handKey: number;
  card: number;
  isUnit: boolean;
  /** Empty own cells a unit may enter (in order); [] for a spell. */
  cells: number[];
  /**
   * Targets it may name, from the acting side's view, castles first, own side
   * first (the order of legalActions). [] when it takes none.
   */
  targets: PlayTarget[];
  /**
   * It must name one of `targets`: a spell whose ability needs a target, or a
   * unit with such an entry ability while a target exists (with none, the
   * unit enters plainly and the ability does nothing).
   */
  needsTarget: boolean;
}

/** Every part of the cost is covered by the amounts. */
export function costCovered(cost: Readonly<Cost>, resources: PlayBoard["resources"]): boolean {
  for (const r of RESOURCES) if (resources[r].amount < (cost[r] ?? 0)) return false;
  return true;
}

/**
 * May a card whose on_play abilities need a selected target name this one?
 * Every selecting ability must allow it: its select rule (aim and side, from
 * the acting side's view) and its filter. `unit` is the target unit's card
 * info, or null for a castle. Liveness (a dying unit is no target) is the
 * caller's part.
 */
export function selectionAllows(
  abilities: readonly Ability[],
  side: ViewSide,
  unit: CardInfo | null,
): boolean {
  for (const ability of abilities) {
    if (ability.trigger !== "on_play" || ability.target !== "selected") continue;
    const rule = ability.select;
    if (!rule) return false;
    if (side !== rule.side) return false;
    if (unit) {
      if (rule.aim === "castle") return false;
      if (!filterMatches(unit, ability.filter)) return false;
    } else if (rule.aim === "unit") return false;
  }
  return true;
}

function knownInfo(index: CardIndex, id: number): CardInfo | null {
  return (index.dense ? index.dense[id] : index.infos.get(id)) ?? null;
}

/** Every target the acting side may name for these selecting abilities, castles first, own side first. */
export function selectableTargets(
  board: PlayBoard,
  index: CardIndex,
  abilities: readonly Ability[],
): PlayTarget[] {
  const out: PlayTarget[] = [];
  for (const side of ["player", "cpu"] as const) {
    if (selectionAllows(abilities, side, null)) {
      out.push({ key: side === "player" ? "target_player_hp" : "target_cpu_hp", value: 0, side });
    }
    const table = side === "player" ? board.own : board.enemy;
    for (let cell = 0; cell < table.length; cell++) {
      const unit = table[cell];
      if (!unit?.targetable) continue;
      const info = knownInfo(index, unit.card);
      if (info && selectionAllows(abilities, side, info)) {
        out.push({ key: "table_key", value: cell, side });
      }
    }
  }
  return out;
}

/**
 * The playable hand cards, in hand order: cost covered, a free cell for a
 * unit, a target for a spell that needs one, the acting side's turn with its
 * card not yet played. A card the catalogue does not know is never playable.
 */
export function playableCards(board: PlayBoard, catalogue: Catalogue): CardPlay[] {
  if (!board.mayPlay) return [];
  const index = indexCatalogue(catalogue);
  const cells: number[] = [];
  for (let c = 0; c < board.own.length; c++) if (!board.own[c]) cells.push(c);
  const out: CardPlay[] = [];
  for (const hand of board.hand) {
    const info = knownInfo(index, hand.card);
    if (!info || !costCovered(info.def.cost, board.resources)) continue;
    const targets =
      info.selecting.length > 0 ? selectableTargets(board, index, info.selecting) : [];
    if (info.isUnit) {
      if (cells.length === 0) continue;
      out.push({
        handKey: hand.key,
        card: hand.card,
        isUnit: true,
        cells: cells.slice(),
        targets,
        needsTarget: targets.length > 0,
      });
    } else if (info.selecting.length === 0 || targets.length > 0) {
      out.push({
        handKey: hand.key,
        card: hand.card,
        isUnit: false,
        cells: [],
        targets,
        needsTarget: info.selecting.length > 0,
      });
    }
  }
  return out;
}

function boardUnits(table: readonly TableSlotMsg[]): (BoardUnit | null)[] {
  return table.map((slot) => (slot ? { card: slot.card, targetable: slot.hp > 0 } : null));
}

/**
 * The board of a snapshot state message (one carrying game_data, player and
 * cpu), from the viewer's side; null for a message without them.
 */
export function boardFromSnapshot(msg: StateMessage): PlayBoard | null {
  const { game_data: game, player, cpu } = msg;
  if (!game || !player || !cpu) return null;
  const hand = Object.entries(player.hand)
    .map(([key, card]) => ({ key: Number(key), card }))
    .sort((a, b) => a.key - b.key);
  return {
    mayPlay:
      msg.phase !== "end_game" && game.active === "player" && game.cardsPlayed < CARDS_PER_TURN,
    resources: player,
    hand,
    own: boardUnits(player.table),
    enemy: boardUnits(cpu.table),
  };
}

/** The viewer's playable hand cards in a snapshot message ([] for any other message). */
export function playableFromSnapshot(msg: StateMessage, catalogue: Catalogue): CardPlay[] {
  const board = boardFromSnapshot(msg);
  return board ? playableCards(board, catalogue) : [];
}
