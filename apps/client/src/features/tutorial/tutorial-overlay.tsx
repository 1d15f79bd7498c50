import {
  GUIDE_NAME,
  TUTORIAL_SKIP_LABEL,
  TUTORIAL_SKIP_LESSON_LABEL,
  type TutorialLine,
} from "@cardrealm/content";
import { useEffect, useMemo, useState } from "react";
import { useStageSize } from "../../app/stage.tsx";
import { playClick } from "../../lib/audio.ts";
import { useTypedText } from "../../lib/use-typed-text.ts";
import { useAppStore } from "../../stores/app-store.ts";
import { CONTINUE_STEPS, isBattleStep } from "../../stores/tutorial-machine.ts";
import {
  finishTutorial,
  tutorialEvent,
  useTutorialCause,
  useTutorialRunning,
} from "../../stores/tutorial-state.ts";
import { GuideSprite } from "./guide-sprite.tsx";
import { speak, stopSpeaking } from "./speech.ts";
import { dockPlacement, tutorialLine } from "./tutorial-lines.ts";
import { findTarget, newCardsOf, revealTarget, stepFocus } from "./tutorial-targets.ts";
import "./tutorial.css";

const SKIP_STEPS = new Set(["intro", "Welcome10"]);
const LESSON_STEPS = new Set([
  "PlayFirstCard40",
  "PlaySecondCard50",
  "SelectAttack60",
  "PlaySpellCard70",
  "SpellTarget75",
]);
const PAD = 6;

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  /** The highlighted element's test id (for tests and debugging). */
  of?: string;
}

/**
 * A viewport box in the overlay's own coordinates. The overlay lives inside
 * the stage, which is scaled to the window (product.md: zoom by window
 * height), so a box measured on screen is moved to the stage's origin and
 * divided by its scale before the overlay draws it.
 */
export function toOverlaySpace(
  box: { left: number; top: number; width: number; height: number },
  overlay: HTMLElement | null,
): Rect {
  const origin = overlay?.getBoundingClientRect();
  const scale =
    overlay && origin && overlay.offsetWidth > 0 ? origin.width / overlay.offsetWidth : 1;
  const ox = origin?.left ?? 0;
  const oy = origin?.top ?? 0;
  return {
    x: (box.left - ox) / scale,
    y: (box.top - oy) / scale,
    w: box.width / scale,
    h: box.height / scale,
  };
}

/**
 * The highlighted element's box, re-measured as the screen moves; null without
 * one. A target found out of its slider's view is brought into view.
 */
function useTargetRect(targets: readonly string[]): Rect | null {
  const [rect, setRect] = useState<Rect | null>(null);
  const key = targets.join("|");
  useEffect(() => {
    const list = key ? key.split("|") : [];
    // Brought into view whenever it is out of it (a slider going back to its start as
    // its screen settles, or sorts, would hide it again) until the player touches,
    // scrolls or types anything: then the slider is theirs.
    let playerMoved = false;
    const moved = () => {
      playerMoved = true;
    };
    const inputs = ["pointerdown", "wheel", "keydown"] as const;
    for (const type of inputs) window.addEventListener(type, moved, true);
    const measure = () => {
      const el = findTarget(list);
      if (el && !playerMoved) revealTarget(el);
      const r = el?.getBoundingClientRect();
      const overlay = document.querySelector<HTMLElement>("[data-tutorial-overlay]");
      const next = r
        ? { ...toOverlaySpace(r, overlay), of: el?.getAttribute("data-testid") ?? "" }
        : null;
      setRect((prev) =>
        prev?.x === next?.x &&
        prev?.y === next?.y &&
        prev?.w === next?.w &&
        prev?.h === next?.h &&
        prev?.of === next?.of
          ? prev
          : next,
      );
    };
    measure();
    const timer = setInterval(measure, 200);
    window.addEventListener("resize", measure);
    return () => {
      clearInterval(timer);
      window.removeEventListener("resize", measure);
      for (const type of inputs) window.removeEventListener(type, moved, true);
    };
  }, [key]);
  return rect;
}

/** The battle screen's phase (a discard must stay possible under a blocking step). */
function useBattlePhase(onBattleScreen: boolean): string | null {
  const [phase, setPhase] = useState<string | null>(null);
  useEffect(() => {
    if (!onBattleScreen) return;
    const read = () =>
      setPhase(
        document.querySelector('[data-testid="battle-screen"]')?.getAttribute("data-phase") ?? null,
      );
    read();
    const timer = setInterval(read, 250);
    return () => clearInterval(timer);
  }, [onBattleScreen]);
  return onBattleScreen ? phase : null;
}

/** Four dim panes around the hole (or one over everything); they take the clicks. */
function Shield({ hole, onClick }: { hole: Rect | null; onClick: () => void }) {
  if (!hole) {
    return (
      <div
        className="tutorial-shield"
        style={{ inset: 0 }}
        onClick={onClick}
        data-testid="tutorial-shield"
        aria-hidden="true"
      />
    );
  }
  const top = Math.max(0, hole.y - PAD);
  const left = Math.max(0, hole.x - PAD);
  const right = hole.x + hole.w + PAD;
  const bottom = hole.y + hole.h + PAD;
  const panes = [
    { left: 0, top: 0, right: 0, height: top },
    { left: 0, top: bottom, right: 0, bottom: 0 },
    { left: 0, top, width: left, height: bottom - top },
    { left: right, top, right: 0, height: bottom - top },
  ];
  return (
    <>
      {panes.map((style, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: four fixed panes
          key={i}
          className="tutorial-shield"
          style={style}
          onClick={onClick}
          data-testid="tutorial-shield"
          aria-hidden="true"
        />
      ))}
    </>
  );
}

