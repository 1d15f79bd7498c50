import { type CSSProperties, type PointerEvent as ReactPointerEvent, useRef } from "react";
import { openLargeCard } from "../../components/card-views/large-card-store.ts";
import { isCompactScreen } from "../../lib/device.ts";
import {
  type BattleStoreState,
  battleStore,
  type ShownHandCard,
  useBattleStore,
} from "../../stores/battle-store.ts";
import { BattleCard } from "./battle-card.tsx";
import { battleCard } from "./battle-cards.ts";
import { aimAt, cancelPick, dropOnBoard, pickCard, placeAt } from "./battle-intents.ts";
import { isSelecting } from "./battle-machine.ts";
import { dragStore, hidePreview, openZoom, showPreview, useDrag } from "./drag-store.ts";
import { canAct, currentPlays, playFor, sameTarget } from "./play-options.ts";
import {
  type DropZone,
  dropZoneAt,
  LONG_PRESS_MS,
  parseZone,
  SWIPE_THRESHOLD_PX,
  targetOf,
  toFrame,
} from "./pointer.ts";

/** Would the picked card be taken by this zone (a place for a unit, a target, the board for a free spell)? */
export function zoneTakes(zone: DropZone | null, s: BattleStoreState = battleStore.get()): boolean {
  if (!s.pick || !zone) return false;
  const play = playFor(s.pick.handKey, s);
  if (!play) return false;
  if (s.phase === "select_unit_target") {
    return zone.kind === "cell" && zone.seat === "player" && play.cells.includes(zone.cell);
  }
  if (s.phase !== "select_spell_target") return false;
  if (!play.needsTarget && !play.isUnit) return true;
  const target = targetOf(zone);
  return target !== null && play.targets.some((t) => sameTarget(t, target));
}

/** Drops the picked card on a zone; false when the zone does not take it. */
export function dropPicked(zone: DropZone | null): boolean {
  const s = battleStore.get();
  if (!s.pick || !zone) return false;
  if (s.phase === "select_unit_target") {
    return zone.kind === "cell" && zone.seat === "player" ? placeAt(zone.cell) : false;
  }
  if (s.phase === "select_spell_target") {
    const target = targetOf(zone);
    if (target && aimAt(target)) return true;
    return dropOnBoard();
  }
  return false;
}

interface Press {
  pointerId: number;
  startX: number;
  startY: number;
  dragging: boolean;
  longPress: ReturnType<typeof setTimeout> | null;
  previewed: boolean;
}

/**
 * Pointer handling of one hand card: a press that moves past the threshold
 * drags the card (mouse and touch alike); a touch held still shows it big; a
 * plain press is left to the click. Escape cancels a drag.
 */
function useCardPointer(entry: ShownHandCard) {
  const press = useRef<Press | null>(null);
  const suppressClick = useRef(false);

  const end = (cleanup: () => void) => {
    const p = press.current;
    if (p?.longPress) clearTimeout(p.longPress);
    press.current = null;
    cleanup();
    hidePreview();
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    if (e.button !== 0 || press.current) return;
    suppressClick.current = false;
    const p: Press = {
      pointerId: e.pointerId,
      startX: e.clientX,
      startY: e.clientY,
      dragging: false,
      longPress: null,
      previewed: false,
    };
    press.current = p;
    const side = e.clientX < window.innerWidth / 2 ? "right" : "left";
    if (e.pointerType !== "mouse") {
      p.longPress = setTimeout(() => {
        if (press.current === p && !p.dragging) {
          p.previewed = true;
          showPreview(entry.card, side);
        }
      }, LONG_PRESS_MS);
    }

    const move = (ev: PointerEvent) => {
      if (ev.pointerId !== p.pointerId) return;
      const dx = ev.clientX - p.startX;
      const dy = ev.clientY - p.startY;
      if (!p.dragging) {
        if (Math.hypot(dx, dy) < SWIPE_THRESHOLD_PX) return;
        if (p.longPress) clearTimeout(p.longPress);
        hidePreview();
        if (p.previewed || !pickCard(entry.key, "drag")) {
          // Not playable now: the press is no drag (and no click either).
          suppressClick.current = true;
          end(cleanup);
          return;
        }
        p.dragging = true;
        suppressClick.current = true;
      }
      ev.preventDefault();
      const at = toFrame(ev.clientX, ev.clientY);
      const over = dropZoneAt(ev.clientX, ev.clientY);
      dragStore.set({ drag: { handKey: entry.key, card: entry.card, x: at.x, y: at.y }, over });
    };
    const up = (ev: PointerEvent) => {
      if (ev.pointerId !== p.pointerId) return;
      if (p.previewed) suppressClick.current = true;
      if (p.dragging) {
        const zone = parseZone(dropZoneAt(ev.clientX, ev.clientY));
        dragStore.set({ drag: null, over: null });
        if (!dropPicked(zone)) cancelPick();
      }
      end(cleanup);
    };
    const cancel = (ev: PointerEvent) => {
      if (ev.pointerId !== p.pointerId) return;
      if (p.dragging) {
        dragStore.set({ drag: null, over: null });
        cancelPick();
      }
      end(cleanup);
    };
    const key = (ev: KeyboardEvent) => {
      if (ev.key !== "Escape" || !p.dragging) return;
      ev.stopPropagation();
      dragStore.set({ drag: null, over: null });
      cancelPick();
      suppressClick.current = true;
      end(cleanup);
    };
    const cleanup = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", cancel);
      window.removeEventListener("keydown", key, true);
    };
    window.addEventListener("pointermove", move, { passive: false });
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", cancel);
    window.addEventListener("keydown", key, true);
  };

  const takeClick = () => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return false;
    }
    return true;
  };

  return { onPointerDown, takeClick };
}

