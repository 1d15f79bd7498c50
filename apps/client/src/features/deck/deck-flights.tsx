import { type ApiCard, CARD_MOVE_ANIMATION_MS } from "@cardrealm/protocol";
import { type CSSProperties, type RefObject, useRef, useState } from "react";
import { GameCard } from "../../components/card/game-card.tsx";

/**
 * A card flying between the deck editor's two sliders when it is added or
 * removed: from its slide towards the other slider (its copy there when in
 * view), fading, for CARD_MOVE_ANIMATION_MS.
 */
export interface Flight {
  id: number;
  card: ApiCard;
  kind: "add" | "remove";
  left: number;
  top: number;
  width: number;
  dx: number;
  dy: number;
}

/** Position of an element in the editor's own (unscaled) coordinates. */
function localRect(host: HTMLElement, el: Element) {
  const h = host.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  const scale = host.offsetWidth > 0 && h.width > 0 ? h.width / host.offsetWidth : 1;
  return {
    left: (r.left - h.left) / scale,
    top: (r.top - h.top) / scale,
    width: r.width / scale,
    height: r.height / scale,
  };
}

export interface FlightRefs {
  host: RefObject<HTMLDivElement | null>;
  library: RefObject<HTMLElement | null>;
  deck: RefObject<HTMLElement | null>;
}

/** The flights under way and `launch`, which starts one from a slide. */
export function useFlights(refs: FlightRefs): {
  flights: Flight[];
  launch: (card: ApiCard, kind: "add" | "remove", from: Element | null) => void;
} {
  const [flights, setFlights] = useState<Flight[]>([]);
  const flightId = useRef(0);

  /** The card flies from its slide towards the other slider and fades (400 ms). */
  const launch = (card: ApiCard, kind: "add" | "remove", from: Element | null) => {
    const host = refs.host.current;
    const target = kind === "add" ? refs.deck.current : refs.library.current;
    const source = from?.querySelector(".gc") ?? from;
    if (!host || !target || !source) return;
    const same = target.querySelector(`[data-slide-card="${card.id}"] .gc`);
    const inView = same?.closest("[data-in-view='true']") ? same : null;
    const a = localRect(host, source);
    const viewport = target.querySelector(".cv-slider__viewport") ?? target;
    const b = localRect(host, inView ?? viewport);
    const id = ++flightId.current;
    setFlights((f) => [
      ...f,
      {
        id,
        card,
        kind,
        left: a.left,
        top: a.top,
        width: a.width,
        dx: b.left + b.width / 2 - (a.left + a.width / 2),
        dy: b.top + b.height / 2 - (a.top + a.height / 2),
      },
    ]);
    setTimeout(() => setFlights((f) => f.filter((x) => x.id !== id)), CARD_MOVE_ANIMATION_MS);
  };

  return { flights, launch };
}

export function Flights({ flights }: { flights: readonly Flight[] }) {
  return flights.map((f) => (
    <div
      key={f.id}
      className={`deck-flight deck-flight--${f.kind}`}
      style={
        {
          left: `${f.left}px`,
          top: `${f.top}px`,
          width: `${f.width}px`,
          "--dx": `${f.dx}px`,
          "--dy": `${f.dy}px`,
          "--fly-ms": `${CARD_MOVE_ANIMATION_MS}ms`,
        } as CSSProperties
      }
      aria-hidden="true"
    >
      <GameCard card={f.card} style={{ "--gc-w": `${f.width}px` } as CSSProperties} />
    </div>
  ));
}
