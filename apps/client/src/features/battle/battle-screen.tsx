import { type KeyboardEvent, useEffect } from "react";
import { appStore, setRoute, useAppStore } from "../../stores/app-store.ts";
import { battleStore, useBattleStore } from "../../stores/battle-store.ts";
import { PvpBanner } from "../arena/pvp-banner.tsx";
import { VersusScreen } from "../arena/versus-screen.tsx";
import { ReplayBar } from "../replay/replay-bar.tsx";
import { ReplayLoading } from "../replay/replay-loading.tsx";
import { loadReplay, stopReplay, useReplayPlayer } from "../replay/replay-player.ts";
import { EmoteBar } from "../social/emote-bar.tsx";
import { stopWatch, useWatch } from "../social/watch-player.ts";
import { WatchBar, WatchedHand, WatchWaiting } from "../social/watch-screen.tsx";
import { CastlePanel, DeckPile, EnemyHand, Resources, TableRow } from "./battle-board.tsx";
import {
  AllAttackButton,
  BattleMenu,
  EndTurnButton,
  PickHint,
  TurnTimer,
} from "./battle-controls.tsx";
import { Hand } from "./battle-hand.tsx";
import { allAttack, cancelPick, endTurn, setAttack, setMenuOpen } from "./battle-intents.ts";
import { useKeyboardPlay } from "./battle-keys.ts";
import { disposeBattle, ensureBattle, keepBattle, releaseBattle } from "./battle-lifecycle.ts";
import {
  BattleMessageBanner,
  CardPreview,
  CardZoom,
  DragGhost,
  EndGamePanel,
  PlayedCards,
} from "./battle-overlays.tsx";
import { dragStore, useDrag } from "./drag-store.ts";
import { currentPlays } from "./play-options.ts";
import "./battle.css";

/** Arrow keys move between the hand, the two tables and the castles (data-nav="row:col"). */
function moveFocus(root: HTMLElement, key: string): boolean {
  const items = [...root.querySelectorAll<HTMLElement>("[data-nav]")].filter(
    (el) => !el.closest("[hidden]"),
  );
  if (items.length === 0) return false;
  const active = document.activeElement as HTMLElement | null;
  const current = active?.dataset.nav ? active : null;
  if (!current) {
    const first = items.find((el) => el.dataset.nav?.startsWith("2:")) ?? items[0];
    first?.focus();
    return true;
  }
  const [row, col] = (current.dataset.nav ?? "0:0").split(":").map(Number) as [number, number];
  const inRow = (r: number) =>
    items
      .filter((el) => Number(el.dataset.nav?.split(":")[0]) === r)
      .sort((a, b) => Number(a.dataset.nav?.split(":")[1]) - Number(b.dataset.nav?.split(":")[1]));
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const row_ = inRow(row);
    const i = row_.indexOf(current);
    const next = row_[Math.max(0, Math.min(row_.length - 1, i + (key === "ArrowLeft" ? -1 : 1)))];
    next?.focus();
    return true;
  }
  const rows = [0, 1, 2];
  let r = row;
  let target: HTMLElement[] = [];
  do {
    r += key === "ArrowUp" ? -1 : 1;
    if (!rows.includes(r)) return true;
    target = inRow(r);
  } while (target.length === 0);
  // The element of that row nearest in x to the current one.
  const x = current.getBoundingClientRect().left + current.getBoundingClientRect().width / 2;
  let best = target[0];
  let bestD = Number.POSITIVE_INFINITY;
  for (const el of target) {
    const rect = el.getBoundingClientRect();
    const d = Math.abs(rect.left + rect.width / 2 - x);
    if (d < bestD) {
      bestD = d;
      best = el;
    }
  }
  if (best === target[0] && bestD === 0 && target.length > 1 && col > 0) {
    // No layout (tests): keep the column instead.
    best = target[Math.min(target.length - 1, col)] ?? best;
  }
  best?.focus();
  return true;
}

function onKeyDown(e: KeyboardEvent<HTMLDivElement>): void {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const el = e.target as HTMLElement;
  // Menus, dialogs and the replay's controls (its scrubber takes the arrows) keep their keys.
  if (el.closest("[role=menu], [role=dialog], .replay-bar")) return;
  const root = e.currentTarget;
  switch (e.key) {
    case "Escape":
      if (battleStore.get().menuOpen) setMenuOpen(false);
      else if (!dragStore.get().drag) cancelPick();
      e.preventDefault();
      return;
    case "e":
    case "E":
      endTurn();
      e.preventDefault();
      return;
    case "a":
    case "A": {
      if (e.shiftKey) {
        allAttack();
        e.preventDefault();
        return;
      }
      const nav = el.dataset.nav;
      if (nav?.startsWith("1:")) {
        const col = Number(nav.split(":")[1]);
        if (col >= 1) setAttack(col - 1);
      }
      e.preventDefault();
      return;
    }
    case "ArrowLeft":
    case "ArrowRight":
    case "ArrowUp":
    case "ArrowDown":
      if (moveFocus(root, e.key)) e.preventDefault();
      return;
  }
}

function TurnBadge() {
  const turn = useBattleStore((s) => s.shown?.turn ?? 0);
  const cap = useBattleStore((s) => s.shown?.turnCap ?? 0);
  const mine = useBattleStore((s) => s.shown?.active === "player");
  return (
    <div className={`turn-badge${mine ? " turn-badge--mine" : ""}`} data-testid="turn-badge">
      <span className="turn-badge__label">Turn</span>
      <b>{turn}</b>
      <span className="turn-badge__cap">/ {cap}</span>
    </div>
  );
}

