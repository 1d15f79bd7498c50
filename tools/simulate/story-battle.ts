/**
 * A new player's story battle, reproduced off-line exactly as the server plays
 * it with a fixed BATTLE_SEED (apps/server/src/battles/story-battles.ts start and
 * advance, computer-player.ts), with a scripted, lane-aware human whose moves a
 * browser journey can make through the real screen. Pure: no clock, no I/O.
 *
 * Used by find-win-seed.ts (which policy wins on which seed) and by
 * e2e/story-win.journey.ts (the moves it makes, and what the screen must show
 * after each turn).
 */
import { planStoryTurn, safeEndTurn } from "@cardrealm/ai";
import {
  battleDeck,
  CATALOGUE,
  getOpponent,
  type OpponentDef,
  STARTER_DECK,
} from "@cardrealm/content";
import {
  type Action,
  type BattleSetup,
  type BattleState,
  type Catalogue,
  createBattle,
  legalActions,
  MAX_HAND_AT_END_TURN,
  type PlayTarget,
  readyAttackers,
  type Side,
  step,
  unitStats,
} from "@cardrealm/engine";

const HUMAN: Side = 0;
const COMPUTER: Side = 1;

/** The first story opponent of chapter 1 (the Air Elemental). */
export const FIRST_OPPONENT = 6;

/**
 * The new player's battle deck as the server builds it: deck slot 1
 * (STARTER_DECK) through content's battleDeck, which the server uses too.
 * The order matters: createBattle shuffles this list.
 */
export function newPlayerDeck(): number[] {
  return battleDeck(STARTER_DECK);
}

/** The setup story-battles.ts start() stores for a fixed seed: the human (side 0) opens. */
export function storySetup(seed: number, opponent: OpponentDef, playerName: string): BattleSetup {
  return {
    seed,
    opener: HUMAN,
    sides: [
      { name: playerName, deck: newPlayerDeck() },
      { name: opponent.name, hp: opponent.hp, deck: [...opponent.deck] },
    ],
  };
}

/** The server's plan for the computer's turn (shared from @cardrealm/ai, not copied). */
export function planComputerTurn(
  state: BattleState,
  opponent: OpponentDef,
  catalogue: Catalogue,
): Action[] {
  return planStoryTurn(state, COMPUTER, opponent.strength, catalogue);
}

const fallbackEndTurn = (state: BattleState): Action => safeEndTurn(state, COMPUTER);

function mustStep(state: BattleState, action: Action, catalogue: Catalogue): BattleState {
  const r = step(state, action, catalogue);
  if (!r.ok) throw new Error(`illegal ${action.type}: ${r.error.message}`);
  return r.state;
}

/** story-battles.ts move() (battle-core.ts advance): the human's action, then the computer's whole turn if it is its move. */
export function advance(
  state: BattleState,
  action: Action,
  opponent: OpponentDef,
  catalogue: Catalogue,
): BattleState {
  let s = mustStep(state, action, catalogue);
  for (let guard = 0; guard < 20 && !s.over && s.active === COMPUTER; guard++) {
    const planned = planComputerTurn(s, opponent, catalogue);
    for (const a of planned.length ? planned : [fallbackEndTurn(s)]) {
      const applied = step(s, a, catalogue);
      s = applied.ok ? applied.state : mustStep(s, fallbackEndTurn(s), catalogue);
      if (s.over || s.active !== COMPUTER) break;
    }
  }
  return s;
}

/** A lane-aware scripted player, described by a few switches the finder searches. */
export interface PolicyParams {
  /** Which card first: the dearest unit, or a resource spell (gain_inc) while the turn is early. */
  ramp: "never" | "early";
  /** Use damage spells on enemy units they kill (the strongest first). */
  removal: boolean;
  /** Where a unit goes: facing the strongest enemy unit (block), or an empty lane (open). */
  place: "block" | "open";
  /** Attack flags: every ready unit, only where it hits the castle or wins the trade, or open lanes only. */
  attack: "all" | "favourable" | "open";
}

export const ALL_POLICIES: readonly PolicyParams[] = (["never", "early"] as const).flatMap((ramp) =>
  [true, false].flatMap((removal) =>
    (["block", "open"] as const).flatMap((place) =>
      (["favourable", "all", "open"] as const).map((attack) => ({ ramp, removal, place, attack })),
    ),
  ),
);

export function policyName(p: PolicyParams): string {
  return `ramp=${p.ramp} removal=${p.removal ? "yes" : "no"} place=${p.place} attack=${p.attack}`;
}

