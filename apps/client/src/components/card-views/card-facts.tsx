import type { ApiCard } from "@cardrealm/protocol";
import { costParts, RARITY_LABEL } from "../card/card-model.ts";

const RESOURCE_LABEL = { fire: "Fire", diamond: "Diamond", pow: "Pow" } as const;

export function factionLabel(faction: string): string {
  return faction ? faction.charAt(0).toUpperCase() + faction.slice(1) : "Neutral";
}

/**
 * What a card says in words, for the large card view and the research view:
 * rarity, faction and type, cost, attack and health, the full ability text and
 * the flavour, plus the copies owned when given.
 */
export function CardFacts({
  card,
  owned,
  headingId,
}: {
  card: ApiCard;
  owned?: number;
  headingId?: string;
}) {
  const costs = costParts(card);
  const unit = card.type_card === "unit";
  const text = card.ability.full_text || card.ab_text;
  return (
    <div className="cv-facts" key={card.id}>
      <p className="cv-facts__kicker">
        <span className={`cv-facts__rarity cv-facts__rarity--${card.rarity}`}>
          {RARITY_LABEL[card.rarity]}
        </span>
        <span aria-hidden="true">·</span>
        <span>{factionLabel(card.faction)}</span>
        <span aria-hidden="true">·</span>
        <span>{unit ? "Unit" : "Spell"}</span>
      </p>
      <h2 className="cv-facts__name" id={headingId}>
        {card.name}
      </h2>
      <div className="cv-facts__stats">
        <span className="cv-facts__cost">
          {costs.length === 0 ? (
            <span className="cv-facts__free">Free</span>
          ) : (
            costs.map(({ resource, amount }) => (
              <span
                key={resource}
                className={`cv-res cv-res--${resource}`}
                title={RESOURCE_LABEL[resource]}
              >
                <span className="cv-res__dot" aria-hidden="true" />
                {amount} {RESOURCE_LABEL[resource]}
              </span>
            ))
          )}
        </span>
        {unit && (
          <span className="cv-facts__body">
            <span className="cv-facts__atk">Attack {card.attack ?? 0}</span>
            <span className="cv-facts__hp">Health {card.hp ?? 0}</span>
          </span>
        )}
      </div>
      <h3 className="cv-facts__label">{card.ability.ab_name || "Ability"}</h3>
      <p className="cv-facts__text" data-testid="card-full-text">
        {text}
      </p>
      {card.flavor && (
        <blockquote className="cv-facts__flavor" data-testid="card-flavor">
          {card.flavor}
        </blockquote>
      )}
      {owned !== undefined && (
        <p className="cv-facts__owned" data-testid="card-owned">
          {owned > 0 ? `In your library: ×${owned}` : "Not in your library yet"}
        </p>
      )}
    </div>
  );
}
