import type { CpuMsg, PlayTarget, StateMessage, UnitMsg, ViewSide } from "@cardrealm/engine";
import type {
  BattleBackground,
  BoardSpot,
  ShownBattle,
  ShownSide,
} from "../../stores/battle-store.ts";

/** product.md section 2: names show without the text after an at sign. */
export function displayName(name: string): string {
  const at = name.indexOf("@");
  return (at >= 0 ? name.slice(0, at) : name).trim();
}

/** A message carrying the whole state (game_data, player and cpu): the queue settles on it. */
export function isSnapshot(msg: StateMessage): boolean {
  return msg.game_data !== undefined && msg.player !== undefined && msg.cpu !== undefined;
}

/** The last snapshot in a list of messages, if any. */
export function lastSnapshot(messages: readonly StateMessage[]): StateMessage | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m && isSnapshot(m)) return m;
  }
  return null;
}

function shownSide(side: CpuMsg, counts: { deck_count: number; hand_count: number }): ShownSide {
  return {
    name: "",
    hp: side.hp,
    maxHp: side.maxHp,
    fire: { ...side.fire },
    diamond: { ...side.diamond },
    pow: { ...side.pow },
    table: side.table.map((slot) => (slot ? { ...slot, effect: { ...slot.effect } } : null)),
    deckCount: counts.deck_count,
    handCount: counts.hand_count,
  };
}

/** The shown battle of a snapshot message (null for any other message). */
export function shownFromSnapshot(msg: StateMessage): ShownBattle | null {
  const game = msg.game_data;
  if (!game || !msg.player || !msg.cpu) return null;
  const counters = msg.counters ?? {
    player: { deck_count: 0, hand_count: Object.keys(msg.player.hand).length },
    cpu: { deck_count: 0, hand_count: 0 },
  };
  const hand = Object.entries(msg.player.hand)
    .map(([key, card]) => ({ key: Number(key), card }))
    .sort((a, b) => a.key - b.key);
  return {
    gameId: game.game_id ?? "",
    cpuId: game.cpu_id ?? 0,
    isPvP: game.isPvP === true,
    friendly: game.friendly === true,
    turn: game.turn,
    turnCap: game.turnCap,
    version: game.version,
    active: game.active,
    cardsPlayed: game.cardsPlayed,
    player: {
      ...shownSide(msg.player, counters.player),
      name: displayName(game.playerName),
      hand,
    },
    cpu: { ...shownSide(msg.cpu, counters.cpu), name: displayName(game.cpuName) },
  };
}

/** Opponents 28-30 always fight before the vampire background (product.md section 2). */
export const VAMPIRE_OPPONENTS: ReadonlySet<number> = new Set([28, 29, 30]);

/**
 * The battle background: fixed for vampires, otherwise either one, chosen
 * from the game id so a reload keeps the same picture.
 */
export function backgroundFor(cpuId: number, gameId: string): BattleBackground {
  if (VAMPIRE_OPPONENTS.has(cpuId)) return "vampireBG";
  let h = 0;
  for (let i = 0; i < gameId.length; i++) h = (h * 31 + gameId.charCodeAt(i)) >>> 0;
  return h % 2 === 0 ? "defaultBG" : "vampireBG";
}

/** Where a target of a message points on the board, from the viewer's side. */
export function spotOf(target: PlayTarget): BoardSpot {
  if (target.key === "table_key") return { seat: target.side, cell: target.value };
  return { seat: target.key === "target_player_hp" ? "player" : "cpu", cell: null };
}

export function otherSeat(seat: ViewSide): ViewSide {
  return seat === "player" ? "cpu" : "player";
}

export function sameSpot(a: BoardSpot | null | undefined, b: BoardSpot): boolean {
  return !!a && a.seat === b.seat && a.cell === b.cell;
}

/** The provisional unit shown between a play and the snapshot that settles it. */
export function provisionalUnit(card: number, attack: number, hp: number): UnitMsg {
  return {
    uid: -card,
    card,
    attack,
    hp,
    maxHp: hp,
    sleep: true,
    exhausted: false,
    poison: 0,
    ready: false,
    effect: { stun: 0 },
  };
}

/** Seconds as the timer shows them: "0:45". */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
