/**
 * The combat preview (issue #4): what the end-of-turn combat will do with the
 * attack flags the player has set, computed from what the player sees (a
 * view or a snapshot message). It runs the engine's own combat (combat.ts)
 * on a battle rebuilt from that view, lane by lane, so the rules are written
 * once. Where the outcome depends on something the player cannot know, the
 * preview says so instead of guessing (see `CombatPreview.uncertainFrom`).
 *
 * Only combat is previewed: turn_end abilities and the enemy's turn start
 * (poison, regenerate) come after it and are not part of the preview.
 */

import { type CardIndex, indexCatalogue } from "./card-index.ts";
import type { Catalogue } from "./card-types.ts";
import { runCombat } from "./combat.ts";
import { type Ctx, makeCtx } from "./context.ts";
import type { BattleEvent } from "./events.ts";
import { type Rebuilt, rebuild, slotUnit } from "./preview-board.ts";
import type {
  CastleOutcome,
  CombatPreview,
  LaneOutcome,
  LaneSnapshot,
  PreviewBoard,
  PreviewSide,
  UnitOutcome,
} from "./preview-types.ts";
import type { BattleState } from "./state.ts";
import { collectAuras, statsUnder } from "./stats.ts";

export { previewBoardOf } from "./preview-board.ts";
export type {
  CastleOutcome,
  CombatPreview,
  LaneOutcome,
  LaneSnapshot,
  LaneUnit,
  PreviewBoard,
  PreviewSide,
  UnitOutcome,
} from "./preview-types.ts";

/** The board as a lane snapshot (effective stats under the current auras). */
export function laneSnapshot(state: BattleState, index: CardIndex): LaneSnapshot {
  const auras = collectAuras(state, index);
  const tables = state.sides.map((side, s) =>
    side.table.map((unit, cell) => {
      if (!unit) return null;
      const st = statsUnder(auras, index, s as 0 | 1, cell, unit);
      return { card: unit.card, attack: st.attack, hp: st.hp };
    }),
  ) as LaneSnapshot["tables"];
  return {
    hp: [state.sides[0].hp, state.sides[1].hp],
    over: state.over,
    winner: state.winner,
    tables,
  };
}

/** Only the flag of `lane`: runCombat over it runs exactly that lane of the full combat. */
function laneOnly(attackers: readonly (number | null)[], lane: number): (number | null)[] {
  return attackers.map((uid, i) => (i === lane ? uid : null));
}

/**
 * Runs combat lane by lane on `ctx` (side 0 attacking with `attackers`),
 * calling `after` with the lane's events once each lane is done. The same
 * as `runCombat(ctx, 0, attackers)` in one go.
 */
export function combatByLane(
  ctx: Ctx,
  attackers: readonly (number | null)[],
  after: (lane: number, events: readonly BattleEvent[]) => void,
): void {
  for (let lane = 0; lane < attackers.length; lane++) {
    const from = ctx.events.length;
    runCombat(ctx, ctx.s.active, laneOnly(attackers, lane));
    after(lane, ctx.events.slice(from));
  }
}

/** A start unit after a lane: on the table with this current hp, or gone. */
interface UnitMark {
  onTable: boolean;
  hp: number;
  /** Damage marked on it since combat began (heals count off). */
  damage: number;
}

interface Simulation {
  snapshots: LaneSnapshot[];
  laneEvents: BattleEvent[][];
  /** Per lane: each start unit by uid. */
  marks: Map<number, UnitMark>[];
  /** First lane that read the randomness or met fatigue; null if none. */
  chanceFrom: number | null;
  ambiguous: Rebuilt["ambiguous"];
}

