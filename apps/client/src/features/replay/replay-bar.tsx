import { useEffect, useRef } from "react";
import { playClick } from "../../lib/audio.ts";
import { useBattleStore } from "../../stores/battle-store.ts";
import { REPLAY_SPEEDS, stepCaption, turnAt, turnMarks } from "./replay-model.ts";
import {
  closeReplay,
  jumpToTurn,
  setSpeed,
  shareReplay,
  stepBack,
  stepForward,
  togglePlay,
  useReplayPlayer,
} from "./replay-player.ts";
// The replay's stylesheet, split by subject: imported in this order, which is its cascade.
import "./replay-bar.css";
import "./replay-history.css";

/** The controls' glyphs, drawn (the game's fonts have no media symbols). */
function Glyph({ kind }: { kind: "back" | "forward" | "play" | "pause" }) {
  const path =
    kind === "back"
      ? "M6 5h2.5v14H6zM19 5v14L9.5 12z"
      : kind === "forward"
        ? "M15.5 5H18v14h-2.5zM5 5v14l9.5-7z"
        : kind === "play"
          ? "M7 4.5v15l12.5-7.5z"
          : "M6.5 5h4v14h-4zM13.5 5h4v14h-4z";
  return (
    <svg className="replay-btn__glyph" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}

/** The shortcut keys of the viewer (aria-keyshortcuts names them on the buttons). */
const KEYS = { toggle: ["k", " "], back: ["j", ","], forward: ["l", "."] } as const;

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.isContentEditable);
}

/** Space/K play or pause, J or comma back, L or period forward. */
function useReplayKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented || isTyping(e.target)) return;
      const key = e.key.toLowerCase();
      // Space on a focused button presses that button, as everywhere else.
      if (key === " " && (e.target as HTMLElement | null)?.tagName === "BUTTON") return;
      if ((KEYS.toggle as readonly string[]).includes(key)) togglePlay();
      else if ((KEYS.back as readonly string[]).includes(key)) stepBack();
      else if ((KEYS.forward as readonly string[]).includes(key)) void stepForward();
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

function resultLine(
  winner: "player" | "cpu" | null | undefined,
  player: string,
  opponent: string,
): string {
  if (winner === "player") return `${player} won`;
  if (winner === "cpu") return `${opponent} won`;
  return "A draw: both castles stand";
}

/** The caption: which turn, what the step was, and at the end who won. */
function Caption() {
  const replay = useReplayPlayer((s) => s.replay);
  const cursor = useReplayPlayer((s) => s.cursor);
  const end = useBattleStore((s) => s.endGame);
  if (!replay) return null;
  const step = replay.steps[cursor];
  const names = { player: replay.player.name, opponent: replay.opponent.name };
  const last = cursor >= replay.steps.length - 1;
  return (
    <p className="replay-bar__caption" aria-live="polite" data-testid="replay-caption">
      <span className="replay-bar__step">
        Action {cursor} of {replay.steps.length - 1}
      </span>
      <span className="replay-bar__what">
        {last && end
          ? resultLine(end.winner, names.player, names.opponent)
          : stepCaption(step, names)}
      </span>
    </p>
  );
}

/** The turn scrubber: a slider over the turns, a tick per turn. */
function Scrubber() {
  const replay = useReplayPlayer((s) => s.replay);
  const cursor = useReplayPlayer((s) => s.cursor);
  if (!replay) return null;
  const marks = turnMarks(replay.steps);
  const first = marks[0]?.turn ?? 0;
  const lastTurn = marks[marks.length - 1]?.turn ?? first;
  const turn = turnAt(replay.steps, cursor);
  const span = Math.max(1, lastTurn - first);
  return (
    <div className="replay-scrub">
      <label className="replay-scrub__label" htmlFor="replay-scrub">
        Turn <b data-testid="replay-turn">{turn}</b> / {lastTurn}
      </label>
      <div className="replay-scrub__track">
        <span className="replay-scrub__ticks" aria-hidden="true">
          {marks.map((m) => (
            <span
              key={m.turn}
              className={`replay-scrub__tick${m.turn <= turn ? " replay-scrub__tick--past" : ""}`}
              style={{ left: `${((m.turn - first) / span) * 100}%` }}
            />
          ))}
        </span>
        <input
          id="replay-scrub"
          className="replay-scrub__range"
          type="range"
          min={first}
          max={lastTurn}
          step={1}
          value={turn}
          disabled={marks.length < 2}
          aria-valuetext={`Turn ${turn} of ${lastTurn}`}
          data-testid="replay-scrubber"
          onChange={(e) => jumpToTurn(Number(e.currentTarget.value))}
        />
      </div>
    </div>
  );
}

