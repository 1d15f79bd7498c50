import type { StateMessage } from "@cardrealm/engine";
import { CLIENT_VERSION_LABEL, type User } from "@cardrealm/protocol";
import { ApiError, call } from "../../lib/api.ts";
import { ARENA_BOT_ID, type ConfirmResult, type QueueApi } from "./pvp-queue.ts";

export interface Champion {
  place: number;
  name: string;
  /** Score within champions. */
  score: number;
}

export interface RankReward {
  rank: string;
  gems: number;
}

export interface SeasonInfo {
  id: string;
  starts_at: string;
  ends_at: string;
}

export interface SeenBody {
  free_level?: number;
  paid_level?: number;
  daily_ids?: number[];
}

/** The arena's calls (product.md section 7 and docs/progression.md). */
export const arenaApi = {
  champions: () => call<Champion[]>("GET", "/api/arena/champions"),
  rankRewards: () => call<RankReward[]>("GET", "/api/arena/rank-rewards"),
  season: () => call<SeasonInfo>("GET", "/api/arena/season"),
  /** The reward popups shown: answers the user with the seen levels moved on. */
  seen: (body: SeenBody) => call<User>("POST", "/api/arena/rewards/seen", { body }),
};

/**
 * The queue's calls: POST /api/game/pvp/queue {version}, /cancel-queue,
 * /confirm-start-game {players}; the bot game through the arena server's
 * POST /api/game/pvp/bot, or, where that server is absent (404), the story
 * route POST /api/game/cpu/start {cpu_id: 21}.
 */
export const queueApi: QueueApi = {
  queue: () =>
    call<unknown>("POST", "/api/game/pvp/queue", { body: { version: CLIENT_VERSION_LABEL } }),
  cancelQueue: () => call<unknown>("POST", "/api/game/pvp/cancel-queue"),
  confirm: (players: string) =>
    call<ConfirmResult>("POST", "/api/game/pvp/confirm-start-game", { body: { players } }),
  bot: async () => {
    try {
      return await call<StateMessage[]>("POST", "/api/game/pvp/bot");
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
      return call<StateMessage[]>("POST", "/api/game/cpu/start", {
        body: { cpu_id: ARENA_BOT_ID },
      });
    }
  },
};
