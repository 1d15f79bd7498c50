import type { Route } from "@cardrealm/protocol";
import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { LargeCardHost } from "../../components/card-views/large-card-host.tsx";
import { TopBar } from "../../components/top-bar/top-bar.tsx";
import { useAfterPaint } from "../../lib/after-paint.ts";
import { dismissBootSplash } from "../../lib/boot-splash.ts";
import { startMusicDirector } from "../../lib/sound/music-director.ts";
import { useAppStore } from "../../stores/app-store.ts";
import { useStore } from "../../stores/create-store.ts";
import { friendsStore, openFriends } from "../friends/friends-store.ts";
import { useWatch } from "../social/watch-store.ts";
import { TutorialHost } from "../tutorial/tutorial-host.tsx";
import "./shell.css";

const MapScreen = lazy(() => import("../map/map-screen.tsx"));
const ArenaScreen = lazy(() => import("../arena/arena-screen.tsx"));
/** The battle chronicle (features/replay) the map and the arena open: its own chunk. */
const BattleHistory = lazy(() =>
  import("../replay/battle-history.tsx").then((m) => ({ default: m.BattleHistory })),
);

function ArenaRoute() {
  return <ArenaScreen HistoryDialog={BattleHistory} />;
}

/**
 * Every route's screen but the map's, each its own chunk. A record over the
 * routes: a new route does not compile until it has its screen.
 */
const SCREENS: Record<Exclude<Route, "home">, ComponentType> = {
  deck: lazy(() => import("../deck/deck-screen.tsx")),
  gallery: lazy(() => import("../gallery/gallery-screen.tsx")),
  offers: lazy(() => import("../offers/offers-screen.tsx")),
  gem_shop: lazy(() => import("../gem-shop/gem-shop-screen.tsx")),
  /** The battle screen (its own chunk, with the engine and the card catalogue): battle-route.tsx. */
  game: lazy(() => import("./battle-route.tsx")),
  /** The arena: daily tasks, PvP queue, rank, season track (features/arena). */
  arena: ArenaRoute,
};
/** A share link (?deck=<code>) offers to import the deck and play. */
const SharedDeckOffer = lazy(() => import("../deck/shared-deck-offer.tsx"));
const hasSharedDeck = () => /[?&]deck=/.test(window.location.search);
/** A replay link (?replay=<share id>) opens the replay viewer on that battle. */
const SharedReplayLink = lazy(() => import("../replay/shared-replay-link.tsx"));
const hasSharedReplay = () => /[?&]replay=/.test(window.location.search);
/**
 * Friends, challenges and their links (?friend=, ?challenge=): features/friends.
 * Its chunk (six scripts and a stylesheet) loads only once there is something
 * to show: the panel, a challenge or a notice, or a link to act on; not on
 * every map load (issue 25, the map's first load).
 */
const FriendsHost = lazy(() => import("../friends/friends-host.tsx"));
const hasFriendsLink = () => /[?&](friend|challenge)=/.test(window.location.search);
/** A watch link (?watch=<game id>) opens a friend's game a turn behind; loaded only for one. */
const WatchLink = lazy(() => import("./watch-link-entry.ts"));
const hasWatchLink = () => /[?&]watch=/.test(window.location.search);

/** True once the address has had a ?watch= (at load, or by a history move later). */
function useWatchWanted(): boolean {
  const [wanted, setWanted] = useState(hasWatchLink);
  useEffect(() => {
    if (wanted) return;
    const check = () => {
      if (hasWatchLink()) setWanted(true);
    };
    window.addEventListener("popstate", check);
    return () => window.removeEventListener("popstate", check);
  }, [wanted]);
  return wanted;
}

/** Whether the friends host has anything to show or do (then it mounts, and stays). */
function useFriendsWanted(): boolean {
  const busy = useStore(
    friendsStore,
    (s) => s.panelOpen || s.challenge !== null || s.notice !== null,
  );
  const [wanted, setWanted] = useState(hasFriendsLink);
  useEffect(() => {
    if (busy) setWanted(true);
  }, [busy]);
  return wanted || busy;
}

/**
 * The route whose screen is mounted: a new route's screen mounts one painted
 * frame after the route changed. The click that changed it is answered at
 * once (the old screen goes, the new one's entrance starts from nothing, as
 * its screen-in fade does anyway), and building the new screen (hundreds of
 * cards, the map's art) runs after that paint instead of holding it
 * (bench/web/inp.ts: opening the deck or the gem shop, back to the map).
 * `leaving` is the old route until then: its screen stays in the page,
 * hidden and skipped by layout and paint, and is taken down in the same
 * later commit, so removing a screen of hundreds of nodes does not hold the
 * click's frame either.
 */
export function useScreenRoutes(route: Route): { shown: Route | null; leaving: Route | null } {
  const mounted = useAfterPaint(route);
  return mounted === route ? { shown: route, leaving: null } : { shown: null, leaving: mounted };
}

/** A route's screen. */
function ScreenOf({ route }: { route: Route }) {
  if (route === "home") return <MapScreen HistoryDialog={BattleHistory} />;
  const Screen = SCREENS[route];
  return <Screen />;
}

/** Everything after login: the top bar and the current in-app route. */
export default function Shell() {
  const route = useAppStore((s) => s.route);
  // The guide stays away while a replay or a friend's game is watched (a new
  // player opening a watch link met Lyra over the board, her shield over
  // Leave); it picks up where it was after Close or Leave.
  const replaying = useAppStore((s) => s.replay !== null);
  const spectating = useWatch((s) => s.gameId !== null);
  const watching = replaying || spectating;
  const { shown, leaving } = useScreenRoutes(route);
  const friendsWanted = useFriendsWanted();
  const watchWanted = useWatchWanted();
  // The battle's screen goes at once (its effects stop with it), and so does any screen the battle replaces.
  const keepLeaving = leaving !== null && leaving !== "game" && route !== "game";
  // index.html's splash is the map's art only while the map shows.
  useEffect(() => {
    if (route !== "home") dismissBootSplash();
  }, [route]);
  // Music follows the app state while signed in (lib/sound, docs/audio.md).
  useEffect(() => startMusicDirector(), []);
  return (
    <div className="shell">
      {/* First in the DOM so keyboard focus meets the bar before the screen. */}
      {/* The battle screen has its own menu (music, surrender): no bar over the board. */}
      {route !== "game" && <TopBar onFriends={openFriends} />}
      {keepLeaving && (
        <div
          className="shell__screen shell__screen--leaving"
          key={leaving}
          inert
          aria-hidden="true"
        >
          <Suspense fallback={null}>
            <ScreenOf route={leaving} />
          </Suspense>
        </div>
      )}
      <div className="shell__screen" key={route}>
        <Suspense fallback={null}>{shown === null ? null : <ScreenOf route={shown} />}</Suspense>
      </div>
      <LargeCardHost />
      {friendsWanted && (
        <Suspense fallback={null}>
          <FriendsHost />
        </Suspense>
      )}
      {!watching && <TutorialHost />}
      {hasSharedReplay() && (
        <Suspense fallback={null}>
          <SharedReplayLink />
        </Suspense>
      )}
      {watchWanted && (
        <Suspense fallback={null}>
          <WatchLink />
        </Suspense>
      )}
      {hasSharedDeck() && (
        <Suspense fallback={null}>
          <SharedDeckOffer />
        </Suspense>
      )}
    </div>
  );
}