function ShareBox() {
  const share = useReplayPlayer((s) => s.share);
  const sharing = useReplayPlayer((s) => s.sharing);
  const error = useReplayPlayer((s) => s.shareError);
  const field = useRef<HTMLInputElement>(null);
  if (!share && !error) return null;
  return (
    <div className="replay-share panel" data-testid="replay-share" role="status">
      {share ? (
        <>
          <p className="replay-share__head">
            {share.copied ? "Link copied. Send it to a friend:" : "Copy this link and send it:"}
          </p>
          <input
            ref={field}
            className="field__input replay-share__link"
            readOnly
            value={share.url}
            aria-label="Replay link"
            data-testid="replay-share-link"
            onFocus={(e) => e.currentTarget.select()}
          />
        </>
      ) : null}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {sharing && <span className="visually-hidden">Sharing…</span>}
    </div>
  );
}

/**
 * The replay viewer's controls on the battle screen (issue 16): play/pause,
 * one action back and forward, speed, the turn scrubber, Share and Close.
 * The board around them is the battle's own, read-only.
 */
export function ReplayBar() {
  const playing = useReplayPlayer((s) => s.playing);
  const cursor = useReplayPlayer((s) => s.cursor);
  const steps = useReplayPlayer((s) => s.replay?.steps.length ?? 1);
  const speed = useReplayPlayer((s) => s.speed);
  const sharing = useReplayPlayer((s) => s.sharing);
  const shared = useReplayPlayer((s) => s.share !== null);
  const playRef = useRef<HTMLButtonElement>(null);
  useReplayKeys();

  useEffect(() => {
    playRef.current?.focus();
  }, []);

  const atEnd = cursor >= steps - 1;
  return (
    <section className="replay-bar" aria-label="Replay controls" data-testid="replay-bar">
      <div className="replay-bar__deck panel">
        <h2 className="replay-bar__title">Replay</h2>
        <Caption />
        <div className="replay-bar__buttons">
          <button
            type="button"
            className="replay-btn"
            aria-label="One action back (J)"
            aria-keyshortcuts="J"
            disabled={cursor <= 0}
            data-testid="replay-back"
            onClick={() => stepBack()}
          >
            <Glyph kind="back" />
          </button>
          <button
            ref={playRef}
            type="button"
            className="replay-btn replay-btn--main"
            aria-label={
              playing ? "Pause (K)" : atEnd ? "Play again from the start (K)" : "Play (K)"
            }
            aria-keyshortcuts="K"
            data-testid="replay-play"
            data-playing={playing ? "true" : "false"}
            onClick={() => {
              playClick();
              togglePlay();
            }}
          >
            <Glyph kind={playing ? "pause" : "play"} />
          </button>
          <button
            type="button"
            className="replay-btn"
            aria-label="One action forward (L)"
            aria-keyshortcuts="L"
            disabled={atEnd}
            data-testid="replay-forward"
            onClick={() => void stepForward()}
          >
            <Glyph kind="forward" />
          </button>
        </div>
        <fieldset className="replay-bar__speeds">
          <legend className="visually-hidden">Speed</legend>
          {REPLAY_SPEEDS.map((s) => (
            <button
              key={s}
              type="button"
              className="cv-pill replay-speed"
              aria-pressed={speed === s}
              aria-label={`Speed ${s}x`}
              data-testid={`replay-speed-${s}`}
              onClick={() => setSpeed(s)}
            >
              {s}x
            </button>
          ))}
        </fieldset>
      </div>
      <div className="replay-bar__foot panel">
        <Scrubber />
        <div className="replay-bar__exits">
          <button
            type="button"
            className="btn btn--purple replay-bar__share"
            disabled={sharing}
            data-testid="replay-share-button"
            onClick={() => {
              playClick();
              void shareReplay();
            }}
          >
            {sharing ? "Sharing…" : shared ? "Copy link" : "Share"}
          </button>
          <button
            type="button"
            className="btn btn--ghost replay-bar__close"
            data-testid="replay-close"
            onClick={() => {
              playClick();
              closeReplay();
            }}
          >
            Close
          </button>
        </div>
      </div>
      <ShareBox />
    </section>
  );
}
