import { type KeyboardEvent, type ReactNode, useEffect } from "react";
import { appStore, setRoute, useAppStore } from "../../stores/app-store.ts";
import { battleStore, useBattleStore } from "../../stores/battle-store.ts";
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
import { disposeBattle, ensureBattle, releaseBattle } from "./battle-lifecycle.ts";
import {
  BattleMessageBanner,
  CardPreview,
  CardZoom,
  DragGhost,
  EndGamePanel,
  PlayedCards,
} from "./battle-overlays.tsx";
import { useTempo } from "./battle-queue.ts";
import { useBattleSlots } from "./battle-slots.tsx";
import { dragStore, useDrag } from "./drag-store.ts";
import { currentPlays } from "./play-options.ts";
// The battle's stylesheet, split by subject: imported in this order, which is its cascade.
import "./battle-screen.css";
import "./battle-castles.css";
import "./battle-board.css";
import "./battle-column.css";
import "./battle-hand.css";
import "./battle-messages.css";
import "./battle-looks.css";
import "./battle-preview.css";
import "./battle-fx.css";
import "./battle-fx-keyframes.css";
import "./battle-phone.css";

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

/** How the board is shown: a battle being played, a replay, or a friend's game watched. */
export type BoardMode = "live" | "replay" | "watch";

/**
 * The board: the same for a battle, a replay (features/replay) and a
 * watched game (features/social). Those show it read-only: no menu, timer,
 * end turn or all attack, no drag, and their own bar (and hand) where those
 * stood. A live battle's banners and cover come from the shell (battle-slots.tsx).
 */
export function BattleLayout({
  mode,
  bar,
  hand,
}: {
  mode: BoardMode;
  /** In place of the end panel: the replay's or the watch's own controls. */
  bar?: ReactNode;
  /** In place of the player's hand: a watched player's card backs. */
  hand?: ReactNode;
}) {
  const live = mode === "live";
  const { banners, cover } = useBattleSlots();
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
  const tempo = useTempo();
  useKeyboardPlay();
  return (
    <div
      className={`battle battle--${background}${live ? "" : " battle--replay"}`}
      data-testid="battle-screen"
      data-phase={phase}
      data-mode={mode}
      style={{
        backgroundImage: `url(/static/media/${background}.webp)`,
        // The board's motion (lunges, deaths, the played card, banners) at the battle speed.
        ["--board-tempo" as string]: tempo,
      }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: keyboard shortcuts of the whole battle (arrows, E, A, Escape) */}
      <div
        className={`battle__frame battle__frame--${active === "player" ? "mine" : "theirs"}`}
        data-battle-frame
        onKeyDown={onKeyDown}
      >
        <header className="battle__top">
          {live && <BattleMenu />}
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
          {live && (
            <div className="battle__turn">
              <TurnTimer />
              <EndTurnButton />
            </div>
          )}
          <Resources seat="player" />
          {live && <AllAttackButton />}
        </div>
        <DeckPile seat="player" />
        {hand ?? <Hand />}
        {live && <PickHint />}
        <PlayedCards />
        <BattleMessageBanner />
        {live && banners}
        {live && <DragGhost />}
        <CardPreview />
        <CardZoom />
        {bar ?? <EndGamePanel />}
        {live && cover}
      </div>
    </div>
  );
}

/**
 * The battle screen's live battle (route "game"): the pending battle or the
 * one the server has. A battle handed over while one is on screen (a
 * rematch, a deck challenge played again) takes its place. The shell's
 * battle route shows the replay viewer or a watched game instead when one is
 * open, and adds what other features put on the board.
 */
export default function BattleScreen() {
  const ready = useBattleStore((s) => s.mode === "live" && s.shown !== null);
  const pending = useAppStore((s) => s.pendingBattle !== null);

  useEffect(() => {
    ensureBattle();
    return releaseBattle;
  }, []);

  useEffect(() => {
    // Read now, not from the render: on mount the effect above has already taken it.
    if (!pending || appStore.get().pendingBattle === null) return;
    if (battleStore.get().status === "empty") return;
    disposeBattle();
    ensureBattle();
  }, [pending]);

  if (!ready) return <BattleLoading />;
  return <BattleLayout mode="live" />;
}