function Bubble({
  step,
  line,
  canContinue,
}: {
  step: string;
  line: TutorialLine;
  canContinue: boolean;
}) {
  const { shown, done } = useTypedText(line.text);
  const playMusic = useAppStore((s) => s.music.playMusic);
  useEffect(() => {
    if (playMusic) speak(line.text);
    return () => stopSpeaking();
  }, [line.text, playMusic]);
  return (
    <div className="tutorial-bubble" data-testid="tutorial-bubble">
      <GuideSprite talking={!done} />
      <div className="tutorial-bubble__body">
        <p className="tutorial-bubble__name">{GUIDE_NAME}</p>
        {/* The whole line, unseen, holds the bubble at its final size while the text types
            (the bubble grew line by line: layout shifts and a re-layout per character). */}
        <div className="tutorial-bubble__textbox">
          <p className="tutorial-bubble__text tutorial-bubble__text--ghost" aria-hidden="true">
            {line.text}
          </p>
          <p
            className="tutorial-bubble__text"
            data-testid="tutorial-text"
            data-done={done ? "true" : "false"}
            aria-live="polite"
          >
            {shown}
            {!done && <span className="tutorial-bubble__caret" aria-hidden="true" />}
          </p>
        </div>
        <div className="tutorial-bubble__actions">
          {SKIP_STEPS.has(step) && (
            <button
              type="button"
              className="btn tutorial-bubble__skip"
              data-testid="tutorial-skip"
              onClick={() => {
                playClick();
                finishTutorial();
              }}
            >
              {TUTORIAL_SKIP_LABEL}
            </button>
          )}
          {done && LESSON_STEPS.has(step) && (
            <button
              type="button"
              className="btn tutorial-bubble__skip"
              data-testid="tutorial-skip-lesson"
              onClick={() => tutorialEvent("skip-lesson")}
            >
              {TUTORIAL_SKIP_LESSON_LABEL}
            </button>
          )}
          {canContinue && line.next && done && (
            <button
              type="button"
              className="btn btn--gold tutorial-bubble__next"
              data-testid="tutorial-continue"
              onClick={() => {
                playClick();
                tutorialEvent("continue");
              }}
            >
              {line.next}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/** The guide over every screen while the tutorial runs and is not paused. */
export function TutorialOverlay() {
  const running = useTutorialRunning();
  const live = useAppStore((s) => s.tutorial);
  const route = useAppStore((s) => s.route);
  const dialogOpen = useAppStore((s) => s.systemMessage.isVisible);
  const beaten = useAppStore((s) => s.user?.maps);
  const library = useAppStore((s) => s.user?.library);
  const cause = useTutorialCause(live.step);
  const newCards = useMemo(() => (library ? newCardsOf(library) : []), [library]);
  const onBattleScreen = route === "game";
  const battleStep = isBattleStep(live.step);
  const focus = stepFocus(live.step, onBattleScreen, battleStep, newCards);
  const rect = useTargetRect(running && live.isActive ? focus.targets : []);
  const phase = useBattlePhase(onBattleScreen);
  const [nudge, setNudge] = useState(0);
  const stage = useStageSize();
  if (!running || !live.isActive) return null;

  const waiting = battleStep && !onBattleScreen;
  const line = tutorialLine(live.step, { waiting, beaten: beaten ?? [], cause });
  if (!line) return null;
  const blocks = focus.blocks && phase !== "discard_card" && !dialogOpen;
  // The overlay's own size: the stage's design size as the stage drew it (reading the
  // drawn overlay's offsetWidth, or the window's innerWidth, here forced a layout on every render).
  const { width: vw, height: vh } = stage;
  // The guide sits away from what she points at (and, in battle, off the board).
  const placement = dockPlacement({
    onBattleScreen,
    blocks: focus.blocks && phase !== "discard_card",
    target: rect,
    width: vw,
    height: vh,
  });
  const dockClass =
    placement === "battle-low"
      ? "tutorial-dock--battle"
      : placement === "battle-aside"
        ? "tutorial-dock--aside"
        : placement
            .split("-")
            .map((p) => `tutorial-dock--${p}`)
            .join(" ");
  const arrowBelow = rect !== null && rect.y < 56;

  return (
    <div
      className="tutorial"
      data-testid="tutorial-overlay"
      data-tutorial-overlay=""
      data-step={live.step}
    >
      {blocks && (
        <Shield
          hole={rect}
          onClick={() => {
            if (live.step === "Final150") tutorialEvent("map-click");
            else setNudge((n) => n + 1);
          }}
        />
      )}
      {rect && (
        <div
          className="tutorial-ring"
          data-testid="tutorial-highlight"
          data-target={rect.of}
          style={{
            left: rect.x - PAD,
            top: rect.y - PAD,
            width: rect.w + PAD * 2,
            height: rect.h + PAD * 2,
          }}
          aria-hidden="true"
        >
          <span
            className={`tutorial-ring__arrow${arrowBelow ? " tutorial-ring__arrow--below" : ""}`}
          >
            {arrowBelow ? "▲" : "▼"}
          </span>
        </div>
      )}
      <div
        className={`tutorial-dock ${dockClass}${nudge ? ` tutorial-dock--nudge-${nudge % 2}` : ""}`}
        data-testid="tutorial-dock"
        data-placement={placement}
        // Aside the board the bubble never takes a click meant for a cell or a
        // card under it; its own buttons still do (tutorial.css).
        style={placement === "battle-aside" ? { pointerEvents: "none" } : undefined}
      >
        <Bubble
          key={waiting ? "waiting" : live.step}
          step={live.step}
          line={line}
          canContinue={CONTINUE_STEPS.has(live.step) && !waiting}
        />
      </div>
    </div>
  );
}