/** One of the human's turns as the screen must make it. */
export interface HumanTurn {
  /** The battle's turn number (1, 3, 5, ...: the human opens). */
  turn: number;
  /** The human's hand at the turn's start, by hand key (what the screen shows). */
  hand: { key: number; card: number }[];
  play?: {
    handKey: number;
    card: number;
    /** Units: the own cell. */
    cell?: number;
    /** Spells that aim: the target, from the player's view. */
    target?: PlayTarget;
  };
  /** Own cells flagged attack (after the play). */
  attack: number[];
  /** The hand card discarded at the end of the turn (above six cards). */
  discard?: { handKey: number; card: number };
  /** Castles after the computer's answer (or at the end of the battle). */
  after: { playerHp: number; cpuHp: number };
}

export interface ScriptedBattle {
  seed: number;
  opponentId: number;
  policy: PolicyParams;
  winner: Side | null;
  over: boolean;
  turns: HumanTurn[];
  final: BattleState;
}

function totalCost(card: number, catalogue: Catalogue): number {
  const c = catalogue.get(card);
  return c ? c.cost.fire + c.cost.diamond + c.cost.pow : 0;
}

function damageOf(card: number, catalogue: Catalogue): number {
  const c = catalogue.get(card);
  let total = 0;
  for (const a of c?.abilities ?? []) {
    if (a.trigger === "on_play" && a.target === "selected" && a.effect.kind === "damage")
      total += a.effect.amount;
  }
  return total;
}

function isRamp(card: number, catalogue: Catalogue): boolean {
  return (catalogue.get(card)?.abilities ?? []).some(
    (a) => a.trigger === "on_play" && a.effect.kind === "gain_inc",
  );
}

type PlayAction = Extract<Action, { type: "play_card" }>;

function cardOf(state: BattleState, handKey: number): number {
  return state.sides[HUMAN].hand.find((h) => h.key === handKey)?.card ?? 0;
}

/** The policy's play for this turn, or undefined to play nothing. */
export function choosePlay(
  state: BattleState,
  p: PolicyParams,
  catalogue: Catalogue,
): PlayAction | undefined {
  const plays = legalActions(state, catalogue).filter(
    (a): a is PlayAction => a.type === "play_card",
  );
  if (plays.length === 0) return undefined;
  const enemy = state.sides[COMPUTER];
  const enemyStats = (cell: number) => unitStats(state, COMPUTER, cell, catalogue);

  // 1. A spell that finishes the enemy castle.
  const lethal = plays.find(
    (a) =>
      a.target?.key === "target_cpu_hp" &&
      damageOf(cardOf(state, a.handKey), catalogue) >= enemy.hp,
  );
  if (lethal) return lethal;

  // 2. Removal: a damage spell on the strongest enemy unit it kills.
  if (p.removal) {
    let best: PlayAction | undefined;
    let bestScore = -1;
    for (const a of plays) {
      const card = cardOf(state, a.handKey);
      if (catalogue.get(card)?.type !== "spell" || a.target?.key !== "table_key") continue;
      if (a.target.side !== "cpu") continue;
      const st = enemyStats(a.target.value);
      const dmg = damageOf(card, catalogue);
      if (!st || dmg < st.hp) continue;
      const score = st.attack * 10 + st.hp - dmg; // the strongest, then the least overkill
      if (score > bestScore) {
        bestScore = score;
        best = a;
      }
    }
    if (best) return best;
  }

  // 3. Ramp early: a resource spell in the first turns.
  if (p.ramp === "early" && state.turn <= 5) {
    const ramp = plays.find((a) => isRamp(cardOf(state, a.handKey), catalogue));
    if (ramp) return ramp;
  }

  // 4. The dearest unit, into the lane the policy likes.
  const units = plays.filter((a) => a.cell !== undefined);
  if (units.length > 0) {
    const unitScore = (a: PlayAction) => {
      const c = catalogue.get(cardOf(state, a.handKey));
      return totalCost(c?.id ?? 0, catalogue) * 100 + (c?.attack ?? 0) * 10 + (c?.hp ?? 0);
    };
    const bestCard = units.reduce((b, a) => (unitScore(a) > unitScore(b) ? a : b));
    const options = units.filter((a) => a.handKey === bestCard.handKey);
    const facing = (a: PlayAction) => enemyStats(a.cell ?? 0);
    const laneScore = (a: PlayAction) => {
      const st = facing(a);
      const cell = a.cell ?? 0;
      const centre = -Math.abs(cell - 2); // a tie goes to the middle lanes
      if (p.place === "block") return (st ? 100 + st.attack * 10 : 0) + centre;
      return (st ? 0 : 100) + centre;
    };
    return options.reduce((b, a) => (laneScore(a) > laneScore(b) ? a : b));
  }

  // 5. Otherwise a spell that helps: a ramp spell, a heal when hurt, damage to the castle.
  const ramp = plays.find((a) => isRamp(cardOf(state, a.handKey), catalogue));
  if (ramp) return ramp;
  const castle = plays.find((a) => a.target?.key === "target_cpu_hp");
  if (castle) return castle;
  return undefined;
}

