import { useEffect, useRef, useState } from "react";
import { opponentPortrait } from "../../components/art/portrait.ts";
import { isCompactScreen } from "../../lib/device.ts";
import { formatGems } from "../../lib/format.ts";
import { useAppStore } from "../../stores/app-store.ts";
import { useBattleStore } from "../../stores/battle-store.ts";
import { ArenaResultLines } from "./arena-result.tsx";
import { BattleCard } from "./battle-card.tsx";
import { battleCard } from "./battle-cards.ts";
import { zoneTakes } from "./battle-hand.tsx";
import { finishBattle, isPracticeBattle } from "./battle-lifecycle.ts";
import { fxElementOf } from "./battle-motion.ts";
import { useBattleSlots } from "./battle-slots.tsx";
import { closeZoom, useDrag } from "./drag-store.ts";
import { endReasonText } from "./end-reason.ts";
import { parseZone } from "./pointer.ts";
import { UnpaidNote } from "./unpaid-note.tsx";

/** "Enemy turn!", "Your turn!", "Discard a card!" */
export function BattleMessageBanner() {
  const message = useBattleStore((s) => s.message);
  return (
    <div className="battle-message-slot" aria-live="assertive">
      {message && (
        <div
          key={message.id}
          className={`battle-message battle-message--${message.kind}`}
          data-testid="battle-message"
          role="status"
        >
          <span className="battle-message__text">{message.text}</span>
        </div>
      )}
    </div>
  );
}

/** The opponent's played card, big, for 2000 ms; the player's spell while it resolves. */
export function PlayedCards() {
  const cpuCard = useBattleStore((s) => s.cpuCard);
  const cast = useBattleStore((s) => s.playerCast);
  const enemy = cpuCard ? battleCard(cpuCard.card) : null;
  const mine = cast ? battleCard(cast.card) : null;
  return (
    <>
      {cpuCard && enemy && (
        <div
          key={cpuCard.id}
          className={`played-card played-card--cpu fx--${fxElementOf(cpuCard.card)}`}
          data-testid="cpu-played-card"
          role="status"
          aria-label={`Enemy plays ${enemy.name}`}
        >
          <span className="played-card__label">Enemy plays</span>
          <BattleCard card={enemy} size="big" hideFlavor={isCompactScreen()} />
        </div>
      )}
      {cast && mine && (
        <div
          key={cast.id}
          className={`played-card played-card--player fx--${fxElementOf(cast.card)}`}
          data-testid="player-cast"
          role="status"
          aria-label={`You cast ${mine.name}`}
        >
          <span className="played-card__aura" aria-hidden="true" />
          <BattleCard card={mine} size="big" hideFlavor={isCompactScreen()} />
        </div>
      )}
    </>
  );
}

/** The dragged card under the pointer. */
export function DragGhost() {
  const drag = useDrag((d) => d.drag);
  const zone = useDrag((d) => d.over);
  // Over a place or a target that takes the card: it lifts off so the target shows.
  const over = useBattleStore((s) => zoneTakes(parseZone(zone), s));
  const card = drag ? battleCard(drag.card) : null;
  if (!drag || !card) return null;
  return (
    <div
      className={`drag-ghost${over ? " drag-ghost--over" : ""}`}
      style={{ left: drag.x, top: drag.y }}
      aria-hidden="true"
      data-testid="drag-ghost"
    >
      <BattleCard card={card} playable />
    </div>
  );
}

/** A card shown big: a long press on touch, so every card can be read on a phone. */
export function CardPreview() {
  const preview = useDrag((d) => d.preview);
  const card = preview ? battleCard(preview.card) : null;
  if (!preview || !card) return null;
  return (
    <div
      className={`card-preview card-preview--${preview.side}`}
      data-testid="card-preview"
      aria-hidden="true"
    >
      <BattleCard
        card={card}
        size={isCompactScreen() ? "huge" : "big"}
        hideFlavor={isCompactScreen()}
      />
    </div>
  );
}

/**
 * A card tapped open on the phone layout, large enough to read (battle-phone.css,
 * "Phone"): read-only. The next tap closes it: a tap on the card itself does
 * nothing else, a tap elsewhere goes on to what it touched (so the zoom never
 * stands between the player and the board). Escape closes it too.
 */