function BattleLoading() {
  const status = useBattleStore((s) => s.status);
  return (
    <div className="battle battle--loading" data-testid="battle-screen" data-status={status}>
      {status === "gone" ? (
        <div className="battle-loading panel" role="alert">
          <p>The battle could not be loaded.</p>
          <button
            type="button"
            className="btn btn--gold"
            onClick={() => {
              disposeBattle();
              setRoute("home");
            }}
          >
            Back to map
          </button>
        </div>
      ) : (
        <div className="battle-loading" role="status">
          <span className="battle-loading__sigil" aria-hidden="true" />
          <p>Preparing the battlefield…</p>
        </div>
      )}
    </div>
  );
}

/**
 * The board: the same for a battle and a replay. A replay (features/replay)
 * shows it read-only: no menu, timer, end turn or all attack, no drag, and
 * its own controls where those stood.
 */
function BattleLayout({ replay, watch = false }: { replay: boolean; watch?: boolean }) {
  const background = useBattleStore((s) => s.background);
  const phase = useBattleStore((s) => s.phase);
  const active = useBattleStore((s) => s.shown?.active);
  // A dragged spell that takes no target: the whole board is its drop zone.
  const casting = useBattleStore(
    (s) =>
      s.phase === "select_spell_target" &&
      s.pick !== null &&
      !s.pick.isUnit &&
      currentPlays(s).some((p) => p.handKey === s.pick?.handKey && !p.needsTarget),
  );
  const overBoard = useDrag((d) => d.drag !== null && d.over !== null);
  useKeyboardPlay();
  return (
    <div
      className={`battle battle--${background}${replay ? " battle--replay" : ""}`}
      data-testid="battle-screen"
      data-phase={phase}
      data-mode={watch ? "watch" : replay ? "replay" : "live"}
      style={{ backgroundImage: `url(/static/media/${background}.webp)` }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: keyboard shortcuts of the whole battle (arrows, E, A, Escape) */}
      <div
        className={`battle__frame battle__frame--${active === "player" ? "mine" : "theirs"}`}
        data-battle-frame
        onKeyDown={onKeyDown}
      >
        <header className="battle__top">
          {!replay && <BattleMenu />}
          <TurnBadge />
          <EnemyHand />
          <DeckPile seat="cpu" />
        </header>
        <div className="battle__left">
          <CastlePanel seat="cpu" />
          <CastlePanel seat="player" />
        </div>
        <main
          className={`battle__board${casting ? " battle__board--cast" : ""}${casting && overBoard ? " battle__board--over" : ""}`}
          data-drop="board"
          aria-label="Battlefield"
        >
          <TableRow seat="cpu" />
          <div className="battle__lane" aria-hidden="true" />
          <TableRow seat="player" />
        </main>
        <div className="battle__right">
          <Resources seat="cpu" />
          {!replay && (
            <div className="battle__turn">
              <TurnTimer />
              <EndTurnButton />
            </div>
          )}
          <Resources seat="player" />
          {!replay && <AllAttackButton />}
        </div>
        <DeckPile seat="player" />
        {watch ? <WatchedHand /> : <Hand />}
        {!replay && <PickHint />}
        <PlayedCards />
        <BattleMessageBanner />
        {!replay && <PvpBanner />}
        {!replay && <EmoteBar />}
        {!replay && <DragGhost />}
        <CardPreview />
        <CardZoom />
        {watch ? <WatchBar /> : replay ? <ReplayBar /> : <EndGamePanel />}
        {!replay && !watch && <VersusScreen />}
      </div>
    </div>
  );
}

/** A battle being played. */
function LiveBattle() {
  const ready = useBattleStore((s) => s.mode === "live" && s.shown !== null);

  useEffect(() => {
    ensureBattle();
    return releaseBattle;
  }, []);

  if (!ready) return <BattleLoading />;
  return <BattleLayout replay={false} />;
}

/** A finished battle being watched (issue 16): loads it, then the read-only board. */
function ReplayViewer() {
  const ready = useBattleStore((s) => s.mode === "replay" && s.shown !== null);
  const status = useReplayPlayer((s) => s.status);

  useEffect(() => {
    // The battle this replaces (Watch replay on its end panel) must not take the replay with it.
    keepBattle();
    const request = appStore.get().replay;
    if (request) void loadReplay(request.source);
    return stopReplay;
  }, []);

  if (!ready || status !== "ready") return <ReplayLoading />;
  return <BattleLayout replay />;
}

/** A friend's PvP game being watched a turn behind (issue 24 item 4): the read-only board. */
function WatchViewer() {
  const ready = useBattleStore((s) => s.mode === "replay" && s.shown !== null);
  useEffect(() => {
    keepBattle();
    return stopWatch;
  }, []);
  if (!ready) return <WatchWaiting />;
  return <BattleLayout replay watch />;
}

/** The battle screen (route "game"): a battle, a friend's game watched, or the replay viewer. */
export default function BattleScreen() {
  const replaying = useAppStore((s) => s.replay !== null);
  const watching = useWatch((s) => s.gameId !== null);
  if (watching) return <WatchViewer />;
  return replaying ? <ReplayViewer /> : <LiveBattle />;
}
