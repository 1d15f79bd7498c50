/**
 * A scenario builder whose tests read like card text (architecture.md
 * principle 8). It arranges only what matters, directly on a battle state,
 * then drives the real engine through step:
 *
 *   const s = scenario().onTable(B, 2, T.footman).give(A, T.fireball);
 *   s.play(T.fireball, { target: enemyUnit(2) });
 *   expect(s.unit(B, 2)).toBeNull();
 *
 * Defaults: side A (0) is to move on turn 3, both sides have 20 of every
 * resource (inc 1), empty hands and tables, and 20 Footmen in the deck.
 */
import {
  type Action,
  type BattleEvent,
  type BattleState,
  type Catalogue,
  cloneState,
  createBattle,
  otherSide,
  type PlayTarget,
  type Resource,
  type Side,
  type StepResult,
  step,
  TABLE_CELLS,
  type UnitState,
  unitStats,
} from "@cardrealm/engine";
import { T, testCatalogue } from "./cards.ts";

export const A: Side = 0;
export const B: Side = 1;

/** Targets as the acting side names them. */
export const enemyUnit = (cell: number): PlayTarget => ({
  key: "table_key",
  value: cell,
  side: "cpu",
});
export const ownUnit = (cell: number): PlayTarget => ({
  key: "table_key",
  value: cell,
  side: "player",
});
export const enemyCastle: PlayTarget = { key: "target_cpu_hp", value: 0, side: "cpu" };
export const ownCastle: PlayTarget = { key: "target_player_hp", value: 0, side: "player" };

export interface UnitSetup {
  /** Units already on the table are awake unless told otherwise. */
  asleep?: boolean;
  damage?: number;
  stun?: number;
  exhausted?: boolean;
  poison?: number;
}

export interface ScenarioOptions {
  catalogue?: Catalogue;
  seed?: number;
  /** Starting resources (amount) of each kind for both sides. */
  resources?: number;
  /** Castle hp of both sides. */
  hp?: number;
}

export interface UnitReport {
  card: number;
  attack: number;
  hp: number;
  maxHp: number;
  unit: UnitState;
}

export class Scenario {
  state: BattleState;
  /** Events of the last successful step. */
  events: BattleEvent[] = [];
  /** Events of every step so far. */
  allEvents: BattleEvent[] = [];
  readonly catalogue: Catalogue;

  constructor(options: ScenarioOptions = {}) {
    this.catalogue = options.catalogue ?? testCatalogue;
    const filler = new Array<number>(20).fill(T.footman);
    const hp = options.hp ?? 50;
    const s = createBattle(
      {
        seed: options.seed ?? 1,
        sides: [
          { name: "Alice", hp, deck: filler },
          { name: "Bob", hp, deck: filler },
        ],
        opener: 0,
      },
      this.catalogue,
    );
    s.turn = 3;
    const amount = options.resources ?? 20;
    for (const side of s.sides) {
      side.hand = [];
      side.deck = filler.slice();
      side.resources = {
        fire: { amount, inc: 1 },
        diamond: { amount, inc: 1 },
        pow: { amount, inc: 1 },
      };
    }
    this.state = s;
  }

  private def(card: number) {
    const def = this.catalogue.get(card);
    if (!def) throw new Error(`card ${card} is not in the catalogue`);
    return def;
  }

  /** Puts n copies of a card into side's hand. */
  give(side: Side, card: number, n = 1): this {
    this.def(card);
    for (let i = 0; i < n; i++) {
      this.state.sides[side].hand.push({ key: this.state.nextId, card });
      this.state.nextId += 1;
    }
    return this;
  }

  /** Sets side's deck; the first card listed is drawn first. */
  deck(side: Side, cards: number[]): this {
    this.state.sides[side].deck = cards.slice().reverse();
    return this;
  }

  /** A unit already on the table (awake unless `asleep`). */
  onTable(side: Side, cell: number, card: number, setup: UnitSetup = {}): this {
    const def = this.def(card);
    if (cell < 0 || cell >= TABLE_CELLS) throw new Error(`no cell ${cell}`);
    const unit: UnitState = {
      uid: this.state.nextId,
      card,
      attack: def.attack ?? 0,
      hp: def.hp ?? 0,
      damage: setup.damage ?? 0,
      tempAttack: 0,
      tempHp: 0,
      sleep: setup.asleep ?? false,
      stun: setup.stun ?? 0,
      exhausted: setup.exhausted ?? false,
      poison: setup.poison ?? 0,
      destroyed: false,
    };
    this.state.nextId += 1;
    this.state.sides[side].table[cell] = unit;
    return this;
  }

