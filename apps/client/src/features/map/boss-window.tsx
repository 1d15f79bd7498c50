import { useEffect, useRef, useState } from "react";
import { ArtImage } from "../../components/art/art-image.tsx";
import { StagePortal } from "../../components/modal/stage-portal.tsx";
import { useAfterPaint } from "../../lib/after-paint.ts";
import { playClick } from "../../lib/audio.ts";
import { appStore } from "../../stores/app-store.ts";
import { requirementText } from "./chapter-icon.tsx";
import type { ChapterInfo } from "./chapters.ts";
import { type OpponentSlot, opponentSlots } from "./opponent-state.ts";

const ROMAN = ["", "I", "II", "III"];

/**
 * The window's way out (map-boss.css boss-close, 160 ms): a close first plays it,
 * then tells the map. The click that closes is answered by a frame with a class
 * changed on two elements; the map's store update and the removal of the
 * window's nodes come after that frame (bench/web/inp.ts, "close boss window").
 */
export const BOSS_CLOSE_MS = 160;
const STRENGTH_LABEL = { easy: "Easy", normal: "Normal", hard: "Hard", boss: "Boss" } as const;

function OpponentCard({
  slot,
  onFight,
}: {
  slot: OpponentSlot;
  onFight: (slot: OpponentSlot) => void;
}) {
  const o = slot.opponent;
  const name = o?.name ?? `Opponent ${slot.id}`;
  const strength = o?.strength ?? "normal";
  const testid = `boss-opponent-${slot.id}`;
  return (
    <li
      className={`boss-card boss-card--${slot.state}`}
      data-testid={testid}
      data-state={slot.state}
      style={{ animationDelay: `${80 + slot.number * 70}ms` }}
    >
      <span className="boss-card__number" aria-hidden="true">
        {ROMAN[slot.number]}
      </span>
      <span className="boss-card__portrait">
        <ArtImage
          className="boss-card__art"
          src={`/static/media/${o?.portrait ?? `opponent-${slot.id}`}.webp`}
          alt=""
          fallback={
            <span className="boss-card__fallback" aria-hidden="true">
              {name.charAt(0)}
            </span>
          }
        />
        {slot.state === "locked" && (
          <span className="boss-card__lock" aria-hidden="true">
            <span className="boss-card__lock-body" />
          </span>
        )}
        <span
          className={`boss-card__star${slot.state === "beaten" ? " boss-card__star--filled" : ""}`}
          aria-hidden="true"
          data-testid={`${testid}-star`}
          data-filled={slot.state === "beaten"}
        >
          ★
        </span>
      </span>
      <h3 className="boss-card__name">{name}</h3>
      <span className="boss-card__stats">
        <span className="boss-card__hp" title="Castle hit points">
          <span className="boss-card__tower" aria-hidden="true" />
          <span className="visually-hidden">Castle hit points </span>
          {o?.hp ?? "?"}
        </span>
        <span className={`boss-card__strength boss-card__strength--${strength}`}>
          {STRENGTH_LABEL[strength]}
        </span>
      </span>
      {slot.state === "locked" ? (
        <p className="boss-card__reason" data-testid={`${testid}-reason`}>
          {slot.reason}
        </p>
      ) : (
        <button
          type="button"
          className={`btn ${slot.state === "beaten" ? "btn--purple" : "btn--gold"} boss-card__fight`}
          onClick={() => onFight(slot)}
          aria-label={`${slot.state === "beaten" ? "Fight again" : "Fight"}: ${name}`}
          data-testid={`fight-${slot.id}`}
        >
          {slot.state === "beaten" ? "Fight again" : "Fight"}
        </button>
      )}
      {slot.state === "beaten" && <span className="visually-hidden">Beaten.</span>}
    </li>
  );
}

/**
 * The boss window (product.md section 2, "Boss window / chapter popup"):
 * the chapter's name, description and three opponents with their lock
 * state, a Fight button per open opponent, and close (Escape too).
 */
