import type { Route } from "@cardrealm/protocol";
import { type ComponentType, lazy, Suspense, useEffect } from "react";
import { TopBar } from "../../components/top-bar/top-bar.tsx";
import { startMusicDirector } from "../../lib/sound/music-director.ts";
import { useAppStore } from "../../stores/app-store.ts";
import { LargeCardHost } from "../card-views/large-card-host.tsx";
import { TutorialHost } from "../tutorial/tutorial-host.tsx";
import "./shell.css";

const MapScreen = lazy(() => import("../map/map-screen.tsx"));
const PlaceholderScreen = lazy(() => import("../placeholder/placeholder-screen.tsx"));

/** The collection and economy screens, each its own chunk. */
const COLLECTION_SCREENS: Partial<Record<Route, ComponentType>> = {
  deck: lazy(() => import("../deck/deck-screen.tsx")),
  gallery: lazy(() => import("../gallery/gallery-screen.tsx")),
  offers: lazy(() => import("../offers/offers-screen.tsx")),
  gem_shop: lazy(() => import("../gem-shop/gem-shop-screen.tsx")),
  /** The battle screen (its own chunk, with the engine and the card catalogue). */
  game: lazy(() => import("../battle/battle-screen.tsx")),
  /** The arena: daily tasks, PvP queue, rank, season track (features/arena). */
  arena: lazy(() => import("../arena/arena-screen.tsx")),
};
/** A share link (?deck=<code>) offers to import the deck and play. */
const SharedDeckOffer = lazy(() => import("../deck/shared-deck-offer.tsx"));
const hasSharedDeck = () => /[?&]deck=/.test(window.location.search);

/** Screens not built yet: a styled placeholder with a way back (no dead ends). */
const PLACEHOLDER_TITLES: Record<Exclude<Route, "home">, string> = {
  gallery: "Gallery",
  deck: "Deck",
  offers: "Offers",
  gem_shop: "Gem Shop",
  game: "Battle",
  arena: "Arena",
};

/** Everything after login: the top bar and the current in-app route. */
export default function Shell() {
  const route = useAppStore((s) => s.route);
  const CollectionScreen = COLLECTION_SCREENS[route];
  // Music follows the app state while signed in (lib/sound, docs/audio.md).
  useEffect(() => startMusicDirector(), []);
  return (
    <div className="shell">
      {/* First in the DOM so keyboard focus meets the bar before the screen. */}
      {/* The battle screen has its own menu (music, surrender): no bar over the board. */}
      {route !== "game" && <TopBar />}
      <div className="shell__screen" key={route}>
        <Suspense fallback={null}>
          {route === "home" ? (
            <MapScreen />
          ) : CollectionScreen ? (
            <CollectionScreen />
          ) : (
            <PlaceholderScreen title={PLACEHOLDER_TITLES[route]} route={route} />
          )}
        </Suspense>
      </div>
      <LargeCardHost />
      <TutorialHost />
      {hasSharedDeck() && (
        <Suspense fallback={null}>
          <SharedDeckOffer />
        </Suspense>
      )}
    </div>
  );
}
