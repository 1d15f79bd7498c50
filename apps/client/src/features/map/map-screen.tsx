import { MESSAGES } from "@cardrealm/protocol";
import { type ComponentType, lazy, memo, Suspense, useState } from "react";
import { ArtImage } from "../../components/art/art-image.tsx";
import { sendEvent } from "../../lib/api.ts";
import { playChime, playClick } from "../../lib/audio.ts";
import { useOverBootSplash } from "../../lib/boot-splash.ts";
import { openExternal } from "../../lib/external.ts";
import { useFirstLoadSettled } from "../../lib/first-load.ts";
import { setRoute, showSystemMessage, useAppStore } from "../../stores/app-store.ts";
import { BossWindow } from "./boss-window.tsx";
import { ChapterIcon, nextChapterKey } from "./chapter-icon.tsx";
import { CHAPTERS, type ChapterInfo } from "./chapters.ts";
import { ARENA_POSITION, CHAPTER_POSITIONS, ROAD_ORDER, roadPath } from "./map-layout.ts";
import { ResumeBanner, useRunningBattle } from "./resume-banner.tsx";
import { chooseOpponent, closeChapter, openChapter } from "./story-flow.ts";
// The map's stylesheet, split by subject: imported in this order, which is its cascade.
import "./map-board.css";
import "./map-nav.css";
import "./map-boss.css";
import "./map-opponents.css";
import "./map-states.css";
import "./map-phone.css";

/** The story layer (dialogues and comics) loads when a story first plays. */
const StoryLayer = lazy(() => import("./story-layer.tsx"));

/** What a click on the promo chapter says (product.md: shown as COMING SOON). */
export const COMING_SOON = "Coming soon";

/** Arena opens at user level 3 (product.md section 5). */
export const ARENA_LEVEL = 3;

const ROAD = roadPath(ROAD_ORDER.map((key) => CHAPTER_POSITIONS[key]));

/** A chapter icon's click: the chime, the window (its event goes after the click's frame). */
function openChapterOnMap(chapter: ChapterInfo): void {
  playChime();
  setTimeout(() => sendEvent("map_chapter_open", { chapter: chapter.key }), 0);
  if (chapter.isPromo) showSystemMessage(COMING_SOON, "info");
  else openChapter(chapter.level);
}

/**
 * The map's art, road, chapter icons and arena: memoised, so opening or
 * closing a chapter's boss window (a store change the map screen follows)
 * re-renders none of the icons in the click's frame (bench/web/inp.ts).
 */
const MapBoard = memo(function MapBoard({
  level,
  maps,
  nextKey,
}: {
  level: number;
  maps: readonly number[];
  nextKey: string | null;
}) {
  const arenaLocked = level < ARENA_LEVEL;
  return (
    <div className="map-board">
      <div className="map-board__art" aria-hidden="true" />
      <svg className="map-board__road" viewBox="0 0 1600 900" aria-hidden="true">
        <path d={ROAD} className="map-board__road-shadow" />
        <path d={ROAD} className="map-board__road-line" />
      </svg>

      {CHAPTERS.map((chapter) => {
        const pos = CHAPTER_POSITIONS[chapter.key];
        return (
          <ChapterIcon
            key={chapter.key}
            chapter={chapter}
            userLevel={level}
            maps={maps}
            x={pos.x}
            y={pos.y}
            onOpen={openChapterOnMap}
            isNext={chapter.key === nextKey}
          />
        );
      })}

      <button
        type="button"
        className={`arena-icon${arenaLocked ? " arena-icon--locked" : ""}`}
        style={{ left: `${ARENA_POSITION.x}%`, top: `${ARENA_POSITION.y}%` }}
        aria-label={arenaLocked ? `Arena, ${MESSAGES.arenaLocked}` : "Arena"}
        onClick={() => {
          playClick();
          if (arenaLocked) showSystemMessage(MESSAGES.arenaLocked, "info");
          else setRoute("arena");
        }}
        data-testid="map-arena"
      >
        <span className="arena-icon__medallion">
          <ArtImage
            className="arena-icon__art"
            src="/static/media/arena.svg"
            alt=""
            fallback={
              <span className="arena-icon__fallback" aria-hidden="true">
                ⚔
              </span>
            }
          />
        </span>
        <span className="arena-icon__name" aria-hidden="true">
          Arena
        </span>
      </button>
    </div>
  );
});

