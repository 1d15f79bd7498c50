import type { StateMessage } from "@cardrealm/engine";
import type { ChannelData } from "@cardrealm/protocol";
import { appStore, setPendingBattle, setRoute } from "../../stores/app-store.ts";
import { createStore } from "../../stores/create-store.ts";

/** A challenge on screen: one to answer (incoming) or one sent and waited on (outgoing). */
export interface ChallengeShown {
  id: string;
  direction: "incoming" | "outgoing" | "link";
  /** The other player's name (the sender for incoming and link ones). */
  name: string;
  expiresAt: number;
  /** A link challenge sent: the link to pass on. */
  link?: string;
}

export interface FriendsState {
  panelOpen: boolean;
  /** Bumped when the server says the list changed (the panel reloads). */
  listVersion: number;
  challenge: ChallengeShown | null;
  /** A one-line notice (a challenge declined, expired...). */
  notice: string | null;
  /** Finished friendly games whose other player pressed Rematch. */
  rematchAsked: readonly string[];
}

export const friendsStore = createStore<FriendsState>({
  panelOpen: false,
  listVersion: 0,
  challenge: null,
  notice: null,
  rematchAsked: [],
});

export const openFriends = () => friendsStore.set({ panelOpen: true });
export const closeFriends = () => friendsStore.set({ panelOpen: false });
export const showFriendsNotice = (notice: string | null) => friendsStore.set({ notice });

/**
 * A friendly game starts: the battle screen takes the opening state (the
 * arena's way). A rematch from the end panel: the battle screen open on the
 * last game takes the new one in its place.
 */
export function startFriendlyBattle(messages: StateMessage[]): void {
  friendsStore.set({ challenge: null, panelOpen: false, notice: null });
  setPendingBattle({ cpuId: 0, messages });
  if (appStore.get().route !== "game") setRoute("game");
}

const CLOSED_TEXT = {
  declined: "Your challenge was declined.",
  cancelled: "The challenge was withdrawn.",
  expired: "The challenge expired unanswered.",
} as const;

/** The friends' channel messages (docs/realtime.md); true when handled here. */
export function deliverFriendsData(data: ChannelData): boolean {
  switch (data.type) {
    case "friends_changed":
      friendsStore.set((s) => ({
        listVersion: s.listVersion + 1,
        ...(data.reason === "request" && data.nickname
          ? { notice: `${data.nickname} sent you a friend request.` }
          : {}),
      }));
      return true;
    case "challenge":
      friendsStore.set({
        challenge: {
          id: data.id,
          direction: "incoming",
          name: data.from.nickname,
          expiresAt: data.expires_at,
        },
      });
      return true;
    case "challenge_closed": {
      const shown = friendsStore.get().challenge;
      if (shown?.id === data.id) {
        friendsStore.set({ challenge: null, notice: CLOSED_TEXT[data.reason] });
      } else {
        // A rematch that could not start.
        friendsStore.set((s) => ({ rematchAsked: s.rematchAsked.filter((g) => g !== data.id) }));
      }
      return true;
    }
    case "rematch":
      friendsStore.set((s) => ({ rematchAsked: [...s.rematchAsked, data.game_id] }));
      return true;
    case "start_game":
      if (data.players !== "friendly") return false;
      startFriendlyBattle(data.messages as StateMessage[]);
      return true;
    default:
      return false;
  }
}
