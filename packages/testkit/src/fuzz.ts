/**
 * Random games over the engine's own legal actions (architecture.md
 * principle 7): each step picks uniformly among legalActions (random attack
 * flags on end_turn), checks the invariants, and records the trace so a
 * failure can be saved and replayed forever after.
 */
import {
  type Action,
  type BattleEvent,
  type BattleState,
  type Catalogue,
  coinFlip,
  createBattle,
  ENGINE_VERSION,
  HAND_LIMIT,
  legalActions,
  nextFloat,
  nextInt,
  type RngHolder,
  readyAttackers,
  rngFromSeed,
  SIDES,
  step,
  TABLE_CELLS,
  type Trace,
  TURN_CAP,
  tableStats,
} from "@cardrealm/engine";

export interface FuzzOptions {
  /** A game still running after this many steps is a failure. */
  maxSteps?: number;
  /** Chance per step of the server's timeout action instead of a legal action. */
  timeoutRate?: number;
  /** Chance per step of giving up (give_up is otherwise never picked). */
  giveUpRate?: number;
  /** Also check that step never mutates its input (slower: serializes every state). */
  checkPurity?: boolean;
  catalogueVersion?: string;
}

export interface FuzzResult {
  ok: boolean;
  /** What broke, when ok is false. */
  failure?: string;
  trace: Trace;
  state: BattleState;
  steps: number;
}

const seenIds = new Set<number>();

/** Invariants of any state between steps. Returns the first broken one, or null. */
export function checkStateInvariants(state: BattleState, catalogue: Catalogue): string | null {
  if (state.turn < 1 || state.turn > TURN_CAP) return `turn ${state.turn} outside 1-${TURN_CAP}`;
  if (state.played > 1) return `${state.played} cards played in one turn`;
  if (state.over && state.endReason === null) return "over without a reason";
  if (!state.over && (state.winner !== null || state.endReason !== null)) {
    return "a winner while still playing";
  }
  const ids = seenIds;
  ids.clear();
  for (const side of SIDES) {
    const me = state.sides[side];
    for (const r of ["fire", "diamond", "pow"] as const) {
      const res = me.resources[r];
      if (res.amount < 0 || res.inc < 0) return `side ${side} ${r} below zero`;
    }
    if (me.hand.length > HAND_LIMIT) return `side ${side} holds ${me.hand.length} cards`;
    if (me.table.length !== TABLE_CELLS) return `side ${side} table has ${me.table.length} cells`;
    for (const h of me.hand) {
      if (ids.has(h.key)) return `duplicate id ${h.key}`;
      ids.add(h.key);
      if (h.key >= state.nextId) return `hand key ${h.key} not below the counter`;
    }
    const stats = tableStats(state, side, catalogue);
    for (let cell = 0; cell < me.table.length; cell++) {
      const unit = me.table[cell];
      if (!unit) continue;
      if (ids.has(unit.uid)) return `duplicate id ${unit.uid}`;
      ids.add(unit.uid);
      if (unit.stun < 0 || unit.poison < 0 || unit.damage < 0) return "negative unit counter";
      const hp = stats[cell]?.hp ?? 0;
      // A battle that ended mid-resolution may leave the dying on the table.
      if (!state.over && (unit.destroyed || hp <= 0)) {
        return `dead unit ${unit.card} still on side ${side} cell ${cell}`;
      }
    }
  }
  if (state.over && state.endReason === "hp") {
    const loser = state.winner === null ? null : state.sides[state.winner === 0 ? 1 : 0];
    if (!loser || loser.hp > 0) return "hp win without a fallen castle";
  }
  return null;
}

function chooseAction(
  state: BattleState,
  catalogue: Catalogue,
  rng: RngHolder,
  options: Required<Pick<FuzzOptions, "timeoutRate" | "giveUpRate">>,
): Action {
  const side = state.active;
  const roll = nextFloat(rng);
  if (roll < options.timeoutRate) return { type: "timeout", side };
  if (roll < options.timeoutRate + options.giveUpRate) return { type: "give_up", side };
  const legal = legalActions(state, catalogue).filter((a) => a.type !== "give_up");
  const action = legal[nextInt(rng, legal.length)];
  if (!action) return { type: "give_up", side };
  if (action.type === "end_turn") {
    const attack = action.attack.slice();
    for (const cell of readyAttackers(state, side, catalogue)) attack[cell] = nextFloat(rng) < 0.5;
    return { ...action, attack };
  }
  return action;
}

/**
 * Plays one random game. The opener is a coin flip of the seed; decks are
 * used as given (createBattle shuffles them).
 */
export function playRandomGame(
  seed: number,
  catalogue: Catalogue,
  decks: readonly [readonly number[], readonly number[]],
  options: FuzzOptions = {},
): FuzzResult {
  const maxSteps = options.maxSteps ?? 5000;
  const rates = {
    timeoutRate: options.timeoutRate ?? 0.01,
    giveUpRate: options.giveUpRate ?? 0.001,
  };
  const trace: Trace = {
    engineVersion: ENGINE_VERSION,
    seed,
    sides: [
      { name: "Fuzz A", deck: decks[0].slice() },
      { name: "Fuzz B", deck: decks[1].slice() },
    ],
    opener: coinFlip(seed),
    actions: [],
  };
  if (options.catalogueVersion !== undefined) trace.catalogueVersion = options.catalogueVersion;
  const rng: RngHolder = { rng: rngFromSeed(seed ^ 0x2545f491) };
  const done = (state: BattleState, steps: number, failure?: string): FuzzResult =>
    failure === undefined
      ? { ok: true, trace, state, steps }
      : { ok: false, failure, trace, state, steps };

  let state = createBattle(
    { seed: trace.seed, sides: trace.sides, opener: trace.opener },
    catalogue,
  );
  const broken = checkStateInvariants(state, catalogue);
  if (broken) return done(state, 0, `after createBattle: ${broken}`);

  let playedThisTurn = 0;
  for (let steps = 0; steps < maxSteps; steps++) {
    if (state.over) return done(state, steps);
    const action = chooseAction(state, catalogue, rng, rates);
    trace.actions.push(action);
    const before = options.checkPurity ? JSON.stringify(state) : "";
    let r: ReturnType<typeof step>;
    try {
      r = step(state, action, catalogue);
    } catch (e) {
      return done(state, steps, `step threw on ${action.type}: ${String(e)}`);
    }
    if (options.checkPurity && JSON.stringify(state) !== before) {
      return done(state, steps, `step mutated its input on ${action.type}`);
    }
    if (!r.ok) {
      return done(state, steps, `legal ${action.type} refused: ${r.error.code} ${r.error.message}`);
    }
    if (r.state.version !== state.version + 1) return done(r.state, steps, "version did not +1");
    playedThisTurn = countPlays(r.events, playedThisTurn);
    if (playedThisTurn > 1) return done(r.state, steps, "two cards played in one turn");
    state = r.state;
    const bad = checkStateInvariants(state, catalogue);
    if (bad) return done(state, steps + 1, bad);
  }
  return done(state, maxSteps, `no end after ${maxSteps} steps`);
}

function countPlays(events: readonly BattleEvent[], running: number): number {
  let n = running;
  for (const e of events) {
    if (e.type === "turn_start") n = 0;
    else if (e.type === "card_played") n += 1;
  }
  return n;
}
