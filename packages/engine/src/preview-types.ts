/** The combat preview's shapes (preview.ts computes them; the client shows them). */
import type { UnitMsg } from "./messages.ts";

/** One side as the viewer sees it (a `SideView`, a snapshot side, or the client's shown side). */
export interface PreviewSide {
  hp: number;
  maxHp: number;
  /** Five cells; null or 0 for an empty cell. */
  table: readonly (UnitMsg | null | 0)[];
  deckCount: number;
  handCount: number;
}

/** The board from the viewer's side: `player` is the viewer, whose turn it is. */
export interface PreviewBoard {
  player: PreviewSide;
  cpu: PreviewSide;
}

/** What combat does to one unit on the table when it starts. */
export interface UnitOutcome {
  uid: number;
  hpBefore: number;
  /** Its current hp after combat (0 or less when it dies). */
  hpAfter: number;
  /** hp lost (hpBefore - hpAfter, never below 0). */
  damageTaken: number;
  /** Damage its strike deals (to a unit, plus pierce, or to the castle). */
  damageDealt: number;
  dies: boolean;
  /** Chance may still change this (the numbers are those of the certain lanes). */
  uncertain: boolean;
}

export interface CastleOutcome {
  hpBefore: number;
  hpAfter: number;
  /** hp lost in combat (strikes, pierce, abilities), before heals. */
  damage: number;
  /** hp won back (lifesteal, heal abilities). */
  healed: number;
  uncertain: boolean;
}

/** One lane (0-4): the player's unit there may attack the enemy's unit or castle across. */
export interface LaneOutcome {
  lane: number;
  /** The flag is set on a unit that may attack. */
  attacks: boolean;
  /** Damage the attacker deals: to the defender plus pierce, or to the castle. */
  attackerDealt: number;
  /** Damage the defender strikes back with. */
  defenderDealt: number;
  /** Damage this lane's strike does to the enemy castle (flying, empty cell, pierce). */
  castleDamage: number;
  uncertain: boolean;
}

export interface CombatPreview {
  /** The flags that count: set on a ready unit of the player's. */
  attacking: boolean[];
  lanes: LaneOutcome[];
  /** By cell at the start of combat; null for an empty cell. */
  units: { player: (UnitOutcome | null)[]; cpu: (UnitOutcome | null)[] };
  castles: { player: CastleOutcome; cpu: CastleOutcome };
  /** The battle ends in combat (a castle falls): who wins. null while it goes on. */
  winner: "player" | "cpu" | null;
  /**
   * The first lane whose result may depend on what the player cannot know,
   * or null when the whole preview is certain. From this lane on, lanes are
   * `uncertain`, and so are every unit and both castles (their numbers stop
   * at the last certain lane). Uncertain when, in that lane:
   * - an effect uses the battle's randomness (a random_enemy target, a
   *   discard), or
   * - a draw meets an empty deck (fatigue damage depends on earlier fatigue,
   *   which no view shows), or
   * - a unit shown with 0 attack while auras change its attack plays a part
   *   in a way its real attack (hidden below 0) would change.
   */
  uncertainFrom: number | null;
}

/** Per-lane picture of the board, compared between the preview and the real battle in tests. */
export interface LaneSnapshot {
  hp: [number, number];
  over: boolean;
  winner: 0 | 1 | null;
  /** Per side, per cell: card, attack and current hp (effective), or null. */
  tables: [(LaneUnit | null)[], (LaneUnit | null)[]];
}

export interface LaneUnit {
  card: number;
  attack: number;
  hp: number;
}
