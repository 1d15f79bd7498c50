import {
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from "react";
import "./card-slider.css";

/** Slides in view at once in the research and deck sliders (product.md section 9). */
export const SLIDES_VISIBLE = 5;
/** A pointer has to travel this far (design px) before a press becomes a swipe (product.md section 9). */
export const SWIPE_THRESHOLD_PX = 10;

export interface CardSliderProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  /** Width of one slide in design pixels. */
  slideWidth: number;
  /** Slides in view at once. */
  visible?: number;
  gap?: number;
  /** Names the slider for screen readers ("Library", "Deck"). */
  label: string;
  /** Shown instead of the track when there are no items. */
  empty?: ReactNode;
  /** When this changes the slider goes back to its first slide (a new filter or search). */
  resetKey?: string;
  /** Bring this item into view whenever nonce changes (a card just added). */
  reveal?: { key: string | number; nonce: number } | null;
  className?: string;
  "data-testid"?: string;
}

export function clampStart(start: number, count: number, visible: number): number {
  return Math.max(0, Math.min(start, count - visible));
}

/**
 * A horizontal slider showing `visible` slides: arrow buttons, mouse drag and
 * touch swipe (a press moving more than 10 px is a swipe and does not click),
 * the wheel, and focus that scrolls a focused slide into view. Slides are
 * rendered in full, so the DOM always holds every card of the list.
 */
