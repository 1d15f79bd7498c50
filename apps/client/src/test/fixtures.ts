import type { SignedInUser, User } from "@cardrealm/protocol";
import { cleanup, configure } from "@testing-library/react";
import { abandonSessionWork } from "../app/session.ts";
import { appStore, initialAppState } from "../stores/app-store.ts";
import { initialLoadingState, loadingStore } from "../stores/loading-store.ts";

// findBy*/waitFor end as soon as what they wait for is there; their timeout
// is only how long a failure takes to be told. The default 1 s failed under
// load (a lazy chunk and React's Suspense retry took longer, issue 17), so
// the bound is generous and the vitest test timeout (30 s) stays above it.
configure({ asyncUtilTimeout: 15_000 });

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    login: null,
    nickname: "Morwen",
    guest: true,
    level: 1,
    silver: 1000,
    premium: false,
    tutorial: { isActive: false, step: "intro" },
    maps: [],
    library: { cards: {}, total_amount: 0 },
    deck: { cards: {}, total_amount: 0, sequence_number: 1 },
    decks: [],
    dailys: { active: {}, finished: [] },
    rank: { rank: "bronze", score: 0, total_score: 600 },
    rank_champions: [],
    season_progress: {
      currentLevel: 0,
      oldFreeLevel: 0,
      oldPaidLevel: 0,
      xp: 0,
      progress: { free: {}, paid: {} },
    },
    ...overrides,
  };
}

export function makeSignedIn(overrides: Partial<User> = {}): SignedInUser {
  return { ...makeUser(overrides), jwtToken: "token-abc" };
}

/** Fresh stores, storage and DOM for each test. */
export function resetAll(): void {
  cleanup();
  abandonSessionWork();
  // Storage first: the initial app state reads what this device remembers (music, a deck challenge).
  localStorage.clear();
  appStore.reset(initialAppState());
  loadingStore.reset(initialLoadingState());
}

type Handler = (init: RequestInit | undefined) => { status: number; body: unknown };

/**
 * A fetch stand-in keyed by "METHOD /path". Unknown calls answer 404 so a
 * test fails loudly instead of hanging. Returns the log of calls made.
 */
export function mockFetch(routes: Record<string, Handler>): {
  calls: { key: string; init: RequestInit | undefined }[];
} {
  const calls: { key: string; init: RequestInit | undefined }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path =
      typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
    const key = `${init?.method ?? "GET"} ${path}`;
    calls.push({ key, init });
    const handler = routes[key];
    const { status, body } = handler
      ? handler(init)
      : { status: 404, body: { error: { code: "not_found", message: `No route ${key}` } } };
    return new Response(JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  }) as typeof fetch;
  return { calls };
}

export const ok = (data: unknown) => () => ({ status: 200, body: { data } });
