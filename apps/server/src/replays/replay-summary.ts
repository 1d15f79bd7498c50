import type { BattleSetup, Side } from "@cardrealm/engine";
import type { ReplayMode, ReplayPlayer, ReplayResult, ReplaySummary } from "@cardrealm/protocol";
import type { FinishedBattle } from "../db/repositories/replays-repo.ts";

/**
 * battles.mode to the replay's mode; a row of an unknown mode is not listed.
 * The arena bot's games (pvpbot) list as "arena", like a person's: the bot
 * passes for a player (issue 24 item 7), in the history and replays too.
 */
const MODES: Record<string, ReplayMode> = {
  cpu: "story",
  bot: "bot",
  pvpbot: "arena",
  pvp: "arena",
  practice: "practice",
  friendly: "friendly",
};

export const replayModeOf = (mode: string): ReplayMode | undefined => MODES[mode];

/** How many portraits the client's human avatar set has (apps/client/.../portrait.ts). */
const AVATAR_COUNT = 8;

/**
 * The portrait the battle screen shows for a side: a computer opponent's own
 * art, or for a human one of the avatar set, always the same for a name
 * (the client's opponentPortrait, so the viewer matches the live battle).
 */
export function portraitOf(cpuId: number | null, name: string): string {
  if (cpuId !== null && cpuId > 0) return `/static/media/opponent-${cpuId}.webp`;
  let h = 0;
  for (const ch of name) h = (Math.imul(h, 31) + (ch.codePointAt(0) ?? 0)) >>> 0;
  return `/static/media/avatar-${h % AVATAR_COUNT}.svg`;
}

/** The seat a player sat on in a battle, or null when they did not play it. */
export function seatOf(
  b: Pick<FinishedBattle, "user_id" | "player1">,
  userId: number,
): Side | null {
  if (b.user_id === userId) return 0;
  if (b.player1 !== null && b.player1 === userId) return 1;
  return null;
}

/** The list row of a battle seen from `side` (names come from the battle's own setup). */
export function summaryOf(
  b: FinishedBattle,
  side: Side,
  extra: { available: boolean; shareId: string | null },
): ReplaySummary | undefined {
  const mode = replayModeOf(b.mode);
  if (!mode) return undefined;
  const setup = JSON.parse(b.setup) as BattleSetup & { cpuId?: number };
  const state = JSON.parse(b.state) as { turn?: number };
  const other: Side = side === 0 ? 1 : 0;
  const playerName = setup.sides[side].name;
  const opponentName = setup.sides[other].name;
  // The arena bot (pvpbot) passes for a player: a portrait of the players' set, as live.
  const cpuId = mode === "arena" || mode === "friendly" ? null : (setup.cpuId ?? null);
  const player: ReplayPlayer = {
    name: playerName,
    cpu_id: null,
    avatar: portraitOf(null, playerName),
  };
  const opponent: ReplayPlayer = {
    name: opponentName,
    cpu_id: cpuId,
    avatar: portraitOf(cpuId, opponentName),
  };
  const result: ReplayResult = b.winner === null ? "draw" : b.winner === side ? "win" : "loss";
  return {
    id: b.id,
    mode,
    player,
    opponent,
    result,
    turns: Math.max(0, state.turn ?? 0),
    finished_at: b.finished_at,
    available: extra.available,
    share_id: extra.shareId,
  };
}
