import type { ComicRef } from "@cardrealm/content";
import { useEffect, useRef, useState } from "react";
import { playClick } from "../../lib/audio.ts";

/** File extension of the generated slides (product.md allows png; tools/comics writes svg). */
export const COMIC_EXT = "svg";

export function slideUrl(comic: ComicRef, index: number, ext: string = COMIC_EXT): string {
  return `${comic.path}/${comic.first + index}.${ext}`;
}

export interface ComicProps {
  comic: ComicRef;
  /** Label of the last slide's OK, e.g. "To battle". */
  okHint: string;
  /** OK on the last slide. */
  onDone: () => void;
  /** Skip (and Escape): clears the pending story action. */
  onSkip: () => void;
  busy?: boolean;
  title: string;
}

/**
 * A comic (product.md section 2): numbered slides that fade in, previous and
 * next arrows, a slide counter, Skip, and OK on the last slide. Arrow keys
 * turn the pages.
 */
export function Comic({ comic, okHint, onDone, onSkip, busy, title }: ComicProps) {
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<Record<number, boolean>>({});
  const count = comic.slideNumber;
  const last = index >= count - 1;
  const slide = comic.slides[index];
  const nextRef = useRef<HTMLButtonElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);

  const go = (to: number) => {
    if (to < 0 || to >= count) return;
    playClick();
    setIndex(to);
  };

  // Keep focus on a control that still exists when the last slide swaps Next for OK.
  useEffect(() => {
    if (last) okRef.current?.focus();
    else if (document.activeElement === document.body || !document.activeElement)
      nextRef.current?.focus();
  }, [last]);

  useEffect(() => {
    nextRef.current?.focus();
  }, []);

  // Fetch the next slide early so it is ready to fade in.
  useEffect(() => {
    if (index + 1 < count && typeof Image !== "undefined") {
      const img = new Image();
      img.src = slideUrl(comic, index + 1);
    }
  }, [comic, index, count]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        onSkip();
      } else if (e.key === "ArrowRight") go(index + 1);
      else if (e.key === "ArrowLeft") go(index - 1);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });

  return (
    <div
      className="story-comic"
      role="dialog"
      aria-modal="true"
      aria-label={title}
      data-testid="story-comic"
    >
      <div className="story-comic__frame">
        {slide && !failed[index] ? (
          <img
            key={index}
            className="story-comic__slide"
            src={slideUrl(comic, index)}
            alt={slide.caption}
            draggable={false}
            onError={() => setFailed((f) => ({ ...f, [index]: true }))}
            data-testid="story-comic-slide"
            data-slide={comic.first + index}
          />
        ) : (
          <div
            key={index}
            className="story-comic__slide story-comic__slide--text"
            data-testid="story-comic-slide"
            data-slide={comic.first + index}
          >
            <p>{slide?.caption}</p>
          </div>
        )}
      </div>

      <p className="story-comic__title" aria-hidden="true">
        {title}
      </p>
      <p className="story-comic__counter" aria-live="polite" data-testid="story-comic-counter">
        <span className="visually-hidden">Slide </span>
        {index + 1} / {count}
      </p>

      <button
        type="button"
        className="story-comic__arrow story-comic__arrow--prev"
        onClick={() => go(index - 1)}
        disabled={index === 0}
        aria-label="Previous slide"
        data-testid="story-comic-prev"
      >
        <span aria-hidden="true">‹</span>
      </button>
      {!last && (
        <button
          type="button"
          ref={nextRef}
          className="story-comic__arrow story-comic__arrow--next"
          onClick={() => go(index + 1)}
          aria-label="Next slide"
          data-testid="story-comic-next"
        >
          <span aria-hidden="true">›</span>
        </button>
      )}

      <div className="story-comic__actions">
        <button
          type="button"
          className="btn btn--ghost story-comic__skip"
          title="Back to the boss window"
          onClick={() => {
            playClick();
            onSkip();
          }}
          data-testid="story-comic-skip"
        >
          Skip
        </button>
        {last && (
          <span id="story-comic-ok-hint" className="story-comic__ok-hint">
            {okHint}
          </span>
        )}
        {last && (
          <button
            type="button"
            ref={okRef}
            className={`btn btn--gold story-comic__ok${busy ? " is-busy" : ""}`}
            onClick={() => {
              if (busy) return;
              playClick();
              onDone();
            }}
            disabled={busy}
            aria-busy={busy}
            aria-describedby="story-comic-ok-hint"
            data-testid="story-comic-ok"
          >
            OK
          </button>
        )}
      </div>
    </div>
  );
}