function simulate(
  board: PreviewBoard,
  attackers: readonly (number | null)[],
  index: CardIndex,
  deeper: boolean,
): Simulation {
  const rebuilt = rebuild(board, index, deeper);
  const ctx = makeCtx(rebuilt.state, index);
  const startUnits = rebuilt.state.sides.flatMap((side) =>
    side.table.flatMap((u) => (u ? [{ unit: u, damage: u.damage }] : [])),
  );
  const snapshots: LaneSnapshot[] = [];
  const laneEvents: BattleEvent[][] = [];
  const marks: Map<number, UnitMark>[] = [];
  let chanceFrom: number | null = null;
  combatByLane(ctx, attackers, (lane, events) => {
    const fatigue = events.some((e) => e.type === "fatigue");
    if (chanceFrom === null && (rebuilt.rngRead.value || fatigue)) chanceFrom = lane;
    snapshots.push(laneSnapshot(ctx.s, index));
    laneEvents.push(events.slice());
    const auras = collectAuras(ctx.s, index);
    const mark = new Map<number, UnitMark>();
    for (const { unit, damage } of startUnits) {
      let hp = 0;
      let onTable = false;
      ctx.s.sides.forEach((side, s) => {
        const cell = side.table.indexOf(unit);
        if (cell < 0) return;
        onTable = true;
        hp = statsUnder(auras, index, s as 0 | 1, cell, unit).hp;
      });
      mark.set(unit.uid, { onTable, hp, damage: unit.damage - damage });
    }
    marks.push(mark);
  });
  return { snapshots, laneEvents, marks, chanceFrom, ambiguous: rebuilt.ambiguous };
}

