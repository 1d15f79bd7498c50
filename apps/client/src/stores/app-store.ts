import type { StateMessage, ViewSide } from "@cardrealm/engine";
import type { ApiCard, Box, Route, User } from "@cardrealm/protocol";
import { effectsEnabled, setEffectsEnabled } from "../lib/sound/audio-context.ts";
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from "../lib/storage.ts";
import { createStore, useStore } from "./create-store.ts";

/** Public settings of GET /api/settings (no token). */
export interface AppSettings {
  partner: string;
  supporterUrl: string;
  patronUrl: string;
  communityUrl: string;
  version: string;
  /** FRAME_ANCESTORS: the partner origins payment orders may go to ('self': ours). */
  partnerOrigins?: string;
  /** "1" when the server offers the local payment sandbox (PAYMENT_SANDBOX=1). */
  paymentSandbox?: string;
  /** Test servers only: the arena queue's bot fallback wait in seconds (else 20-70 drawn). */
  arenaBotWaitSeconds?: string;
  /** Test servers only: the battle screen's reading pauses in percent of product.md's (else 100). */
  battlePacePercent?: string;
  /** rules.md 4, "Paid battles": the settings of the same names (the end panel's words). */
  paidBattleMinSeconds?: string;
  paidBattleMinCards?: string;
  paidBattlesPerDay?: string;
}

export type SystemMessageType = "info" | "dialog";

export interface SystemMessage {
  isVisible: boolean;
  type: SystemMessageType;
  text: string;
  /** Runs when OK is pressed. */
  action: (() => void) | null;
}

export interface MusicFlags {
  playMusic: boolean;
  playTutorial: boolean;
  playMenu: boolean;
  playBattle: boolean;
}

/**
 * Current story state (product.md section 3): the chosen chapter (story = its
 * level), opponent and the pending story action. The boss window shows when a
 * story and an opponent are chosen and action is null; "before" plays the
 * pre-battle story, "after" (set by the battle screen, with the winner) the
 * after-battle one.
 */
export interface CpuStory {
  story: number | null;
  cpuId: number | null;
  /** 1, 2 or 3: the opponent's place in the chapter. */
  cpuNumber: number | null;
  action: "before" | "after" | null;
  /** Set with action "after"; null is a draw. */
  winner?: ViewSide | null;
}

/** A battle the story (or a resume) has started; the battle screen takes it and clears it. */
export interface PendingBattle {
  cpuId: number;
  messages: StateMessage[];
}

/** Which finished battle the replay viewer shows: one of the player's own, or a shared one. */
export type ReplaySource = { kind: "own"; id: string } | { kind: "shared"; shareId: string };

/** The replay viewer is open on the battle screen (features/replay); Close goes back to `returnTo`. */
export interface ReplayRequest {
  source: ReplaySource;
  returnTo: Route;
}

/** A deck challenge (features/replay/deck-challenge): the shared deck against a chosen opponent. */
export interface PracticeContext {
  /** The practice battle's game id (its end panel offers import and play again). */
  gameId: string;
  deckCode: string;
  cpuId: number;
}

/** Library filter of the deck editor (product.md section 3: deckEditorFilter, initially all). */
export type DeckEditorFilter = "all" | "spell" | "unit";

/** The application state of product.md section 3 (the parts this shell uses). */
export interface AppState {
  route: Route;
  isAuth: boolean;
  /** "no error" when there is none (product.md). */
  error: string;
  isLoading: boolean;
  user: User | null;
  tutorial: { isActive: boolean; step: string };
  music: MusicFlags;
  /** The sound-effects switch beside the music one (remembered on this device). */
  soundEffects: boolean;
  boxes: Box[];
  cards: ApiCard[];
  settings: AppSettings | null;
  systemMessage: SystemMessage;
  deckEditorFilter: { filter: DeckEditorFilter };
  cpuStory: CpuStory;
  pendingBattle: PendingBattle | null;
  /** In the arena's PvP queue (product.md section 3: inQueue). */
  inQueue: boolean;
  /** The replay viewer's battle, while it is open. */
  replay: ReplayRequest | null;
  /** The deck challenge being played, if any. */
  practice: PracticeContext | null;
}

export const NO_ERROR = "no error";

function initialMusic(): MusicFlags {
  const stored = readStorage(STORAGE_KEYS.music);
  return {
    playMusic: stored !== "off",
    playTutorial: true,
    playMenu: true,
    playBattle: true,
  };
}

/**
 * The deck challenge remembered on this device: a practice battle resumed
 * after a reload still ends on the practice panel (no story part, no
 * rewards shown). Keyed by its game id, so a stale entry matches nothing.
 */
