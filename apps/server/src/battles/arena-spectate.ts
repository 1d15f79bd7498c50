import type { Action, BattleEvent } from "@cardrealm/engine";
import { type ChannelData, SOCIAL, type SpectateView } from "@cardrealm/protocol";
import type { Db } from "../db/database.ts";
import { arenaActions } from "../db/repositories/pvp-repo.ts";
import type { SocialStore } from "../realtime/social-store.ts";
import { loadArenaGame } from "./arena-games.ts";
import { humans, type Loaded } from "./arena-types.ts";
import { refuse } from "./refusals.ts";
import { spectateView } from "./spectate-view.ts";
import { type FriendLookups, mayWatch } from "./watch-access.ts";

export interface SpectateDeps {
  db: Db;
  catalogue: Parameters<typeof spectateView>[4];
  store: SocialStore;
  friends: FriendLookups;
  /** Delivers a channel message to a user wherever their socket is (Redis fan-out). */
  send: (userId: number, data: ChannelData) => void;
  log: { error(obj: unknown, msg: string): void };
  maxWatchers?: number;
}

/** Every not-allowed case answers this (unknown, not a friend, blocked, over, a bot game). */
const notWatchable = () => refuse.notFound("There is no game of a friend to watch here.");

/**
 * Human games only, ranked and friendly (docs/realtime.md "Spectating"; the
 * friends list offers Watch on both: friends-service.ts WATCHABLE).
 */
const watchableMode = (g: Loaded) => g.setup.mode === "pvp" || g.setup.mode === "friendly";

/**
 * Spectating a friend's PvP game (issue 24 item 4; docs/realtime.md
 * "Spectating"): the watch and unwatch calls, the spectators' updates as
 * each turn of the live game starts (a turn behind, public only:
 * spectate-view.ts), and "N watching" to the players. The spectators of a
 * game live in the social store, so the process that steps the game tells
 * them wherever their sockets are.
 */
export function createArenaSpectate(deps: SpectateDeps) {
  const { db, catalogue, store, send } = deps;
  const k = db.kysely;
  const max = deps.maxWatchers ?? SOCIAL.maxWatchers;

  function viewOf(g: Loaded, actions: readonly Action[], watchers: number): SpectateView {
    return spectateView(g.rec.battle.id, g.state, g.setup, actions, catalogue, watchers);
  }

  function parseActions(json: string | null): Action[] {
    return json ? (JSON.parse(json) as Action[]) : [];
  }

  function tellPlayers(g: Loaded, count: number): void {
    for (const h of humans(g))
      send(h.userId, { type: "watchers", game_id: g.rec.battle.id, count });
  }

  async function watchable(gameId: string, viewer: number): Promise<Loaded> {
    const g = await loadArenaGame(k, gameId);
    if (!g || !watchableMode(g) || g.rec.battle.status !== "active" || g.state.over)
      throw notWatchable();
    const players = humans(g).map((h) => h.userId);
    if (!(await mayWatch(deps.friends, k, viewer, players))) throw notWatchable();
    return g;
  }

  async function watch(userId: number, gameId: string): Promise<SpectateView> {
    const g = await watchable(gameId, userId);
    const before = await store.watchedBy(userId);
    if (before && before !== gameId) await unwatch(userId, before);
    const added = await store.addWatcher(gameId, userId, max);
    if (added === "full")
      throw refuse.conflict(`This game already has ${max} spectators; try again later.`);
    const count = (await store.watchers(gameId)).length;
    if (added === "added") tellPlayers(g, count);
    return viewOf(g, parseActions(g.actionsJson), count);
  }

  async function unwatch(userId: number, gameId: string): Promise<{ watching: false }> {
    if (await store.removeWatcher(gameId, userId)) {
      const g = await loadArenaGame(k, gameId);
      if (g && g.rec.battle.status === "active")
        tellPlayers(g, (await store.watchers(gameId)).length);
    }
    return { watching: false };
  }

  /** A saved step of an arena game: a new turn (or the end) releases the spectators' view. */
  async function release(g: Loaded, events: readonly BattleEvent[]): Promise<void> {
    if (!watchableMode(g)) return;
    if (!g.state.over && !events.some((e) => e.type === "turn_start")) return;
    const gameId = g.rec.battle.id;
    const watchers = await store.watchers(gameId);
    if (watchers.length === 0) return;
    const actions = parseActions(g.actionsJson ?? (await arenaActions(k, gameId)));
    const view = viewOf(g, actions, watchers.length);
    for (const u of watchers) send(u, { type: "spectate", view });
    if (g.state.over) await store.clearWatchers(gameId);
  }

  /**
   * A spectator's socket registered: the watched game's view as it stands.
   * A view released before the spectator had a channel session (the watch
   * link's page answers the watch call before its socket registers) reached
   * no one; without this the screen waited for the next turn (50 s a turn).
   */
  async function onRegister(userId: number): Promise<ChannelData[]> {
    const gameId = await store.watchedBy(userId);
    if (!gameId) return [];
    const g = await loadArenaGame(k, gameId);
    if (!g || !watchableMode(g) || g.rec.battle.status !== "active") return [];
    const watchers = (await store.watchers(gameId)).length;
    return [{ type: "spectate", view: viewOf(g, parseActions(g.actionsJson), watchers) }];
  }

  return {
    watch,
    unwatch,
    onRegister,
    afterStep(g: Loaded, events: readonly BattleEvent[]): void {
      release(g, events).catch((err: unknown) =>
        deps.log.error({ err }, "spectators' update failed"),
      );
    },
    /** The user's channel session ended: they watch nothing any more. */
    onGone(userId: number): void {
      (async () => {
        const gameId = await store.watchedBy(userId);
        if (gameId) await unwatch(userId, gameId);
      })().catch((err: unknown) => deps.log.error({ err }, "unwatch on gone failed"));
    },
  };
}

export type ArenaSpectate = ReturnType<typeof createArenaSpectate>;
