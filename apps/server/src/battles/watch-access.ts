import type { Executor } from "../db/executor.ts";

/**
 * Who may watch an arena game (issue 24 item 4): a friend of either player
 * whom neither player blocks (nor who blocks either). Anything else (a
 * stranger, a blocked friend, a player of the game itself) is refused with
 * the same answer as an unknown game, so a block stays invisible.
 */
export interface FriendLookups {
  areFriends(db: Executor, a: number, b: number): Promise<boolean>;
  blockedEitherWay(db: Executor, a: number, b: number): Promise<boolean>;
}

export async function mayWatch(
  lookups: FriendLookups,
  db: Executor,
  viewer: number,
  players: readonly number[],
): Promise<boolean> {
  if (players.includes(viewer)) return false;
  let friend = false;
  for (const p of players) {
    if (await lookups.blockedEitherWay(db, viewer, p)) return false;
    if (!friend && (await lookups.areFriends(db, viewer, p))) friend = true;
  }
  return friend;
}
