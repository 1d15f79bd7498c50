import type { Route } from "@cardrealm/protocol";
import { type ReactNode, useId } from "react";
import { playClick } from "../../lib/audio.ts";
import { setRoute } from "../../stores/app-store.ts";
import "./screen-frame.css";

interface ScreenFrameProps {
  route: Route;
  title: string;
  /** Controls shown in the header row after the title (filters, tabs, totals). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * The frame of the collection and economy screens (deck, gallery, offers,
 * gem shop): the same dark-purple hall, a way back to the map, a Cinzel title
 * and a header row for the screen's own controls, all below the top bar.
 */
export function ScreenFrame({ route, title, actions, children, className }: ScreenFrameProps) {
  const titleId = useId();
  return (
    <main
      className={`cv-screen ${className ?? ""}`}
      aria-labelledby={titleId}
      data-testid={`screen-${route}`}
    >
      <div className="cv-screen__backdrop" aria-hidden="true" />
      <header className="cv-screen__head">
        <button
          type="button"
          className="cv-back"
          aria-label="Back to map"
          onClick={() => {
            playClick();
            setRoute("home");
          }}
          data-testid="back-to-map"
        >
          <span className="cv-back__arrow" aria-hidden="true">
            ◂
          </span>
          Map
        </button>
        <h1 id={titleId} className="cv-screen__title">
          {title}
        </h1>
        {actions && <div className="cv-screen__actions">{actions}</div>}
      </header>
      <div className="cv-screen__body">{children}</div>
    </main>
  );
}