  hp(side: Side, hp: number): this {
    this.state.sides[side].hp = hp;
    return this;
  }

  resources(side: Side, amounts: Partial<Record<Resource, number>>, inc?: number): this {
    const res = this.state.sides[side].resources;
    for (const r of ["fire", "diamond", "pow"] as const) {
      const amount = amounts[r];
      if (amount !== undefined) res[r].amount = amount;
      if (inc !== undefined) res[r].inc = inc;
    }
    return this;
  }

  /** Makes `side` the side to move (same turn number). */
  turnOf(side: Side): this {
    this.state.active = side;
    this.state.played = 0;
    return this;
  }

  /** Runs any action; applies it when it succeeds. Never throws. */
  act(action: Action): StepResult {
    const r = step(this.state, action, this.catalogue);
    if (r.ok) {
      this.state = r.state;
      this.events = r.events;
      this.allEvents.push(...r.events);
    }
    return r;
  }

  private must(action: Action): this {
    const r = this.act(action);
    if (!r.ok) throw new Error(`${action.type} refused: ${r.error.code} (${r.error.message})`);
    return this;
  }

  /** Hand key of the first copy of `card` in side's hand. */
  keyOf(card: number, side: Side = this.state.active): number {
    const h = this.state.sides[side].hand.find((x) => x.card === card);
    if (!h) throw new Error(`card ${card} is not in side ${side}'s hand`);
    return h.key;
  }

  playAction(card: number, opts: { cell?: number; target?: PlayTarget } = {}): Action {
    const side = this.state.active;
    const action: Action = { type: "play_card", side, handKey: this.keyOf(card, side) };
    if (opts.cell !== undefined) action.cell = opts.cell;
    if (opts.target !== undefined) action.target = opts.target;
    return action;
  }

  /** The side to move plays the first copy of `card` in its hand; throws if refused. */
  play(card: number, opts: { cell?: number; target?: PlayTarget } = {}): this {
    return this.must(this.playAction(card, opts));
  }

  /** Like play, but returns the step result (for refusals). */
  tryPlay(card: number, opts: { cell?: number; target?: PlayTarget } = {}): StepResult {
    return this.act(this.playAction(card, opts));
  }

  endTurnAction(opts: { attack?: number[]; discard?: number } = {}): Action {
    const side = this.state.active;
    const attack = new Array<boolean>(TABLE_CELLS).fill(false);
    for (const cell of opts.attack ?? []) attack[cell] = true;
    const action: Action = { type: "end_turn", side, attack };
    if (opts.discard !== undefined) action.discard = this.keyOf(opts.discard, side);
    return action;
  }

  /** The side to move ends its turn, flagging `attack` cells; `discard` names a card id. */
  endTurn(opts: { attack?: number[]; discard?: number } = {}): this {
    return this.must(this.endTurnAction(opts));
  }

  /** Ends the turn with every ready unit attacking. */
  attackWithAll(): this {
    const side = this.state.active;
    const cells: number[] = [];
    this.state.sides[side].table.forEach((u, c) => {
      if (u) cells.push(c);
    });
    return this.endTurn({ attack: cells });
  }

  /** The side to move passes (ends its turn without attacking). */
  pass(): this {
    return this.endTurn();
  }

  // Readers.

  get active(): Side {
    return this.state.active;
  }

  unit(side: Side, cell: number): UnitReport | null {
    const unit = this.state.sides[side].table[cell];
    const stats = unitStats(this.state, side, cell, this.catalogue);
    if (!unit || !stats) return null;
    return { card: unit.card, attack: stats.attack, hp: stats.hp, maxHp: stats.maxHp, unit };
  }

  castle(side: Side): number {
    return this.state.sides[side].hp;
  }

  hand(side: Side): number[] {
    return this.state.sides[side].hand.map((h) => h.card);
  }

  resource(side: Side, r: Resource): { amount: number; inc: number } {
    return { ...this.state.sides[side].resources[r] };
  }

  enemyOf(side: Side): Side {
    return otherSide(side);
  }

  /** Events of the last step of one type. */
  eventsOf<K extends BattleEvent["type"]>(type: K): Extract<BattleEvent, { type: K }>[] {
    return this.events.filter((e): e is Extract<BattleEvent, { type: K }> => e.type === type);
  }

  /** A deep copy of the current state (for before/after comparisons). */
  snapshot(): BattleState {
    return cloneState(this.state);
  }
}

export function scenario(options: ScenarioOptions = {}): Scenario {
  return new Scenario(options);
}