/** A dialog the screen opens and the dialog closes. */
export type DialogComponent = ComponentType<{ onClose: () => void }>;

/**
 * The world map (route home): the story's chapters, their boss windows and
 * stories, and the way to the other screens. `HistoryDialog` is the battle
 * chronicle the shell gives (features/replay). Its endless loops
 * (map-states.css) start once the page's first load has settled.
 */
export default function MapScreen({ HistoryDialog }: { HistoryDialog: DialogComponent }) {
  const user = useAppStore((s) => s.user);
  const settings = useAppStore((s) => s.settings);
  const cpuStory = useAppStore((s) => s.cpuStory);
  const running = useRunningBattle();
  // index.html painted the map's art while the session resumed: it stays the map's art.
  const overSplash = useOverBootSplash("map");
  const settled = useFirstLoadSettled();
  const [history, setHistory] = useState(false);

  const level = user?.level ?? 1;
  const maps = user?.maps ?? [];
  const nextKey = nextChapterKey(CHAPTERS, level, maps);

  // The boss window shows when a story and an opponent are chosen and no story action is pending.
  const bossChapter =
    cpuStory.action === null && cpuStory.cpuId !== null
      ? CHAPTERS.find((c) => c.level === cpuStory.story && !c.isPromo)
      : undefined;

  const go = (route: "gallery" | "deck" | "offers") => () => {
    playClick();
    setRoute(route);
  };

  return (
    <main
      className={`map-screen${overSplash ? " map-screen--splash" : ""}${settled ? " map-screen--settled" : ""}`}
      aria-label="World map"
      data-testid="screen-home"
    >
      <div className="map-screen__backdrop" aria-hidden="true" />
      <MapBoard level={level} maps={maps} nextKey={nextKey} />

      <button
        type="button"
        className="map-chat"
        aria-label="Community chat (opens in a new tab)"
        onClick={() => {
          playClick();
          openExternal(settings?.communityUrl);
        }}
        data-testid="map-chat"
      >
        <ArtImage
          className="map-chat__art"
          src="/static/media/chat.svg"
          alt=""
          fallback={<span className="map-chat__bubble" aria-hidden="true" />}
        />
      </button>

      <nav className="map-nav" aria-label="Main">
        <button
          type="button"
          className="btn btn--purple map-nav__btn"
          onClick={go("gallery")}
          data-testid="nav-gallery"
        >
          <span className="map-nav__glyph" aria-hidden="true">
            ❖
          </span>
          Gallery
        </button>
        <button
          type="button"
          className="btn btn--purple map-nav__btn"
          onClick={go("deck")}
          data-testid="nav-deck"
        >
          <span className="map-nav__glyph" aria-hidden="true">
            ▤
          </span>
          Deck
        </button>
        <button
          type="button"
          className="btn btn--purple map-nav__btn"
          onClick={go("offers")}
          data-testid="nav-offers"
        >
          <span className="map-nav__glyph" aria-hidden="true">
            ✧
          </span>
          Offers
        </button>
        <button
          type="button"
          className="btn btn--purple map-nav__btn"
          onClick={() => {
            playClick();
            setHistory(true);
          }}
          data-testid="nav-history"
        >
          <span className="map-nav__glyph" aria-hidden="true">
            ⚔
          </span>
          Battles
        </button>
        <button
          type="button"
          className="btn btn--gold map-nav__btn"
          aria-label="Gem shop (opens in a new tab)"
          onClick={() => {
            playClick();
            openExternal(settings?.patronUrl);
          }}
          data-testid="nav-gem-shop"
        >
          <span className="map-nav__gem" aria-hidden="true" />
          Gem shop
        </button>
      </nav>

      {history && (
        <Suspense fallback={null}>
          <HistoryDialog onClose={() => setHistory(false)} />
        </Suspense>
      )}

      {running && cpuStory.action === null && <ResumeBanner messages={running} />}

      {bossChapter && (
        <BossWindow
          chapter={bossChapter}
          userLevel={level}
          maps={maps}
          onClose={closeChapter}
          onFight={chooseOpponent}
        />
      )}

      {cpuStory.action !== null && (
        <Suspense fallback={null}>
          <StoryLayer />
        </Suspense>
      )}
    </main>
  );
}
