import { SEASON_LEVELS, SEASON_TRACK, type SeasonReward } from "@cardrealm/content";
import type { ApiCard, User } from "@cardrealm/protocol";
import {
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useRef,
  useState,
} from "react";
import { GameCard } from "../../components/card/game-card.tsx";
import { openLargeCard } from "../../components/card-views/large-card-store.ts";
import { formatGems } from "../../lib/format.ts";
import { TRACK_SCROLL_MS, TRACK_VISIBLE, trackStart } from "./arena-model.ts";

/** A press moving further than this (design px) is a swipe, not a click. */
const SWIPE_PX = 10;
/** Arrow and swipe moves animate quicker than the opening auto-scroll. */
const STEP_MS = 320;

const clampFirst = (first: number) =>
  Math.max(0, Math.min(first, SEASON_TRACK.length - TRACK_VISIBLE));

/** One reward of the track: gems or a mini card, a tick when claimed, a lock when paid-only. */
export function RewardView({
  reward,
  cards,
  cardWidth,
}: {
  reward: SeasonReward;
  cards: readonly ApiCard[];
  cardWidth: number;
}) {
  if (reward.reward === "gems") {
    return (
      <span className="reward-gems">
        <span className="arena-gem arena-gem--big" aria-hidden="true" />
        <span className="reward-gems__amount">{formatGems(reward.amount)}</span>
      </span>
    );
  }
  const card = cards.find((c) => c.id === reward.card.id);
  return card ? (
    <GameCard
      card={card}
      size="mini"
      hideFlavor
      style={{ ["--gc-w" as string]: `${cardWidth}px` } as CSSProperties}
    />
  ) : (
    <span className="reward-card-fallback">Card</span>
  );
}

/** A reward on the track: a card opens large on a tap or click (its text is too small here). */
function TrackReward({
  reward,
  cards,
  level,
}: {
  reward: SeasonReward;
  cards: readonly ApiCard[];
  level: number;
}) {
  const view = <RewardView reward={reward} cards={cards} cardWidth={58} />;
  if (reward.reward !== "card") return view;
  const card = cards.find((c) => c.id === reward.card.id);
  if (!card) return view;
  return (
    <button
      type="button"
      className="season-cell__open"
      aria-label={`Level ${level}: open ${card.name}`}
      data-testid={`season-card-${level}`}
      onClick={() => openLargeCard(card)}
    >
      {view}
    </button>
  );
}

function rewardLabel(reward: SeasonReward, cards: readonly ApiCard[]): string {
  if (reward.reward === "gems") return `${formatGems(reward.amount)} gems`;
  return cards.find((c) => c.id === reward.card.id)?.name ?? "a card";
}

/**
 * The season progress track (product.md section 2): 30 levels in a
 * horizontal swipe track with 9 slides in view, auto-scrolling to the current
 * level in 1.5 s on open; a free and a paid reward per level; the paid row
 * locked without the season pass.
 */
