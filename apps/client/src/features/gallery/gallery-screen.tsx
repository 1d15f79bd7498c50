import type { ApiCard } from "@cardrealm/protocol";
import { type CSSProperties, useMemo, useState } from "react";
import { GameCard } from "../../components/card/game-card.tsx";
import { factionLabel } from "../../components/card-views/card-facts.tsx";
import { openLargeCard } from "../../components/card-views/large-card-store.ts";
import { ResearchView } from "../../components/card-views/research-view.tsx";
import { ScreenFrame } from "../../components/card-views/screen-frame.tsx";
import { playClick } from "../../lib/audio.ts";
import { countsOf } from "../../lib/collection.ts";
import { useAppStore } from "../../stores/app-store.ts";
import { type CardSet, factionsOf, progressOf, SETS, setCards } from "./gallery-model.ts";
import "./gallery.css";

const ALL = "all";

/**
 * The collection album (product.md section 2, gallery): the cards of a set
 * by faction, owned ones in colour with their amount, missing ones as dark
 * silhouettes, and the progress of each set ("34 / 110").
 */
export default function GalleryScreen() {
  const cards = useAppStore((s) => s.cards);
  const library = useAppStore((s) => s.user?.library);
  const owned = useMemo(() => countsOf(library), [library]);
  const [set, setSet] = useState<CardSet>("base");
  const [faction, setFaction] = useState<string>(ALL);
  const [studying, setStudying] = useState<number | null>(null);

  const bySet = useMemo(
    () =>
      Object.fromEntries(SETS.map((s) => [s.id, setCards(cards, s.id)])) as Record<
        CardSet,
        ApiCard[]
      >,
    [cards],
  );
  const inSet = bySet[set];
  const factions = useMemo(() => factionsOf(inSet), [inSet]);
  const shownFaction = faction === ALL || factions.includes(faction) ? faction : ALL;
  const shown = shownFaction === ALL ? inSet : inSet.filter((c) => c.faction === shownFaction);
  const progress = progressOf(inSet, owned);
  const ownedShown = shown.filter((c) => (owned.get(c.id) ?? 0) > 0);

  const tabs = (
    <div className="gallery-sets" role="tablist" aria-label="Card sets">
      {SETS.map((s) => {
        const p = progressOf(bySet[s.id], owned);
        return (
          <button
            key={s.id}
            type="button"
            role="tab"
            className="cv-pill gallery-set"
            aria-selected={set === s.id}
            aria-label={`${s.name}, ${p.owned} of ${p.total} collected`}
            onClick={() => {
              playClick();
              setSet(s.id);
              setFaction(ALL);
            }}
            data-testid={`gallery-set-${s.id}`}
          >
            {s.name}
            <span className="gallery-set__progress" data-testid={`gallery-progress-${s.id}`}>
              {p.owned} / {p.total}
            </span>
          </button>
        );
      })}
    </div>
  );

  return (
    <ScreenFrame route="gallery" title="Gallery" actions={tabs} className="gallery-screen">
      <div className="gallery">
        <div className="gallery__bar">
          <div className="gallery-factions" role="tablist" aria-label="Factions">
            {[ALL, ...factions].map((f) => {
              const list = f === ALL ? inSet : inSet.filter((c) => c.faction === f);
              const p = progressOf(list, owned);
              return (
                <button
                  key={f}
                  type="button"
                  role="tab"
                  className="cv-pill gallery-faction"
                  aria-selected={shownFaction === f}
                  onClick={() => {
                    playClick();
                    setFaction(f);
                  }}
                  data-testid={`gallery-faction-${f}`}
                >
                  {f === ALL ? "All" : factionLabel(f)}
                  <span className="cv-pill__count">
                    {p.owned}/{p.total}
                  </span>
                </button>
              );
            })}
          </div>
          <div className="gallery__progress" aria-hidden="true">
            <span className="gallery__meter">
              <span
                className="gallery__fill"
                style={{
                  width: `${progress.total ? (progress.owned / progress.total) * 100 : 0}%`,
                }}
              />
            </span>
          </div>
        </div>

        <div
          className="gallery__grid"
          role="tabpanel"
          aria-label={`${SETS.find((s) => s.id === set)?.name}: ${progress.owned} of ${progress.total} collected`}
          data-testid={`gallery-grid-${set}`}
          key={`${set}|${shownFaction}`}
        >
          {shown.length === 0 && <p className="gallery__empty">No cards in this set yet.</p>}
          {shown.map((card, i) => {
            const amount = owned.get(card.id) ?? 0;
            const style = { "--i": Math.min(i, 30) } as CSSProperties;
            return amount > 0 ? (
              <div key={card.id} className="gallery-slot gallery-slot--owned" style={style}>
                <GameCard
                  card={card}
                  amount={amount}
                  onClick={() => {
                    playClick();
                    setStudying(card.id);
                  }}
                  onDoubleClick={openLargeCard}
                  onContextMenu={openLargeCard}
                  data-testid={`gallery-card-${card.id}`}
                />
              </div>
            ) : (
              <div
                key={card.id}
                className="gallery-slot gallery-slot--missing"
                style={style}
                role="img"
                aria-label="Missing card"
                data-testid={`gallery-missing-${card.id}`}
              >
                <div className="gallery-slot__shadow" aria-hidden="true">
                  <GameCard card={card} hideFlavor />
                </div>
                <span className="gallery-slot__mark" aria-hidden="true">
                  ?
                </span>
              </div>
            );
          })}
        </div>
      </div>

      {studying !== null && (
        <ResearchView
          cards={ownedShown}
          initialId={studying}
          amounts={owned}
          title="Research"
          onClose={() => setStudying(null)}
        />
      )}
    </ScreenFrame>
  );
}
