import { type ReactNode, useEffect, useRef } from "react";
import { setMusicOn, setSoundEffectsOn, useAppStore } from "../../stores/app-store.ts";
import { useBattleStore } from "../../stores/battle-store.ts";
import { GearIcon, SwordIcon } from "./battle-icons.tsx";
import {
  allAttack,
  cancelPick,
  endTurn,
  setMenuOpen,
  surrender,
  surrenderBlocked,
} from "./battle-intents.ts";
import { setBattleSpeed, useBattleSpeed } from "./battle-speed.ts";
import { TURN_SECONDS } from "./battle-timings.ts";
import { clockText } from "./battle-view.ts";
import { canAct, currentPlays } from "./play-options.ts";
import { type RingHalf, ringHalves } from "./timer-ring.ts";

export function EndTurnButton() {
  const acting = useBattleStore((s) => canAct(s) && s.phase !== "discard_card");
  const phase = useBattleStore((s) => s.phase);
  const awaiting = useBattleStore((s) => s.awaiting || s.animating);
  const enemy = useBattleStore((s) => s.shown?.active === "cpu" || s.phase === "enemy_turn");
  // Nothing left to do: no playable card and no unit that could still be flagged.
  const done = useBattleStore(
    (s) =>
      canAct(s) &&
      currentPlays(s).length === 0 &&
      (s.shown?.player.table ?? []).every((u, cell) => !u?.ready || s.attack[cell]),
  );
  const text =
    phase === "discard_card"
      ? "Discard"
      : enemy
        ? "Enemy turn"
        : awaiting && !acting
          ? "Wait…"
          : "End turn";
  return (
    <button
      type="button"
      className={`end-turn${done ? " end-turn--ready" : ""}${enemy ? " end-turn--enemy" : ""}`}
      data-testid="end-turn"
      disabled={!acting}
      aria-keyshortcuts="E"
      aria-label={enemy ? "Enemy turn" : "End turn (E)"}
      onClick={() => endTurn()}
    >
      <span className="end-turn__text">{text}</span>
    </button>
  );
}

export function AllAttackButton() {
  const any = useBattleStore(
    (s) =>
      canAct(s) &&
      s.phase !== "discard_card" &&
      (s.shown?.player.table ?? []).some((u, cell) => u?.ready && !s.attack[cell]),
  );
  return (
    <button
      type="button"
      className="all-attack btn btn--purple"
      data-testid="all-attack"
      disabled={!any}
      aria-keyshortcuts="Shift+A"
      aria-label="All attack (Shift+A): set every ready unit to attack"
      onClick={() => allAttack()}
    >
      <SwordIcon />
      All attack
    </button>
  );
}

/** One half of the timer's ring: a half ring turned into its clip by `half.deg`. */
function RingHalfView({ side, half }: { side: "left" | "right"; half: RingHalf }) {
  return (
    <span className={`turn-timer__half turn-timer__half--${side}`} aria-hidden="true">
      <span
        className="turn-timer__arc"
        style={{
          transform: `rotate(${(45 + half.deg).toFixed(2)}deg)`,
          transitionDelay: `${Math.round(half.delayMs)}ms`,
          transitionDuration: `${Math.round(half.durationMs)}ms`,
        }}
      />
    </span>
  );
}

export function TurnTimer() {
  const timer = useBattleStore((s) => s.timer);
  if (!timer) return null;
  const full =
    timer.seat === "cpu"
      ? TURN_SECONDS.enemy
      : Math.max(timer.left, timer.turn <= 1 ? TURN_SECONDS.playerFirst : TURN_SECONDS.player);
  const warning = timer.left <= TURN_SECONDS.warning;
  const share = full > 0 ? timer.left / full : 0;
  // The timer ticks once a second: the ring sweeps from last second's share.
  const previous = full > 0 ? Math.min(1, (timer.left + 1) / full) : 0;
  const halves = ringHalves(previous, share);
  return (
    <div
      className={`turn-timer turn-timer--${timer.seat}${warning ? " turn-timer--warning" : ""}`}
      data-testid="turn-timer"
      data-warning={warning ? "true" : "false"}
      data-seat={timer.seat}
      role="timer"
      aria-label={`${timer.seat === "player" ? "Your" : "Enemy"} turn: ${timer.left} seconds left`}
    >
      <span className="turn-timer__track" aria-hidden="true" />
      <RingHalfView side="right" half={halves.right} />
      <RingHalfView side="left" half={halves.left} />
      <span className="turn-timer__text" key={warning ? timer.left : "calm"}>
        {clockText(timer.left)}
      </span>
    </div>
  );
}

