import type {
  EndGameMsg,
  PlayTarget,
  ResourceMsg,
  StateMessage,
  UnitMsg,
  ViewSide,
} from "@cardrealm/engine";
import { createStore, useStore } from "./create-store.ts";

/**
 * The live battle (product.md section 3, Game state and Animation state).
 * Architecture.md, client corollary: this store is fed only by server state
 * messages, through the one queue of features/battle (battle-queue.ts); the
 * interaction phase moves only through features/battle/battle-machine.ts.
 */

/** Battle phases of product.md section 4. */
export type BattlePhase =
  | "play_card"
  | "select_unit_target"
  | "select_spell_target"
  | "play_card_progress"
  | "play_unit"
  | "play_spell"
  | "discard_card"
  | "enemy_turn"
  | "end_turn"
  | "give_up"
  | "end_game";

/** One side as shown: the viewer is always "player". */
export interface ShownSide {
  name: string;
  hp: number;
  maxHp: number;
  fire: ResourceMsg;
  diamond: ResourceMsg;
  pow: ResourceMsg;
  /** Five cells: a unit or null. */
  table: (UnitMsg | null)[];
  deckCount: number;
  handCount: number;
}

export interface ShownHandCard {
  key: number;
  card: number;
}

/** The battle as the screen shows it; equal to the last snapshot once the queue is idle. */
export interface ShownBattle {
  gameId: string;
  cpuId: number;
  isPvP: boolean;
  /** A friendly game (features/friends): no rewards; the end panel offers a rematch. */
  friendly: boolean;
  turn: number;
  turnCap: number;
  version: number;
  active: ViewSide;
  cardsPlayed: number;
  player: ShownSide & { hand: ShownHandCard[] };
  cpu: ShownSide;
}

/** The card picked to play (click, drag or keyboard) while its cell or target is chosen. */
export interface PickedCard {
  handKey: number;
  card: number;
  isUnit: boolean;
  via: "click" | "drag" | "key";
  /** A unit with an entry target: the cell already chosen. */
  cell: number | null;
}

/** A spot on the board: a unit cell, or the castle when cell is null. */
export interface BoardSpot {
  seat: ViewSide;
  cell: number | null;
}

export type PopupTone = "damage" | "heal" | "buff" | "info";

/** A floating number (+N green, -N red) over a unit or a castle. */
export interface HpPopup extends BoardSpot {
  id: number;
  text: string;
  tone: PopupTone;
}

/** A board effect (features/battle/battle-motion.ts): its shape and its colours, on a spot. */
export interface SpotFx extends BoardSpot {
  id: number;
  kind:
    | "impact"
    | "damage"
    | "heal"
    | "buff"
    | "stun"
    | "destroy"
    | "gain"
    | "drain"
    | "draw"
    | "discard"
    | "summon"
    | "return"
    | "swap";
  element: "fire" | "diamond" | "pow" | "neutral";
}

export interface AttackFx {
  id: number;
  seat: ViewSide;
  cell: number;
  /** It strikes the facing unit or the castle. */
  at: "unit" | "castle";
}

export interface AbilityFx {
  id: number;
  seat: ViewSide;
  /** Source cell; null for a spell. */
  cell: number | null;
  card: number;
}

export interface PlayedCardFx {
  id: number;
  card: number;
  target: PlayTarget | null;
}

export type BattleMessageKind = "enemy_turn" | "discard" | "your_turn";

export interface BattleMessage {
  id: number;
  text: string;
  kind: BattleMessageKind;
}

export interface TurnTimer {
  seat: ViewSide;
  /** Whole seconds left. */
  left: number;
  /** The battle turn it counts (a new turn restarts it). */
  turn: number;
}

export type BattleBackground = "defaultBG" | "vampireBG";

export interface BattleStoreState {
  /**
   * live: a battle being played; replay: a finished battle being watched
   * (features/replay): read-only, no timers, no end panel, no tutorial.
   */
  mode: "live" | "replay";
  /** empty: nothing loaded; loading: waiting for the first state; ready; gone: no battle to resume. */
  status: "empty" | "loading" | "ready" | "gone";
  shown: ShownBattle | null;
  /** The last snapshot message applied. */
  snapshot: StateMessage | null;
  phase: BattlePhase;
  pick: PickedCard | null;
  /** playerAD: attack (true) or defence per own cell. */
  attack: boolean[];
  /** A call is on its way to the server (product.md: the loading flag). */
  awaiting: boolean;
  /** The queue is applying messages. */
  animating: boolean;
  popups: HpPopup[];
  /** Spell and blow effects on the board (none under prefers-reduced-motion). */
  spotFx: SpotFx[];
  /** The blows under way: those of one turn overlap (docs/battle-pace.md), each unit lunges on its own. */
  attackFx: AttackFx[];
  /** The abilities glowing on their source (700 ms each; the board goes on under them). */
  abilityFx: AbilityFx[];
  /** Units fading out: "player-2", "cpu-0". */
  dying: string[];
  /** The opponent's played card, shown big. */
  cpuCard: PlayedCardFx | null;
  /** The player's spell, shown while it resolves. */
  playerCast: PlayedCardFx | null;
  message: BattleMessage | null;
  endGame: EndGameMsg | null;
  /** The end-of-game panel is up (after the queue has drained). */
  showEndPanel: boolean;
  background: BattleBackground;
  timer: TurnTimer | null;
  menuOpen: boolean;
}

export const EMPTY_ATTACK: readonly boolean[] = [false, false, false, false, false];

export function initialBattleState(): BattleStoreState {
  return {
    mode: "live",
    status: "empty",
    shown: null,
    snapshot: null,
    phase: "enemy_turn",
    pick: null,
    attack: EMPTY_ATTACK.slice(),
    awaiting: false,
    animating: false,
    popups: [],
    spotFx: [],
    attackFx: [],
    abilityFx: [],
    dying: [],
    cpuCard: null,
    playerCast: null,
    message: null,
    endGame: null,
    showEndPanel: false,
    background: "defaultBG",
    timer: null,
    menuOpen: false,
  };
}

export const battleStore = createStore<BattleStoreState>(initialBattleState());

export function useBattleStore<T>(select: (state: BattleStoreState) => T): T {
  return useStore(battleStore, select);
}

/** Forget the battle (after the end-of-game panel, or when the screen closes). */
export function clearBattleStore(): void {
  battleStore.reset(initialBattleState());
}

let nextFxId = 1;
/** Ids for effects and messages, so React restarts their animations. */
export function fxId(): number {
  nextFxId += 1;
  return nextFxId;
}
