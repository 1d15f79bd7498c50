/**
 * Opens the realtime channel (lib/realtime/channel-client.ts) while a player
 * is signed in, closes it on logout, and routes what arrives to the feature
 * it is for (the shell composes the features; none imports another):
 * friends' messages to features/friends, queue messages (confirm_start_game,
 * start_game, opponent_leave, queue_reset) to the arena's queue (arena/arena-channel.ts),
 * game messages (state, opponent_drop, opponent_back, cancel_warning) to the
 * battle screen (lib/realtime/pvp-game-channel.ts), emotes, watcher counts
 * and spectate views to features/social. start_game goes to both the queue
 * and the battle: the queue starts the battle, the battle drops it as
 * already applied.
 */
import { type ChannelData, CLIENT_VERSION_LABEL, PVP } from "@cardrealm/protocol";
import { getToken, signOutHere } from "../../lib/api.ts";
import {
  type ChannelClient,
  type ChannelClientOptions,
  type ChannelMessage,
  type ChannelStatus,
  channelUrl,
  createChannelClient,
} from "../../lib/realtime/channel-client.ts";
import { deliverGameData, setChannelDown } from "../../lib/realtime/pvp-game-channel.ts";
import { noteServerTime } from "../../lib/realtime/server-clock.ts";
import { appStore, setRoute, showSystemMessage } from "../../stores/app-store.ts";
import { deliverChannelData } from "../arena/arena-channel.ts";
import { deliverFriendsData } from "../friends/friends-store.ts";
import { deliverSocialGameData } from "../social/emote-store.ts";
import { deliverSpectateData } from "../social/spectate-inbox.ts";

const QUEUE_TYPES: ReadonlySet<string> = new Set([
  "confirm_start_game",
  "start_game",
  "opponent_leave",
  "queue_reset",
]);

/**
 * One channel message to where it belongs. A resume snapshot (sent on
 * register while an arena game is on) brings a player who came back (a
 * reload, a new tab) to that game from wherever they are.
 */
export function routeChannelMessage({ data }: ChannelMessage): void {
  if (data.type === "registered" && typeof data.server_time === "number") {
    noteServerTime(data.server_time);
    return;
  }
  // Friends, challenges, rematches and a friendly game's start (features/friends).
  if (deliverFriendsData(data as ChannelData)) return;
  if (QUEUE_TYPES.has(data.type)) deliverChannelData(data);
  if (data.type === "state" && data.resume === true && appStore.get().route !== "game") {
    setRoute("game");
  }
  if (deliverGameData(data)) return;
  if (deliverSocialGameData(data) || deliverSpectateData(data)) return;
  if (data.type === "error") console.warn("[channel] refused:", data.code, data.message);
}

type Options = Pick<ChannelClientOptions, "createSocket">;

/** Shown when a newer tab or window of the same player took the channel (close 4409). */
export const CHANNEL_REPLACED_TEXT =
  "Cardrealm is open in another tab or window, so this one no longer gets live arena updates. Press OK to play here instead.";

/** Shown when the server ended this session (close 4410), over the sign-in screen. */
export const SIGNED_OUT_TEXT =
  "You were signed out: your password was changed or your sessions were ended. Sign in again to play.";

/**
 * Follows the session: a signed-in player (user and token) has one open
 * channel; none otherwise. Returns the unsubscribe (which also closes it).
 */
export function startRealtime(options: Options = {}): () => void {
  let client: ChannelClient | null = null;
  let key = "";
  let wasOpen = false;

  const onStatus = (status: ChannelStatus, code?: number) => {
    if (status === "open") {
      wasOpen = true;
      setChannelDown(false);
    } else if (status === "closed" && wasOpen) setChannelDown(true);
    else if (status === "stopped" && code === PVP.closeSignedOut) {
      // The session ended elsewhere (password change, operator): back to the
      // sign-in screen, saying why; the channel does not reconnect.
      signOutHere();
      showSystemMessage(SIGNED_OUT_TEXT, "dialog");
    } else if (status === "stopped" && code === PVP.closeReplaced) {
      // Another tab or window of this player took the channel over: say so,
      // and let this one take it back (which stops the other the same way).
      showSystemMessage(CHANNEL_REPLACED_TEXT, "dialog", () => {
        key = "";
        sync();
      });
    }
  };

  const sync = () => {
    const { isAuth, user } = appStore.get();
    const token = getToken();
    const next = isAuth && user && token ? `${user.id}:${token}` : "";
    if (next === key) return;
    client?.stop();
    client = null;
    key = next;
    wasOpen = false;
    setChannelDown(false);
    if (!user || !token || !next) return;
    client = createChannelClient({
      url: channelUrl(globalThis.location),
      token,
      userId: user.id,
      version: CLIENT_VERSION_LABEL,
      onMessage: routeChannelMessage,
      onStatus,
      ...options,
    });
    client.start();
  };

  sync();
  const off = appStore.subscribe(sync);
  return () => {
    off();
    client?.stop();
    client = null;
    key = "";
  };
}
