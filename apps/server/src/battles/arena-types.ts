import type { HumanDelays } from "@cardrealm/ai";
import type { OpponentDef } from "@cardrealm/content";
import type {
  Action,
  BattleEvent,
  BattleSetup,
  BattleState,
  Catalogue,
  EndGameMsg,
  EndReason,
  GameDataMsg,
  Side,
} from "@cardrealm/engine";
import type { ChannelData } from "@cardrealm/protocol";
import type { Db } from "../db/database.ts";
import type { ArenaRecord } from "../db/repositories/pvp-repo.ts";
import type { ArenaStore, WindowRule } from "../matchmaking/arena-store.ts";
import type { Progression } from "../progression/progression.ts";
import type { RoomClock } from "../realtime/room-clock.ts";
import type { BattleVersions } from "./battle-versions.ts";
import type { PaidBattleRule } from "./paid-battles.ts";

/**
 * What the progression code (dailies, season track) hears after an arena
 * game, once per human player, after the result is paid and committed.
 * A throwing or rejecting hook is logged and never undoes the game.
 */
export interface ArenaGameFinished {
  gameId: string;
  mode: "pvp" | "bot";
  userId: number;
  /** The player's absolute side in `state` (0 or 1). */
  side: Side;
  opponentUserId: number | null;
  outcome: ArenaOutcome;
  won: boolean;
  reason: EndReason;
  /** Gems paid (premium doubling included). */
  silver: number;
  rankScoreBefore: number;
  rankScoreAfter: number;
  seasonXp: number;
  /** The final engine state and every action, for counting battle events. */
  state: BattleState;
  actions: readonly Action[];
}

export type ArenaOutcome = "win" | "loss" | "draw";

export type ArenaFinishedHook = (e: ArenaGameFinished) => void | Promise<void>;

export interface ArenaTiming {
  turnMs: number;
  openingTurnMs: number;
  startAllowanceMs: number;
  reconnectMs: number;
}

export interface ArenaDeps {
  db: Db;
  /** Timestamps of rows (the app's clock). */
  clock: () => number;
  /** Deadlines and timers. */
  room: RoomClock;
  catalogue: Catalogue;
  bot: OpponentDef;
  store: ArenaStore;
  /** Delivers a channel message to a player, wherever their socket is. */
  send: (userId: number, data: ChannelData) => void;
  isConnected: (userId: number) => Promise<boolean>;
  /** The bot's turn (plays, then end_turn); computer-player.ts by default. */
  planBotTurn: (state: BattleState, side: Side) => Action[];
  /** The bot's waits for a decision among `options` legal moves (packages/ai thinkDelays). */
  botDelays: (seed: number, options: number) => HumanDelays;
  /** Season xp, rank score (floor applied), daily tasks: called inside the settling transaction. */
  progression: Pick<Progression, "onBattleFinished">;
  /** rules.md 4, "Paid battles" (paid-battles.ts): when a game pays each side. */
  paidBattles: PaidBattleRule;
  /** The running engine and catalogue versions, stamped on every new game. */
  versions: BattleVersions;
  onArenaGameFinished?: ArenaFinishedHook | undefined;
  /** After every saved step, once its messages went out (spectators, the bot's emotes). */
  afterStep?: ((g: Loaded, events: BattleEvent[]) => void) | undefined;
  timing?: Partial<ArenaTiming>;
  window?: WindowRule;
  log: {
    error(obj: unknown, msg: string): void;
    warn(obj: unknown, msg: string): void;
  };
}

/** The battles row's setup for an arena game (the seed stays on the server). */
export interface ArenaSetup extends BattleSetup {
  /** friendly: a private game between two players (issue 24): pays nothing, moves no rank. */
  mode: "pvp" | "bot" | "friendly";
  /** User ids by absolute side; null for the bot. */
  players: [number, number | null];
  cpuId: number;
  /**
   * The sides' ranks when the game started (bronze ... champions), shown on
   * the versus screen; the bot's is made up near the human's. Absent in
   * games stored before it was kept.
   */
  ranks?: [string, string];
}

/** An arena game as loaded (from the database, or this process's cache). */
export interface Loaded {
  rec: ArenaRecord;
  setup: ArenaSetup;
  state: BattleState;
  /**
   * The stored actions as JSON text, when read with the row; null when not
   * held (the cache's copies): each save appends its action in SQL, and the
   * final save reads the list back.
   */
  actionsJson: string | null;
}

/** What each human was paid, by user id: written into their end_game. */
export type Settlement = Map<number, Pick<EndGameMsg, "result">>;

export const BOT_SIDE: Side = 1;

/**
 * What every arena seat's game_data says of the opponent, live and in its
 * replay alike: cpu_id 0 for the bot too (it passes for a player, so the
 * client gives it a portrait of the players' set from its name, never the
 * bot's own art), and both sides' ranks from the setup.
 */
export function tagArenaOpponent(
  d: GameDataMsg,
  setup: Pick<ArenaSetup, "ranks">,
  side: Side,
): void {
  d.cpu_id = 0;
  d.isPvP = true;
  const ranks = setup.ranks;
  if (ranks) {
    d.player_rank = ranks[side];
    d.cpu_rank = ranks[side === 0 ? 1 : 0];
  }
}

/**
 * battles.mode of arena games. The bot game is "pvpbot", not "bot": story's
 * cpu/start with cpu_id 21 makes "bot" rows of its own, served by the cpu
 * routes; these are served by the pvp routes only.
 */
export const BATTLE_MODE = { pvp: "pvp", bot: "pvpbot", friendly: "friendly" } as const;

export function sideOf(g: { rec: ArenaRecord }, userId: number): Side | null {
  if (g.rec.game.player0 === userId) return 0;
  if (g.rec.game.player1 === userId) return 1;
  return null;
}

export function humans(g: { rec: ArenaRecord }): { userId: number; side: Side }[] {
  const out: { userId: number; side: Side }[] = [{ userId: g.rec.game.player0, side: 0 }];
  if (g.rec.game.player1 !== null) out.push({ userId: g.rec.game.player1, side: 1 });
  return out;
}