/** Own cells the policy flags attack on the board after its play. */
export function chooseAttack(state: BattleState, p: PolicyParams, catalogue: Catalogue): number[] {
  const ready = readyAttackers(state, HUMAN, catalogue);
  return ready.filter((cell) => {
    const mine = unitStats(state, HUMAN, cell, catalogue);
    const unit = state.sides[HUMAN].table[cell];
    const flying = unit ? catalogue.get(unit.card)?.keywords?.flying === true : false;
    const theirs = unitStats(state, COMPUTER, cell, catalogue);
    const them = state.sides[COMPUTER].table[cell];
    if (!theirs || !them || flying) return true; // hits the castle
    if (p.attack === "all") return true;
    if (p.attack === "open") return false;
    if (!mine) return false;
    const kills = mine.attack >= theirs.hp;
    const strikesBack = !them.exhausted && them.stun === 0;
    const survives = !strikesBack || theirs.attack < mine.hp;
    // A kill it survives, or an even trade against a unit at least as strong.
    return kills && (survives || theirs.attack >= mine.attack);
  });
}

/** The card to throw away above six: the cheapest, the last drawn on a tie. */
export function chooseDiscard(state: BattleState, catalogue: Catalogue): number | undefined {
  const hand = state.sides[HUMAN].hand;
  if (hand.length <= MAX_HAND_AT_END_TURN) return undefined;
  const scored = hand.map((h) => ({ key: h.key, cost: totalCost(h.card, catalogue) }));
  scored.sort((a, b) => a.cost - b.cost || b.key - a.key);
  return scored[0]?.key;
}

/** Plays the whole battle: the policy against the server's computer, on the server's seed. */
export function playScripted(
  seed: number,
  policy: PolicyParams,
  opponentId = FIRST_OPPONENT,
  catalogue: Catalogue = CATALOGUE,
  maxTurns = 60,
): ScriptedBattle {
  const opponent = getOpponent(opponentId);
  if (!opponent) throw new Error(`no opponent ${opponentId}`);
  let state = createBattle(storySetup(seed, opponent, "Player"), catalogue);
  const turns: HumanTurn[] = [];
  while (!state.over && state.active === HUMAN && state.turn <= maxTurns) {
    const t: HumanTurn = {
      turn: state.turn,
      hand: state.sides[HUMAN].hand.map((h) => ({ ...h })),
      attack: [],
      after: { playerHp: 0, cpuHp: 0 },
    };
    const play = choosePlay(state, policy, catalogue);
    if (play) {
      t.play = {
        handKey: play.handKey,
        card: cardOf(state, play.handKey),
        ...(play.cell !== undefined ? { cell: play.cell } : {}),
        ...(play.target ? { target: play.target } : {}),
      };
      state = advance(state, play, opponent, catalogue);
    }
    if (!state.over) {
      t.attack = chooseAttack(state, policy, catalogue);
      const discard = chooseDiscard(state, catalogue);
      if (discard !== undefined) t.discard = { handKey: discard, card: cardOf(state, discard) };
      const flags = [0, 1, 2, 3, 4].map((c) => t.attack.includes(c));
      state = advance(
        state,
        {
          type: "end_turn",
          side: HUMAN,
          attack: flags,
          ...(discard !== undefined ? { discard } : {}),
        },
        opponent,
        catalogue,
      );
    }
    t.after = { playerHp: state.sides[HUMAN].hp, cpuHp: state.sides[COMPUTER].hp };
    turns.push(t);
  }
  return { seed, opponentId, policy, winner: state.winner, over: state.over, turns, final: state };
}

/** The first policy of ALL_POLICIES that wins on this seed (undefined: none does). */
export function winningPolicy(
  seed: number,
  policies: readonly PolicyParams[] = ALL_POLICIES,
  opponentId = FIRST_OPPONENT,
): ScriptedBattle | undefined {
  for (const p of policies) {
    const b = playScripted(seed, p, opponentId);
    if (b.over && b.winner === HUMAN) return b;
  }
  return undefined;
}
