import type { DialogueLine } from "@cardrealm/content";
import { useEffect, useId, useRef, useState } from "react";
import { ArtImage } from "../../components/art/art-image.tsx";
import { playClick } from "../../lib/audio.ts";
import { useTypedText } from "../../lib/use-typed-text.ts";

export interface DialogueProps {
  lines: readonly DialogueLine[];
  /** The opponent who speaks the "opponent" lines. */
  opponent: { id: number; name: string } | null;
  /** What the last line's OK does (start the battle, or back to the chapter). */
  onDone: () => void;
  /** Close without finishing (Escape, the close button). */
  onClose: () => void;
  /** Disables OK while the battle is being started. */
  busy?: boolean;
  /** Shown above the portrait, e.g. "Before the battle". */
  kicker?: string;
}

const SPEAKER_NAME = { hero: "You", narrator: "" } as const;

/**
 * A story dialogue (product.md section 2): each line typed out at 30 ms per
 * character; a click on the text finishes it; OK goes to the next line and,
 * after the last, runs the action.
 */
export function Dialogue({ lines, opponent, onDone, onClose, busy, kicker }: DialogueProps) {
  const [index, setIndex] = useState(0);
  const line = lines[Math.min(index, lines.length - 1)];
  const text = line?.text ?? "";
  const { shown, done, finish } = useTypedText(text);
  const okRef = useRef<HTMLButtonElement>(null);
  const textId = useId();
  const last = index >= lines.length - 1;

  useEffect(() => {
    okRef.current?.focus();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        onClose();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);

  const ok = () => {
    if (busy) return;
    playClick();
    if (!done) {
      finish();
      return;
    }
    if (last) onDone();
    else setIndex((i) => i + 1);
  };

  const speaker = line?.speaker ?? "narrator";
  const name = speaker === "opponent" ? (opponent?.name ?? "") : SPEAKER_NAME[speaker];
  const showPortrait = speaker === "opponent" && opponent;

  return (
    <div className="story-dialogue__backdrop" data-testid="story-dialogue-layer">
      <section
        className={`story-dialogue panel story-dialogue--${speaker}`}
        role="dialog"
        aria-modal="true"
        aria-label={name ? `${name} speaks` : "Story"}
        aria-describedby={textId}
        data-testid="story-dialogue"
      >
        {showPortrait && (
          <div className="story-dialogue__portrait" aria-hidden="true">
            <ArtImage
              className="story-dialogue__portrait-art"
              src={`/static/media/opponent-${opponent.id}.webp`}
              alt=""
              fallback={<span className="story-dialogue__portrait-fallback">☠</span>}
            />
          </div>
        )}
        <div className="story-dialogue__body">
          {kicker && <p className="story-dialogue__kicker">{kicker}</p>}
          {name && (
            <p className="story-dialogue__name" data-testid="story-dialogue-speaker">
              {name}
            </p>
          )}
          {/* A click on the text finishes typing; the button inside makes it keyboard-reachable. */}
          <button
            type="button"
            className="story-dialogue__text"
            onClick={finish}
            aria-label={done ? text : "Show the whole line"}
            data-testid="story-dialogue-text"
            data-done={done}
          >
            <span aria-hidden="true">{shown}</span>
            {!done && <span className="story-dialogue__caret" aria-hidden="true" />}
          </button>
          <p id={textId} className="visually-hidden" aria-live="polite">
            {text}
          </p>
          <div className="story-dialogue__actions">
            {lines.length > 1 && (
              <span className="story-dialogue__count" aria-hidden="true">
                {index + 1} / {lines.length}
              </span>
            )}
            <button
              type="button"
              className="btn btn--ghost story-dialogue__close"
              onClick={() => {
                playClick();
                onClose();
              }}
              data-testid="story-dialogue-close"
            >
              Close
            </button>
            <button
              type="button"
              ref={okRef}
              className={`btn btn--gold story-dialogue__ok${busy ? " is-busy" : ""}`}
              onClick={ok}
              disabled={busy}
              aria-busy={busy}
              data-testid="story-dialogue-ok"
            >
              OK
            </button>
          </div>
        </div>
      </section>
    </div>
  );
}