export function CardZoom() {
  const zoom = useDrag((d) => d.zoom);
  const ref = useRef<HTMLDivElement>(null);
  const card = zoom ? battleCard(zoom.card) : null;

  useEffect(() => {
    if (!zoom) return;
    const swallowClick = (e: Event) => {
      e.stopPropagation();
      e.preventDefault();
      window.removeEventListener("click", swallowClick, true);
    };
    const onDown = (e: PointerEvent) => {
      const inside = ref.current?.contains(e.target as Node) ?? false;
      closeZoom();
      if (inside) {
        e.stopPropagation();
        window.addEventListener("click", swallowClick, true);
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        closeZoom();
      }
    };
    window.addEventListener("pointerdown", onDown, true);
    window.addEventListener("keydown", onKey, true);
    return () => {
      window.removeEventListener("pointerdown", onDown, true);
      window.removeEventListener("keydown", onKey, true);
      // The swallowing of the closing tap's click ends with that click (or the next frame).
      setTimeout(() => window.removeEventListener("click", swallowClick, true), 1000);
    };
  }, [zoom]);

  if (!zoom || !card) return null;
  return (
    <div
      ref={ref}
      className={`card-zoom card-zoom--${zoom.side}`}
      data-testid="card-zoom"
      role="dialog"
      aria-label={`${card.name}, shown large`}
    >
      <BattleCard card={card} size="huge" hideFlavor />
    </div>
  );
}

/** Victory, defeat or a draw, the gems won, and the way out. */
export function EndGamePanel() {
  const show = useBattleStore((s) => s.showEndPanel);
  const end = useBattleStore((s) => s.endGame);
  const cpuId = useBattleStore((s) => s.shown?.cpuId ?? 0);
  const cpuName = useBattleStore((s) => s.shown?.cpu.name ?? "");
  const premium = useAppStore((s) => s.user?.premium === true);
  // A deck challenge shows no rewards; it offers the deck and another try instead.
  const practice = useBattleStore((s) => isPracticeBattle(s));
  // A friendly game pays nothing: it offers a rematch instead (features/friends).
  const friendly = useBattleStore((s) => s.shown?.friendly === true);
  const gameId = useBattleStore((s) => s.shown?.gameId ?? "");
  useAppStore((s) => s.practice);
  const slots = useBattleSlots();
  const [leaving, setLeaving] = useState<"continue" | "replay" | null>(null);
  const ok = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (show) ok.current?.focus();
  }, [show]);

  if (!show || !end) return null;
  const outcome = end.winner === "player" ? "victory" : end.winner === "cpu" ? "defeat" : "draw";
  const title = outcome === "victory" ? "Victory" : outcome === "defeat" ? "Defeat" : "Draw";
  const gems = end.result?.rewards.silver ?? 0;
  const bonus = end.result?.sesason_pass_bonus;
  const reason = endReasonText(end, cpuName);
  return (
    <div className="end-game__backdrop">
      <div
        className={`end-game panel end-game--${outcome}${practice ? " end-game--practice" : ""}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="end-game-title"
        data-testid="end-game-panel"
        data-outcome={outcome}
      >
        <div className="end-game__rays" aria-hidden="true" />
        <img
          className="end-game__portrait"
          src={opponentPortrait(cpuId, cpuName)}
          alt=""
          draggable={false}
        />
        <h2 id="end-game-title" className="end-game__title">
          {title}
        </h2>
        <p className="end-game__reason" data-testid="end-game-reason">
          {reason}
        </p>
        {practice ? (
          slots.practiceEnd
        ) : friendly ? (
          slots.rematch?.(gameId)
        ) : (
          <div className="end-game__reward" data-testid="end-game-reward">
            <img src="/static/media/gem.svg" alt="" className="end-game__gem" />
            <span>
              <b>+{formatGems(gems)}</b> gems
            </span>
          </div>
        )}
        {!practice && <UnpaidNote unpaid={end.result?.unpaid} />}
        {!practice && <ArenaResultLines result={end.result} />}
        {!practice && !friendly && !premium && bonus !== undefined && (
          <p className="end-game__bonus" data-testid="end-game-bonus">
            With Season Pass: {formatGems(bonus)}
          </p>
        )}
        <div className="end-game__exits">
          <button
            type="button"
            className="btn btn--purple end-game__replay"
            data-testid="end-game-replay"
            disabled={leaving !== null}
            onClick={() => {
              setLeaving("replay");
              void finishBattle("replay").finally(() => setLeaving(null));
            }}
          >
            {leaving === "replay" ? "…" : "Watch replay"}
          </button>
          <button
            type="button"
            ref={ok}
            className="btn btn--gold end-game__ok"
            data-testid="end-game-ok"
            disabled={leaving !== null}
            onClick={() => {
              setLeaving("continue");
              void finishBattle().finally(() => setLeaving(null));
            }}
          >
            {leaving === "continue" ? "…" : "Continue"}
          </button>
        </div>
      </div>
    </div>
  );
}