export function SeasonTrack({
  progress,
  premium,
  cards,
}: {
  progress: User["season_progress"];
  premium: boolean;
  cards: readonly ApiCard[];
}) {
  const current = progress.currentLevel;
  const target = trackStart(current);
  const [first, setFirst] = useState(0);
  const [duration, setDuration] = useState(TRACK_SCROLL_MS);
  const [drag, setDrag] = useState(0);
  const viewport = useRef<HTMLDivElement>(null);
  const press = useRef<{ id: number; x: number; ratio: number; active: boolean } | null>(null);
  const suppressClick = useRef(false);

  // Open at the start, then glide to the current level in 1.5 s.
  useEffect(() => {
    const id = setTimeout(() => {
      setDuration(TRACK_SCROLL_MS);
      setFirst(target);
    }, 40);
    return () => clearTimeout(id);
  }, [target]);

  const go = (to: number) => {
    setDuration(STEP_MS);
    setFirst(clampFirst(to));
  };

  const slideStep = () => {
    const el = viewport.current;
    return el && el.offsetWidth > 0 ? el.offsetWidth / TRACK_VISIBLE : 130;
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const el = viewport.current;
    const rect = el?.getBoundingClientRect();
    const ratio = el && rect && rect.width > 0 ? el.offsetWidth / rect.width : 1;
    press.current = { id: e.pointerId, x: e.clientX, ratio: ratio || 1, active: false };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const p = press.current;
    if (!p || p.id !== e.pointerId) return;
    const dx = (e.clientX - p.x) * p.ratio;
    if (!p.active) {
      if (Math.abs(dx) <= SWIPE_PX) return;
      p.active = true;
      try {
        viewport.current?.setPointerCapture(e.pointerId);
      } catch {
        // capture is a nicety
      }
    }
    setDuration(0);
    setDrag(dx);
  };
  const onPointerEnd = (e: ReactPointerEvent<HTMLDivElement>) => {
    const p = press.current;
    if (!p || p.id !== e.pointerId) return;
    press.current = null;
    if (!p.active) return;
    suppressClick.current = true;
    setTimeout(() => {
      suppressClick.current = false;
    }, 0);
    const moved = drag / slideStep();
    setDrag(0);
    go(first - Math.round(moved));
  };

  const style = {
    "--first": first,
    "--drag": `${drag}px`,
    "--scroll-ms": `${duration}ms`,
  } as CSSProperties;
  const atStart = first <= 0;
  const atEnd = first >= SEASON_TRACK.length - TRACK_VISIBLE;

  return (
    <div className="season-track" data-testid="season-track" data-first={first} style={style}>
      <div className="season-track__rows" aria-hidden="true">
        <span className="season-track__row-label">Free</span>
        <span className="season-track__row-label season-track__row-label--paid">
          {!premium && <span className="lock-icon" />}
          Pass
        </span>
      </div>
      <button
        type="button"
        className="season-track__arrow"
        aria-label="Earlier levels"
        disabled={atStart}
        onClick={() => go(first - (TRACK_VISIBLE - 1))}
      >
        ‹
      </button>
      <div
        ref={viewport}
        className="season-track__viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClickCapture={(e) => {
          if (!suppressClick.current) return;
          suppressClick.current = false;
          e.stopPropagation();
        }}
        onWheel={(e) => {
          const delta = Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : e.deltaY;
          if (Math.abs(delta) >= 30) go(first + Math.sign(delta));
        }}
      >
        <ol className="season-track__list" aria-label="Season levels">
          {SEASON_TRACK.map((def) => {
            const n = def.level;
            const reached = n <= current;
            const freeClaimed = progress.progress.free[String(n)] === true;
            const paidClaimed = progress.progress.paid[String(n)] === true;
            return (
              <li
                key={n}
                className={[
                  "season-level",
                  reached ? "season-level--reached" : "",
                  n === current ? "season-level--current" : "",
                  n === SEASON_LEVELS ? "season-level--finish" : "",
                ]
                  .filter(Boolean)
                  .join(" ")}
                data-testid={`season-level-${n}`}
                data-reached={reached}
                aria-label={`Level ${n}: free ${rewardLabel(def.free, cards)}${
                  freeClaimed ? " (claimed)" : ""
                }; season pass ${rewardLabel(def.paid, cards)}${
                  paidClaimed ? " (claimed)" : premium ? "" : " (locked)"
                }${n === SEASON_LEVELS ? "; season finish: the vampire set" : ""}`}
              >
                <span className="season-level__badge">{n}</span>
                <span className={`season-cell${freeClaimed ? " season-cell--claimed" : ""}`}>
                  <TrackReward reward={def.free} cards={cards} level={n} />
                  {freeClaimed && <span className="season-cell__tick" />}
                </span>
                <span
                  className={`season-cell season-cell--paid${paidClaimed ? " season-cell--claimed" : ""}${
                    premium ? "" : " season-cell--locked"
                  }`}
                >
                  <TrackReward reward={def.paid} cards={cards} level={n} />
                  {paidClaimed && <span className="season-cell__tick" />}
                  {!premium && <span className="lock-icon lock-icon--cell" />}
                </span>
                {n === SEASON_LEVELS && <span className="season-level__finish">Finish</span>}
              </li>
            );
          })}
        </ol>
      </div>
      <button
        type="button"
        className="season-track__arrow"
        aria-label="Later levels"
        disabled={atEnd}
        onClick={() => go(first + (TRACK_VISIBLE - 1))}
      >
        ›
      </button>
    </div>
  );
}
