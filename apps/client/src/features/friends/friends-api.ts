import type { StateMessage } from "@cardrealm/engine";
import type {
  ChallengeView,
  FriendRequestResult,
  FriendsList,
  RematchResult,
} from "@cardrealm/protocol";
import { call } from "../../lib/api.ts";

type Start = { result: "start_game"; game_id: string; messages: StateMessage[] };

/** The friends, challenge and rematch calls (docs/protocol.md, "Friends"). */
export const friendsApi = {
  list: () => call<FriendsList>("GET", "/api/friends"),
  request: (code: string) =>
    call<FriendRequestResult>("POST", "/api/friends/request", { body: { code } }),
  onUser: (action: "accept" | "decline" | "remove" | "block" | "unblock", userId: number) =>
    call<FriendsList>("POST", `/api/friends/${action}`, { body: { user_id: userId } }),
  challenge: (deck: number, friendId?: number) =>
    call<ChallengeView>("POST", "/api/challenges", {
      body: friendId === undefined ? { deck } : { friend_id: friendId, deck },
    }),
  viewChallenge: (id: string) => call<ChallengeView>("GET", `/api/challenges/${id}`),
  accept: (id: string, deck: number) =>
    call<Start>("POST", `/api/challenges/${id}/accept`, { body: { deck } }),
  decline: (id: string) => call<unknown>("POST", `/api/challenges/${id}/decline`, { body: {} }),
  cancel: (id: string) => call<unknown>("POST", `/api/challenges/${id}/cancel`, { body: {} }),
  rematch: (gameId: string) =>
    call<RematchResult & { messages?: StateMessage[] }>("POST", "/api/game/friendly/rematch", {
      body: { game_id: gameId },
    }),
};