function sameSnapshot(a: LaneSnapshot | undefined, b: LaneSnapshot | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function minLane(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

/** The attack flags that count: set on a unit of the player's shown as ready. */
export function effectiveFlags(board: PreviewBoard, attack: readonly boolean[]): boolean[] {
  return board.player.table.map((slot, lane) => {
    const u = slotUnit(slot);
    return attack[lane] === true && u !== null && u.ready;
  });
}

/** The preview's lane-by-lane run: the board after each lane and where chance begins. */
export interface PreviewRun {
  attacking: boolean[];
  /** The board after each lane, the viewer as side 0. */
  snapshots: LaneSnapshot[];
  uncertainFrom: number | null;
}

function run(
  board: PreviewBoard,
  attack: readonly boolean[],
  catalogue: Catalogue,
): { sim: Simulation; attacking: boolean[]; uncertainFrom: number | null } {
  const index = indexCatalogue(catalogue);
  const attacking = effectiveFlags(board, attack);
  const attackers = board.player.table.map((slot, lane) => {
    const u = slotUnit(slot);
    return u && attacking[lane] ? u.uid : null;
  });
  const sim = simulate(board, attackers, index, false);
  let uncertainFrom = sim.chanceFrom;
  if (sim.ambiguous.length > 0) {
    // Read the hidden attack two ways; the first lane where they part is uncertain.
    const other = simulate(board, attackers, index, true);
    for (let lane = 0; lane < attackers.length; lane++) {
      if (!sameSnapshot(sim.snapshots[lane], other.snapshots[lane])) {
        uncertainFrom = minLane(uncertainFrom, lane);
        break;
      }
    }
    uncertainFrom = minLane(uncertainFrom, other.chanceFrom);
  }
  return { sim, attacking, uncertainFrom };
}

/** The lane-by-lane boards behind a preview (what the property tests compare with the battle). */
export function previewLanes(
  board: PreviewBoard,
  attack: readonly boolean[],
  catalogue: Catalogue,
): PreviewRun {
  const { sim, attacking, uncertainFrom } = run(board, attack, catalogue);
  return { attacking, snapshots: sim.snapshots, uncertainFrom };
}

/**
 * What combat will do if the player ends the turn now with these attack
 * flags (one boolean per cell; flags on units that cannot attack are
 * ignored). `board` is the player's own view; `player` is the side to move.
 */
export function previewCombat(
  board: PreviewBoard,
  attack: readonly boolean[],
  catalogue: Catalogue,
): CombatPreview {
  const { sim, attacking, uncertainFrom } = run(board, attack, catalogue);
  return summarise(board, sim, attacking, uncertainFrom);
}

function summarise(
  board: PreviewBoard,
  sim: Simulation,
  attacking: boolean[],
  uncertainFrom: number | null,
): CombatPreview {
  const certainLanes = uncertainFrom ?? sim.snapshots.length;
  const last = certainLanes > 0 ? sim.snapshots[certainLanes - 1] : undefined;
  const uncertain = uncertainFrom !== null;

  const lanes: LaneOutcome[] = attacking.map((attacks, lane) => {
    let attackerDealt = 0;
    let defenderDealt = 0;
    let castleDamage = 0;
    for (const e of sim.laneEvents[lane] ?? []) {
      if (e.type === "unit_fight" && e.side === 0) {
        attackerDealt += e.attacking + e.pierce;
        defenderDealt += e.defend;
        castleDamage += e.pierce;
      } else if (e.type === "unit_damage_to_player" && e.side === 0) {
        attackerDealt += e.damage;
        castleDamage += e.damage;
      }
    }
    const laneUncertain = uncertainFrom !== null && lane >= uncertainFrom;
    return { lane, attacks, attackerDealt, defenderDealt, castleDamage, uncertain: laneUncertain };
  });

  // Which start unit each lane's strike involved, for damage dealt.
  const dealtBy = new Map<number, number>();
  lanes.forEach((l, lane) => {
    if (uncertainFrom !== null && lane >= uncertainFrom) return;
    const attacker = slotUnit(board.player.table[lane]);
    const defender = slotUnit(board.cpu.table[lane]);
    if (attacker && l.attackerDealt > 0) dealtBy.set(attacker.uid, l.attackerDealt);
    if (defender && l.defenderDealt > 0) {
      dealtBy.set(defender.uid, (dealtBy.get(defender.uid) ?? 0) + l.defenderDealt);
    }
  });

  const died = new Set<number>();
  sim.laneEvents.forEach((events, lane) => {
    if (lane >= certainLanes) return;
    for (const e of events) if (e.type === "unit_died") died.add(e.uid);
  });

  const marks = certainLanes > 0 ? sim.marks[certainLanes - 1] : undefined;
  const outcomes = (side: PreviewSide): (UnitOutcome | null)[] =>
    side.table.map((slot) => {
      const u = slotUnit(slot);
      if (!u) return null;
      const dies = died.has(u.uid);
      const mark = marks?.get(u.uid);
      const hpAfter = !mark ? u.hp : mark.onTable ? mark.hp : u.hp - mark.damage;
      return {
        uid: u.uid,
        hpBefore: u.hp,
        hpAfter,
        damageTaken: Math.max(0, u.hp - hpAfter),
        damageDealt: dealtBy.get(u.uid) ?? 0,
        dies,
        uncertain,
      };
    });

  const castle = (seat: 0 | 1, side: PreviewSide): CastleOutcome => {
    let damage = 0;
    let healed = 0;
    sim.laneEvents.forEach((events, lane) => {
      if (lane >= certainLanes) return;
      for (const e of events) {
        if (e.type === "lifesteal" && e.side === seat) healed += e.amount;
        else if (e.type === "unit_damage_to_player" && e.side !== seat) damage += e.damage;
        else if (e.type === "unit_fight" && e.side !== seat) damage += e.pierce;
        else if (e.type === "fatigue" && e.side === seat) damage += e.damage;
        else if (e.type === "ability") {
          for (const r of e.results) {
            if (r.target.kind !== "castle" || r.target.side !== seat) continue;
            if (r.effect === "damage") damage += r.amount;
            else if (r.effect === "heal") healed += r.amount;
          }
        }
      }
    });
    return {
      hpBefore: side.hp,
      hpAfter: last ? last.hp[seat] : side.hp,
      damage,
      healed,
      uncertain,
    };
  };

  const winnerSide = last?.over ? last.winner : null;
  return {
    attacking,
    lanes,
    units: { player: outcomes(board.player), cpu: outcomes(board.cpu) },
    castles: { player: castle(0, board.player), cpu: castle(1, board.cpu) },
    winner: winnerSide === null ? null : winnerSide === 0 ? "player" : "cpu",
    uncertainFrom,
  };
}