function storedPractice(): PracticeContext | null {
  try {
    const raw: unknown = JSON.parse(readStorage(STORAGE_KEYS.practice) ?? "null");
    if (!raw || typeof raw !== "object") return null;
    const { gameId, deckCode, cpuId } = raw as Record<string, unknown>;
    return typeof gameId === "string" && typeof deckCode === "string" && typeof cpuId === "number"
      ? { gameId, deckCode, cpuId }
      : null;
  } catch {
    return null;
  }
}

export function initialAppState(): AppState {
  return {
    route: "home",
    isAuth: false,
    error: NO_ERROR,
    isLoading: false,
    user: null,
    tutorial: { isActive: false, step: "intro" },
    music: initialMusic(),
    soundEffects: effectsEnabled(),
    boxes: [],
    cards: [],
    settings: null,
    systemMessage: { isVisible: false, type: "info", text: "", action: null },
    deckEditorFilter: { filter: "all" },
    cpuStory: { story: null, cpuId: null, cpuNumber: null, action: null },
    pendingBattle: null,
    inQueue: false,
    replay: null,
    practice: storedPractice(),
  };
}

export const appStore = createStore<AppState>(initialAppState());

export function useAppStore<T>(select: (state: AppState) => T): T {
  return useStore(appStore, select);
}

// --- actions --------------------------------------------------------------

/** Setting authentication also clears the loading flag (product.md section 4). */
export function setAuth(isAuth: boolean): void {
  appStore.set({ isAuth, isLoading: false });
}

/** Setting an error also clears the loading flag (product.md section 4). */
export function setError(error: string): void {
  appStore.set({ error, isLoading: false });
}

export function clearError(): void {
  appStore.set({ error: NO_ERROR });
}

export function setLoading(isLoading: boolean): void {
  appStore.set({ isLoading });
}

export function setRoute(route: Route): void {
  appStore.set({ route });
}

export function setUser(user: User | null): void {
  appStore.set({ user });
}

export function setSettings(settings: AppSettings | null): void {
  appStore.set({ settings });
}

export function setCatalogue(cards: ApiCard[], boxes: Box[]): void {
  appStore.set({ cards, boxes });
}

/** The top bar's sound-effects switch: remembered on this device, silences effects at once. */
export function setSoundEffectsOn(on: boolean): void {
  writeStorage(STORAGE_KEYS.soundEffects, on ? "on" : "off");
  setEffectsEnabled(on);
  appStore.set({ soundEffects: on });
}

export function setMusicOn(on: boolean): void {
  writeStorage(STORAGE_KEYS.music, on ? "on" : "off");
  appStore.set((s) => ({ music: { ...s.music, playMusic: on } }));
}

export function showSystemMessage(
  text: string,
  type: SystemMessageType = "info",
  action: (() => void) | null = null,
): void {
  appStore.set({ systemMessage: { isVisible: true, type, text, action } });
}

export function hideSystemMessage(): void {
  appStore.set((s) => ({ systemMessage: { ...s.systemMessage, isVisible: false, action: null } }));
}

/** Merge into the current story state (e.g. the battle screen: `{ action: "after", winner }`). */
export function setCpuStory(patch: Partial<CpuStory>): void {
  appStore.set((s) => ({ cpuStory: { ...s.cpuStory, ...patch } }));
}

export function setPendingBattle(pendingBattle: PendingBattle | null): void {
  appStore.set({ pendingBattle });
}

/**
 * Hands a battle's opening messages to the battle screen and switches to
 * it, battle music on (the story, a resume, a deck challenge). A battle
 * screen already open takes it in place of the battle it shows.
 */
export function enterBattle(cpuId: number, messages: StateMessage[]): void {
  setPendingBattle({ cpuId, messages });
  appStore.set((s) => ({
    music: { ...s.music, playTutorial: false, playMenu: false, playBattle: true },
  }));
  setRoute("game");
}

/** Opens the replay viewer on the battle screen (null closes it). */
export function setReplay(replay: ReplayRequest | null): void {
  appStore.set(replay ? { replay, route: "game" } : { replay });
}

/** Closes the replay viewer onto a route, in one change (the battle screen never sees "no replay" while still shown). */
export function leaveReplay(route: Route): void {
  appStore.set({ replay: null, route });
}

export function setPractice(practice: PracticeContext | null): void {
  if (practice) writeStorage(STORAGE_KEYS.practice, JSON.stringify(practice));
  else removeStorage(STORAGE_KEYS.practice);
  appStore.set({ practice });
}

export function setInQueue(inQueue: boolean): void {
  if (appStore.get().inQueue !== inQueue) appStore.set({ inQueue });
}

export function setDeckEditorFilter(filter: DeckEditorFilter): void {
  appStore.set({ deckEditorFilter: { filter } });
}

/** Back to a signed-out state; keeps settings and the music preference. */
export function resetSession(): void {
  const { settings, music } = appStore.get();
  appStore.reset({ ...initialAppState(), settings, music });
}
