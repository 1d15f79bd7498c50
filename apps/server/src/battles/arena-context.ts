/**
 * The arena's shared context, apart from arena-types.ts: it names the games,
 * rooms and settlement, whose modules import arena-types.ts themselves.
 */
import type { ArenaGames } from "./arena-games.ts";
import type { RoomRegistry } from "./arena-room.ts";
import type { ArenaSettlement } from "./arena-settlement.ts";
import type { ArenaDeps, ArenaTiming } from "./arena-types.ts";

/** What the arena's parts share (arena-battles.ts builds it once per server). */
export interface ArenaContext {
  deps: ArenaDeps;
  timing: ArenaTiming;
  games: ArenaGames;
  rooms: RoomRegistry;
  settlement: ArenaSettlement;
  /** One game's calls and timers run one at a time in this process. */
  withGame: <T>(gameId: string, work: () => Promise<T>) => Promise<T>;
  /** Runs work nobody awaits; a failure is logged (unless the server is closing). */
  background: (p: Promise<unknown>, what: string) => void;
  isClosed: () => boolean;
}
