import type { Route } from "@cardrealm/protocol";
import { playClick } from "../../lib/audio.ts";
import { setRoute } from "../../stores/app-store.ts";
import "./placeholder.css";

const GLYPHS: Partial<Record<Route, string>> = {
  gallery: "❖",
  deck: "▤",
  offers: "✧",
  gem_shop: "◆",
  game: "⚔",
  arena: "⚔",
};

/** A screen that a later issue builds: title, "Coming soon", and a way back. */
export default function PlaceholderScreen({ title, route }: { title: string; route: Route }) {
  return (
    <main
      className="placeholder"
      aria-labelledby="placeholder-title"
      data-testid={`screen-${route}`}
    >
      <div className="placeholder__card panel">
        <span className="placeholder__glyph" aria-hidden="true">
          {GLYPHS[route] ?? "✦"}
        </span>
        <h1 id="placeholder-title" className="placeholder__title">
          {title}
        </h1>
        <p className="placeholder__soon">Coming soon</p>
        <p className="placeholder__text">The scribes of the realm are still inking this hall.</p>
        <button
          type="button"
          className="btn btn--gold"
          onClick={() => {
            playClick();
            setRoute("home");
          }}
          data-testid="back-to-map"
        >
          Back to map
        </button>
      </div>
    </main>
  );
}
