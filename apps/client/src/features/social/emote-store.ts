import { EMOTES, type EmoteId, SOCIAL } from "@cardrealm/protocol";
import { ApiError, call } from "../../lib/api.ts";
import { sfx } from "../../lib/sound/sfx.ts";
import { createStore, useStore } from "../../stores/create-store.ts";

/**
 * The emotes of a PvP game and its "N watching" (issue 24 items 4 and 5):
 * the bubbles by the portraits, the mute-opponent switch (kept in
 * localStorage), our own emote's 3 s gap (the server enforces it; the bar
 * only waits it out), and how many friends watch the game.
 */
export interface Bubble {
  emote: EmoteId;
  /** Bumped per bubble: the same emote twice shows twice. */
  id: number;
}

export interface EmoteState {
  gameId: string | null;
  mine: Bubble | null;
  theirs: Bubble | null;
  muted: boolean;
  /** Our next emote may go at (Date.now() ms). */
  readyAt: number;
  error: string | null;
  watchers: number;
}

const MUTE_KEY = "cardrealm.muteOpponent";

function storedMute(): boolean {
  try {
    return globalThis.localStorage?.getItem(MUTE_KEY) === "on";
  } catch {
    return false;
  }
}

function initialEmoteState(): EmoteState {
  return {
    gameId: null,
    mine: null,
    theirs: null,
    muted: storedMute(),
    readyAt: 0,
    error: null,
    watchers: 0,
  };
}

export const emoteStore = createStore<EmoteState>(initialEmoteState());

export function useEmotes<T>(select: (s: EmoteState) => T): T {
  return useStore(emoteStore, select);
}

let bubbleId = 0;
const timers: Partial<Record<"mine" | "theirs", ReturnType<typeof setTimeout>>> = {};

function show(who: "mine" | "theirs", emote: EmoteId): void {
  const bubble = { emote, id: ++bubbleId };
  emoteStore.set({ [who]: bubble });
  clearTimeout(timers[who]);
  timers[who] = setTimeout(() => {
    if (emoteStore.get()[who]?.id === bubble.id) emoteStore.set({ [who]: null });
  }, SOCIAL.emoteBubbleMs);
  sfx.emote();
}

/** A game is shown (or none): its emotes and count start clean; the mute switch stays. */
export function followGame(gameId: string | null): void {
  if (emoteStore.get().gameId === gameId) return;
  emoteStore.set({ gameId, mine: null, theirs: null, error: null, watchers: 0 });
}

export function setMuted(muted: boolean): void {
  try {
    globalThis.localStorage?.setItem(MUTE_KEY, muted ? "on" : "off");
  } catch {
    // Private mode: the switch lasts for this page only.
  }
  emoteStore.set(muted ? { muted, theirs: null } : { muted });
}

/** Sends one of our emotes; its bubble shows at once, a refusal says why. */
export async function sendEmote(emote: EmoteId, now = Date.now()): Promise<boolean> {
  const s = emoteStore.get();
  if (!s.gameId || now < s.readyAt) return false;
  emoteStore.set({ readyAt: now + SOCIAL.emoteGapMs, error: null });
  try {
    await call<{ emote: EmoteId }>("POST", "/api/game/pvp/emote", {
      body: { game_id: s.gameId, emote },
    });
    show("mine", emote);
    return true;
  } catch (error) {
    emoteStore.set({
      error: error instanceof ApiError ? error.message : "The emote could not be sent.",
    });
    return false;
  }
}

const isEmote = (x: unknown): x is EmoteId => (EMOTES as readonly unknown[]).includes(x);

/** The channel's emote and watchers messages (data part); whether it was one. */
export function deliverSocialGameData(data: Record<string, unknown>): boolean {
  if (data.type === "emote") {
    if (typeof data.game_id !== "string" || !isEmote(data.emote)) return false;
    followGame(data.game_id);
    if (!emoteStore.get().muted) show("theirs", data.emote);
    return true;
  }
  if (data.type === "watchers") {
    if (typeof data.game_id !== "string" || typeof data.count !== "number") return false;
    followGame(data.game_id);
    emoteStore.set({ watchers: data.count });
    return true;
  }
  return false;
}