/** The phone's hand (battle-phone.css): flat, cards 144 px wide side by side in 1050 px. */
const COMPACT_CARD = 144;
const COMPACT_ROW = 1050;
const COMPACT_GAP = 7;

function fanStyle(index: number, count: number): CSSProperties {
  const mid = (count - 1) / 2;
  const spacing = count <= 1 ? 0 : Math.min(150, 640 / (count - 1));
  const compact =
    count <= 1
      ? 0
      : Math.min(COMPACT_CARD + COMPACT_GAP, (COMPACT_ROW - COMPACT_CARD) / (count - 1));
  const off = index - mid;
  return {
    "--fan-x": `${off * spacing}px`,
    "--fan-xc": `${off * compact}px`,
    "--fan-rot": `${off * 3.2}deg`,
    "--fan-y": `${Math.abs(off) ** 2 * 2.5}px`,
    "--fan-z": 10 + index,
  } as CSSProperties;
}

function HandCard({ entry, index, count }: { entry: ShownHandCard; index: number; count: number }) {
  const card = battleCard(entry.card);
  const acting = useBattleStore((s) => canAct(s));
  const phase = useBattleStore((s) => s.phase);
  const picked = useBattleStore((s) => s.pick?.handKey === entry.key);
  const playable = useBattleStore(
    (s) => canAct(s) && currentPlays(s).some((p) => p.handKey === entry.key),
  );
  const dragging = useDrag((d) => d.drag?.handKey === entry.key);
  const { onPointerDown, takeClick } = useCardPointer(entry);
  if (!card) return null;
  const discarding = acting && phase === "discard_card";
  const name = card.name;
  const state = discarding
    ? "discard"
    : picked
      ? "picked"
      : playable && (phase === "play_card" || phase.startsWith("select"))
        ? "playable"
        : "idle";
  const label = discarding
    ? `Discard ${name}`
    : `${name}${playable ? ", playable" : ", not playable now"}${picked ? ", picked" : ""}`;
  return (
    <button
      type="button"
      className={`hand-card hand-card--${state}${dragging ? " hand-card--dragging" : ""}`}
      style={fanStyle(index, count)}
      data-testid={`hand-card-${entry.key}`}
      data-playable={playable ? "true" : "false"}
      data-picked={picked ? "true" : "false"}
      data-nav={`2:${index}`}
      aria-label={label}
      aria-pressed={picked}
      onPointerDown={onPointerDown}
      onClick={(e) => {
        if (!takeClick()) return;
        const wasPicked = battleStore.get().pick?.handKey === entry.key;
        const taken = pickCard(entry.key, e.detail === 0 ? "key" : "click");
        // Phone: a tap that plays nothing (not playable now, the enemy's turn) opens the card large.
        if (!taken && !wasPicked && e.detail !== 0 && isCompactScreen()) {
          openZoom(entry.card, index < count / 2 ? "right" : "left");
        }
      }}
      onDoubleClick={() => openLargeCard(card)}
      onContextMenu={(e) => {
        e.preventDefault();
        openLargeCard(card);
      }}
    >
      <BattleCard card={card} playable={state === "playable"} selected={picked} />
      {/* The phone's name plate (battle-phone.css): the card's own banner is too small there. */}
      <span className="hand-card__name" aria-hidden="true">
        {name}
      </span>
      {discarding && (
        <span className="hand-card__discard" aria-hidden="true">
          ✕
        </span>
      )}
    </button>
  );
}

/** The player's hand: a fan of up to 7 cards, playable ones glowing. */
export function Hand() {
  const hand = useBattleStore((s) => s.shown?.player.hand);
  const picking = useBattleStore((s) => isSelecting(s.phase));
  if (!hand) return null;
  return (
    <section
      className={`hand${picking ? " hand--picking" : ""}`}
      aria-label={`Your hand, ${hand.length} cards`}
      data-testid="hand"
    >
      {hand.map((entry, i) => (
        <HandCard key={entry.key} entry={entry} index={i} count={hand.length} />
      ))}
    </section>
  );
}
