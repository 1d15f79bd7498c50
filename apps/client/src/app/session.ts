import type { ApiCard, Box, Files, PartnerAuthBody, SignedInUser, User } from "@cardrealm/protocol";
import {
  ApiError,
  api,
  dropToken,
  getToken,
  saveToken,
  sendEvent,
  setUnauthorizedHandler,
} from "../lib/api.ts";
import { preloadBudgetMs } from "../lib/device.ts";
import { settleAfter } from "../lib/first-load.ts";
import { IMG_BASE, MEDIA_BASE, preloadImages, preloadInBackground, toUrl } from "../lib/preload.ts";
import { readStorage, STORAGE_KEYS } from "../lib/storage.ts";
import { randomTip } from "../lib/tips.ts";
import {
  appStore,
  clearError,
  resetSession,
  setAuth,
  setCatalogue,
  setError,
  setLoading,
  setSettings,
} from "../stores/app-store.ts";
import { initialLoadingState, loadingStore } from "../stores/loading-store.ts";

/**
 * The sign-in journey of product.md section 2 (Login): authenticate, load
 * cards, files list, boxes, preload images, then show the map. Progress is
 * real: each finished step moves the bar, images count one by one. The 20 s
 * (5 s) of the spec is only the longest we wait for images.
 */

/** Share of the bar each step fills (sums to 100). */
const WEIGHT = { auth: 15, cards: 10, files: 10, boxes: 10, images: 55 } as const;
/** Keep the full bar on screen this long so the finish is seen, not flashed. */
const FINISH_HOLD_MS = 250;

type SignIn = () => Promise<SignedInUser>;

/** Increments on every new journey; an older journey stops at its next await. */
let generation = 0;

/** Which journey the loading popup belongs to: a stored token resuming shows no login behind it. */
let journey: "sign-in" | "resume" | null = null;

/** True while a stored token is being resumed (the page shows the map's art, not the login). */
export function isResuming(): boolean {
  return journey === "resume";
}

function showPopup(label: string): void {
  loadingStore.reset({
    ...initialLoadingState(),
    visible: true,
    tip: randomTip(),
    label,
  });
}

function hidePopup(): void {
  journey = null;
  loadingStore.reset(initialLoadingState());
}

function failPopup(message: string, retry: () => void, cancel: () => void): void {
  loadingStore.set({ error: message, retry, cancel });
  setLoading(false);
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return `${error.message} Then press Retry.`;
    return error.message;
  }
  return "Something went wrong while loading the realm. Press Retry.";
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freshLoaded(): Loaded {
  return {
    user: null,
    cards: null,
    files: null,
    boxes: null,
    imagesDone: false,
    cardArtQueued: false,
  };
}

interface Loaded {
  user: User | null;
  cards: ApiCard[] | null;
  files: Files | null;
  boxes: Box[] | null;
  imagesDone: boolean;
  /** The card pictures were handed to the background preloader. */
  cardArtQueued: boolean;
}

/**
 * Runs the loading steps after authentication (cards, files list and boxes in
 * parallel, then images). Steps already done (kept in `loaded`) are skipped,
 * so Retry resumes where the failure happened.
 */
async function loadRealm(gen: number, loaded: Loaded): Promise<void> {
  const stepDone = () => {
    const p =
      WEIGHT.auth +
      (loaded.cards ? WEIGHT.cards : 0) +
      (loaded.files ? WEIGHT.files : 0) +
      (loaded.boxes ? WEIGHT.boxes : 0);
    loadingStore.set({ progress: p });
  };
  loadingStore.set({ label: "Loading cards, maps and treasure chests…" });
  stepDone();

  // Settings are a nicety (external links); never block the game on them.
  if (!appStore.get().settings) {
    api
      .settings()
      .then(setSettings)
      .catch(() => {});
  }

  await Promise.all([
    loaded.cards
      ? null
      : api.cards().then((cards) => {
          loaded.cards = cards;
          if (gen === generation) stepDone();
        }),
    loaded.files
      ? null
      : api.files().then((files) => {
          loaded.files = files;
          if (gen === generation) stepDone();
        }),
    loaded.boxes
      ? null
      : api.boxes().then((boxes) => {
          loaded.boxes = boxes;
          if (gen === generation) stepDone();
        }),
  ]);
  if (gen !== generation) return;

  if (!loaded.imagesDone) {
    const files = loaded.files ?? [[], []];
    // The screens' own art (map, icons, backgrounds) is loaded before the map
    // shows; the card pictures follow in the background once it is up (see
    // docs/decisions.md, "Preloading").
    const urls = files[0].map((p) => toUrl(MEDIA_BASE, p));
    const base = WEIGHT.auth + WEIGHT.cards + WEIGHT.files + WEIGHT.boxes;
    loadingStore.set({ label: `Preloading art (0 / ${urls.length})` });
    await preloadImages(urls, preloadBudgetMs(), (done, total) => {
      if (gen !== generation) return;
      const share = total === 0 ? 1 : done / total;
      loadingStore.set({
        progress: Math.round(base + WEIGHT.images * share),
        label: `Preloading art (${done} / ${total})`,
      });
    });
    loaded.imagesDone = true;
  }
  if (gen !== generation) return;

  loadingStore.set({ progress: 100, label: "Entering the realm" });
  await wait(FINISH_HOLD_MS);
  if (gen !== generation) return;

  setCatalogue(loaded.cards ?? [], loaded.boxes ?? []);
  appStore.set({ user: loaded.user, route: "home" });
  setAuth(true);
  hidePopup();
  if (!loaded.cardArtQueued) {
    loaded.cardArtQueued = true;
    // The map's ambient loops wait for these (lib/first-load.ts).
    settleAfter(preloadInBackground((loaded.files?.[1] ?? []).map((p) => toUrl(IMG_BASE, p))).done);
  }
}