export function CardSlider<T>({
  items,
  itemKey,
  renderItem,
  slideWidth,
  visible = SLIDES_VISIBLE,
  gap = 14,
  label,
  empty,
  resetKey,
  reveal,
  className,
  "data-testid": testId,
}: CardSliderProps<T>) {
  const [start, setStart] = useState(0);
  const viewportRef = useRef<HTMLElement>(null);
  const wheel = useRef(0);

  const [shownReset, setShownReset] = useState(resetKey);
  if (shownReset !== resetKey) {
    setShownReset(resetKey);
    setStart(0);
  }

  const count = items.length;
  const first = clampStart(start, count, visible);
  const step = slideWidth + gap;

  const go = (to: number) => setStart(clampStart(to, count, visible));

  // Keep a just-added (or asked-for) item in view.
  const revealNonce = reveal?.nonce;
  const revealKey = reveal?.key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new reveal is asked for, not on every list change
  useEffect(() => {
    if (revealKey === undefined) return;
    const index = items.findIndex((item) => itemKey(item) === revealKey);
    if (index < 0) return;
    setStart((s) => {
      const f = clampStart(s, items.length, visible);
      if (index < f) return index;
      if (index >= f + visible) return index - visible + 1;
      return f;
    });
  }, [revealNonce, revealKey]);

  const swipe = useSwipe({ viewportRef, count, visible, first, step, go });

  const style = {
    "--slide-w": `${slideWidth}px`,
    "--slide-gap": `${gap}px`,
    "--slides-visible": visible,
  } as CSSProperties;

  const atStart = first === 0;
  const atEnd = first >= count - visible;

  return (
    <div
      className={`cv-slider ${className ?? ""}`}
      style={style}
      data-testid={testId}
      data-first={first}
    >
      <button
        type="button"
        className="cv-slider__arrow cv-slider__arrow--prev"
        aria-label={`${label}: previous cards`}
        disabled={atStart}
        onClick={() => go(first - visible)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <section
        ref={viewportRef}
        className={`cv-slider__viewport${swipe.dragging ? " cv-slider__viewport--dragging" : ""}`}
        aria-label={label}
        {...swipe.handlers}
        onWheel={(e) => {
          if (count <= visible) return;
          const delta = Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : e.deltaY;
          wheel.current += delta;
          if (Math.abs(wheel.current) < 60) return;
          go(first + Math.sign(wheel.current));
          wheel.current = 0;
        }}
        onFocus={(e) => {
          const slide = (e.target as HTMLElement).closest<HTMLElement>("[data-slide-index]");
          const index = Number(slide?.dataset.slideIndex ?? -1);
          if (index < 0) return;
          if (index < first) go(index);
          else if (index >= first + visible) go(index - visible + 1);
        }}
      >
        {count === 0 ? (
          <div className="cv-slider__empty">{empty}</div>
        ) : (
          <ul
            className="cv-slider__track"
            style={{ transform: `translateX(${-first * step + swipe.drag}px)` }}
          >
            {items.map((item, index) => (
              <li
                key={itemKey(item)}
                className="cv-slider__slide"
                data-slide-index={index}
                data-in-view={index >= first && index < first + visible}
              >
                {renderItem(item, index)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <button
        type="button"
        className="cv-slider__arrow cv-slider__arrow--next"
        aria-label={`${label}: next cards`}
        disabled={atEnd}
        onClick={() => go(first + visible)}
      >
        <span aria-hidden="true">›</span>
      </button>
      {count > visible && (
        <span className="cv-slider__scrollbar" aria-hidden="true">
          <span
            className="cv-slider__thumb"
            style={{
              width: `${(visible / count) * 100}%`,
              left: `${(first / count) * 100}%`,
            }}
          />
        </span>
      )}
      <span className="visually-hidden" aria-live="polite">
        {count > visible ? `${label}: cards ${first + 1} to ${first + visible} of ${count}` : ""}
      </span>
    </div>
  );
}

/**
 * Mouse drag and touch swipe of a slider's viewport: a press that moves
 * more than 10 px drags the track (resisting past the ends), and on release
 * goes by the slides it moved; the click that ends a drag is swallowed.
 */
function useSwipe({
  viewportRef,
  count,
  visible,
  first,
  step,
  go,
}: {
  viewportRef: RefObject<HTMLElement | null>;
  count: number;
  visible: number;
  first: number;
  step: number;
  go: (to: number) => void;
}) {
  const [drag, setDrag] = useState(0);
  const [dragging, setDragging] = useState(false);
  const press = useRef<{ id: number; x: number; scale: number; active: boolean } | null>(null);
  const suppressClick = useRef(false);

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    if (e.button !== 0 || count <= visible) return;
    const el = viewportRef.current;
    const rect = el?.getBoundingClientRect();
    const scale = el && rect && el.offsetWidth > 0 ? rect.width / el.offsetWidth : 1;
    press.current = { id: e.pointerId, x: e.clientX, scale: scale || 1, active: false };
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    const p = press.current;
    if (!p || p.id !== e.pointerId) return;
    const dx = (e.clientX - p.x) / p.scale;
    if (!p.active) {
      if (Math.abs(dx) <= SWIPE_THRESHOLD_PX) return;
      p.active = true;
      setDragging(true);
      try {
        viewportRef.current?.setPointerCapture(e.pointerId);
      } catch {
        // Capture is a nicety (the pointer may already be gone).
      }
    }
    // Resist past the ends so the edge is felt.
    const min = -(count - visible - first) * step;
    const max = first * step;
    const clamped = dx > max ? max + (dx - max) / 3 : dx < min ? min + (dx - min) / 3 : dx;
    setDrag(clamped);
  };

  const endPress = (e: ReactPointerEvent<HTMLElement>) => {
    const p = press.current;
    if (!p || p.id !== e.pointerId) return;
    press.current = null;
    if (!p.active) return;
    suppressClick.current = true;
    // A click never follows a cancelled pointer; forget the suppression soon.
    setTimeout(() => {
      suppressClick.current = false;
    }, 0);
    const moved = drag / step;
    const slides =
      Math.abs(moved) < 0.25 ? 0 : Math.sign(moved) * Math.max(1, Math.round(Math.abs(moved)));
    go(first - slides);
    setDrag(0);
    setDragging(false);
  };

  const onClickCapture = (e: MouseEvent<HTMLElement>) => {
    if (!suppressClick.current) return;
    suppressClick.current = false;
    e.stopPropagation();
    e.preventDefault();
  };

  return {
    drag,
    dragging,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: endPress,
      onPointerCancel: endPress,
      onClickCapture,
    },
  };
}