export function BattleMenu() {
  const open = useBattleStore((s) => s.menuOpen);
  const blocked = useBattleStore((s) => surrenderBlocked(s));
  // Re-read the tutorial flag so the button follows it.
  useAppStore((s) => s.tutorial.isActive);
  const playMusic = useAppStore((s) => s.music.playMusic);
  // The top bar's switch (cardrealm.sfx): one setting, both places show it.
  const soundEffects = useAppStore((s) => s.soundEffects);
  const speed = useBattleSpeed();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>("button")?.focus();
  }, [open]);

  return (
    <div className="battle-menu">
      <button
        type="button"
        className="battle-menu__toggle"
        data-testid="battle-menu"
        aria-label="Battle menu"
        aria-expanded={open}
        onClick={() => setMenuOpen(!open)}
      >
        <GearIcon />
      </button>
      {open && (
        <div
          className="battle-menu__panel panel"
          ref={panel}
          role="menu"
          aria-label="Battle menu"
          data-testid="battle-menu-panel"
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.stopPropagation();
              setMenuOpen(false);
            }
          }}
        >
          <MenuSwitch testId="battle-music" on={playMusic} onToggle={() => setMusicOn(!playMusic)}>
            Music: {playMusic ? "On" : "Off"}
          </MenuSwitch>
          <MenuSwitch
            testId="battle-sfx"
            on={soundEffects}
            onToggle={() => setSoundEffectsOn(!soundEffects)}
          >
            Sound effects: {soundEffects ? "On" : "Off"}
          </MenuSwitch>
          <MenuSwitch
            testId="battle-speed"
            on={speed === 2}
            onToggle={() => setBattleSpeed(speed === 2 ? 1 : 2)}
          >
            Speed: {speed}x
          </MenuSwitch>
          <button
            type="button"
            role="menuitem"
            className="btn battle-menu__item battle-menu__surrender"
            data-testid="surrender"
            disabled={blocked}
            onClick={() => surrender()}
          >
            Surrender
          </button>
          <button
            type="button"
            role="menuitem"
            className="btn btn--purple battle-menu__item"
            onClick={() => setMenuOpen(false)}
          >
            Resume
          </button>
        </div>
      )}
    </div>
  );
}

/** What to do with the picked card (click flow and discard), with a way back. */
export function PickHint() {
  const phase = useBattleStore((s) => s.phase);
  const pick = useBattleStore((s) => s.pick);
  const acting = useBattleStore((s) => canAct(s));
  if (!acting) return null;
  let text: string | null = null;
  if (phase === "discard_card") text = "Choose a card to discard";
  else if (phase === "select_unit_target") text = "Choose an empty cell for the unit";
  else if (phase === "select_spell_target" && pick) {
    const play = currentPlays().find((p) => p.handKey === pick.handKey);
    text = play?.needsTarget
      ? pick.isUnit
        ? "Choose a target for its ability"
        : "Choose a target"
      : "Drop it on the board to cast";
  }
  if (!text) return null;
  return (
    <div className="pick-hint" data-testid="pick-hint" role="status">
      <span>{text}</span>
      <button
        type="button"
        className="pick-hint__cancel"
        aria-label="Cancel (Escape)"
        onClick={() => cancelPick()}
      >
        ✕
      </button>
    </div>
  );
}

/** One on/off item of the battle menu (music, sound effects, speed). */
function MenuSwitch(props: {
  testId: string;
  on: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="menuitemcheckbox"
      className="btn btn--ghost battle-menu__item"
      data-testid={props.testId}
      aria-checked={props.on}
      onClick={props.onToggle}
    >
      {props.children}
    </button>
  );
}