/** Press of Play, Play as new player or the login form. */
export function startSignIn(signIn: SignIn, options: { inlineAuthErrors?: boolean } = {}): void {
  const gen = ++generation;
  const loaded = freshLoaded();
  clearError();
  setLoading(true);
  journey = "sign-in";
  showPopup("Opening the gates…");

  const cancel = () => {
    generation++;
    // Signed in but never reached the map: forget the half-made session.
    if (loaded.user) dropToken();
    hidePopup();
    setLoading(false);
  };

  const run = async () => {
    if (gen !== generation) return;
    loadingStore.set({ error: null, retry: null, cancel: null });
    setLoading(true);
    try {
      if (!loaded.user) {
        loadingStore.set({ label: "Opening the gates…", progress: 2 });
        const signed = await signIn();
        if (gen !== generation) return;
        const { jwtToken, ...user } = signed;
        saveToken(jwtToken);
        loaded.user = user;
        sendEvent("login");
      }
      await loadRealm(gen, loaded);
    } catch (error) {
      if (gen !== generation) return;
      // A refused sign-in (wrong password) belongs next to the form, not in the popup.
      if (
        !loaded.user &&
        options.inlineAuthErrors &&
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status < 500
      ) {
        hidePopup();
        setError(error.message);
        return;
      }
      failPopup(messageOf(error), () => void run(), cancel);
    }
  };
  void run();
}

/**
 * Inside the partner platform the launch names the player: a token stored
 * for another partner player (or outside the platform) is not resumed.
 */
export function dropTokenOfAnotherPartnerPlayer(search: string): void {
  const partnerId = new URLSearchParams(search).get("partner_id")?.trim();
  if (!partnerId || !getToken()) return;
  if (readStorage(STORAGE_KEYS.tokenOwner) !== partnerId) dropToken();
}

/** The platform's signed launch in the page query, or null (docs/protocol.md "Partner signatures"). */
function signedLaunchIn(search: string): PartnerAuthBody | null {
  const q = new URLSearchParams(search);
  const partnerId = q.get("partner_id")?.trim();
  const nickname = (q.get("nickname") ?? q.get("partner_nickname"))?.trim();
  const sign = q.get("sign")?.trim();
  const ts = Number(q.get("ts"));
  if (!partnerId || !nickname || !sign || !Number.isSafeInteger(ts) || ts <= 0) return null;
  return { partner_id: partnerId, nickname, ts, sign };
}

/**
 * The platform's nickname wins over a stored token (issue 26): a relaunch
 * under a new name signs in with that launch, and the server renames the
 * player. A launch the server refuses (a reload reuses one already spent, or
 * it expired) leaves the resumed player as is.
 */
async function followPlatformNickname(user: User, search: string): Promise<User> {
  const launch = signedLaunchIn(search);
  if (!launch || launch.nickname === user.nickname) return user;
  try {
    const { jwtToken, ...signed } = await api.auth(launch);
    saveToken(jwtToken);
    return signed;
  } catch {
    return user;
  }
}

/** Page load with a stored token: player-details, then the map (or login when refused). */
export function resumeSession(search: string = window.location.search): boolean {
  if (!getToken()) return false;
  const gen = ++generation;
  const loaded = freshLoaded();
  setLoading(true);
  journey = "resume";
  showPopup("Welcome back…");

  const cancel = () => {
    generation++;
    hidePopup();
    setLoading(false);
  };

  const run = async () => {
    if (gen !== generation) return;
    loadingStore.set({ error: null, retry: null, cancel: null });
    setLoading(true);
    try {
      if (!loaded.user) {
        loadingStore.set({ label: "Welcome back…", progress: 2 });
        const details = await api.playerDetails();
        if (gen !== generation) return;
        if (details.data === false) {
          if (!getToken()) {
            // Refused (401): the token is already dropped; show login.
            cancel();
            return;
          }
          // Not a refusal (server down, timeout): keep the token and offer Retry.
          failPopup(
            "Could not reach the realm to restore your session. Check your connection, then press Retry.",
            () => void run(),
            cancel,
          );
          return;
        }
        const user = await followPlatformNickname(details.data, search);
        if (gen !== generation) return;
        loaded.user = user;
      }
      await loadRealm(gen, loaded);
    } catch (error) {
      if (gen !== generation) return;
      failPopup(messageOf(error), () => void run(), cancel);
    }
  };
  void run();
  return true;
}

/** Stop any journey in flight (its later steps then do nothing). */
export function abandonSessionWork(): void {
  generation++;
  hidePopup();
}

/** Log out: drop the token and the user, back to the login screen. */
export function logout(): void {
  sendEvent("logout");
  generation++;
  dropToken();
  hidePopup();
  resetSession();
}

/** The server refused our token mid-session: same as logout, without the event. */
setUnauthorizedHandler(() => {
  generation++;
  hidePopup();
  resetSession();
});