export function BossWindow({
  chapter,
  userLevel,
  maps,
  onClose,
  onFight,
}: {
  chapter: ChapterInfo;
  userLevel: number;
  maps: readonly number[];
  onClose: () => void;
  onFight: (cpuId: number, cpuNumber: number) => void;
}) {
  const rootRef = useRef<HTMLElement>(null);
  const slots = opponentSlots(chapter, maps, userLevel);
  const locked = userLevel < chapter.level;
  const beatenCount = slots.filter((s) => s.state === "beaten").length;
  // False for the window's first painted frame, true from the next: the click
  // that opens the window is answered by a frame with the backdrop and the empty
  // window (both start their fade from nothing, so the player sees no
  // difference), and the chapter's heading and three opponents are built after
  // that paint (bench/web/inp.ts, "open chapter").
  const painted = useAfterPaint(true, false);
  const [closing, setClosing] = useState(false);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => closeRef.current(), BOSS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [closing]);
  const close = () => setClosing(true);

  useEffect(() => {
    if (!painted) return;
    const opener = document.activeElement as HTMLElement | null;
    const first =
      rootRef.current?.querySelector<HTMLElement>(".boss-card__fight.btn--gold") ??
      rootRef.current?.querySelector<HTMLElement>(".boss-card__fight") ??
      rootRef.current?.querySelector<HTMLElement>(".boss-window__close");
    first?.focus({ preventScroll: true });
    return () => {
      // Back to the map icon that opened the window, if it is still there.
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [painted]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      // The system message closes first.
      if (appStore.get().systemMessage.isVisible) return;
      e.preventDefault();
      setClosing(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <StagePortal>
      <div
        className={`boss-window__backdrop${closing ? " boss-window__backdrop--closing" : ""}`}
        onPointerDown={(e) => {
          if (e.target === e.currentTarget) close();
        }}
      >
        <section
          ref={rootRef}
          className={`boss-window panel boss-window--${chapter.key}${closing ? " boss-window--closing" : ""}`}
          role="dialog"
          aria-modal="true"
          aria-labelledby="boss-window-title"
          aria-describedby="boss-window-text"
          data-testid="boss-window"
        >
          <button
            type="button"
            className="boss-window__close"
            onClick={() => {
              playClick();
              close();
            }}
            aria-label="Close"
            data-testid="boss-window-close"
          >
            <span aria-hidden="true">✕</span>
          </button>
          {painted && (
            <>
              <header className="boss-window__head">
                <span className="boss-window__emblem" aria-hidden="true">
                  <ArtImage
                    className="boss-window__emblem-art"
                    src={`/static/media/chapter-${chapter.key}.svg`}
                    alt=""
                    fallback={<span className="boss-window__emblem-fallback">✦</span>}
                  />
                </span>
                <div className="boss-window__heading">
                  <p className="boss-window__kicker">
                    Chapter {chapter.level}
                    <span className="visually-hidden">, {beatenCount} of 3 beaten</span>
                    <span className="boss-window__progress" aria-hidden="true">
                      {[0, 1, 2].map((k) => (
                        <span
                          key={k}
                          className={`boss-window__pip${k < beatenCount ? " boss-window__pip--on" : ""}`}
                          aria-hidden="true"
                        >
                          ★
                        </span>
                      ))}
                    </span>
                  </p>
                  <h2 id="boss-window-title" className="boss-window__title">
                    {chapter.name}
                  </h2>
                  <p id="boss-window-text" className="boss-window__text">
                    {chapter.description}
                  </p>
                </div>
              </header>
              {locked && (
                <p className="boss-window__locked" data-testid="boss-window-locked">
                  {requirementText(chapter)}
                </p>
              )}
              <ol className="boss-window__opponents" aria-label="Opponents">
                {slots.map((slot) => (
                  <OpponentCard
                    key={slot.id}
                    slot={slot}
                    onFight={(s) => {
                      if (closing) return;
                      playClick();
                      onFight(s.id, s.number);
                    }}
                  />
                ))}
              </ol>
            </>
          )}
        </section>
      </div>
    </StagePortal>
  );
}
