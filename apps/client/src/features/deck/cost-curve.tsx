import type { ApiCard } from "@cardrealm/protocol";
import { type CardCounts, costCurve, resourceTotals } from "./deck-model.ts";

const RESOURCES = ["fire", "diamond", "pow"] as const;
const LABEL = { fire: "Fire", diamond: "Diamond", pow: "Pow" } as const;
/** Height of the tallest bar, in design pixels. */
const BAR_MAX_PX = 104;

/**
 * The deck's cost curve: one bar per total cost (1 to 7+), its height the
 * number of cards, stacked fire / diamond / pow by the share of each resource
 * in those cards' costs. Heights animate when the deck changes.
 */
export function CostCurve({ cards, deck }: { cards: readonly ApiCard[]; deck: CardCounts }) {
  const bars = costCurve(cards, deck);
  const totals = resourceTotals(cards, deck);
  const tallest = Math.max(4, ...bars.map((b) => b.count));

  return (
    <figure className="cost-curve" data-testid="cost-curve">
      <figcaption className="cost-curve__title">Cost curve</figcaption>
      <div className="cost-curve__plot">
        {bars.map((bar) => {
          const label = `Cost ${bar.label}: ${bar.count} ${bar.count === 1 ? "card" : "cards"}`;
          return (
            <div
              key={bar.cost}
              className="cost-curve__col"
              role="img"
              aria-label={label}
              title={`${label} (fire ${bar.fire.toFixed(1)}, diamond ${bar.diamond.toFixed(1)}, pow ${bar.pow.toFixed(1)})`}
              data-testid={`cost-bar-${bar.label}`}
              data-count={bar.count}
            >
              <span className="cost-curve__count" key={bar.count} aria-hidden="true">
                {bar.count > 0 ? bar.count : ""}
              </span>
              <span
                className="cost-curve__stack"
                style={{ height: `${(bar.count / tallest) * BAR_MAX_PX}px` }}
                aria-hidden="true"
              >
                {RESOURCES.map((r) => (
                  <span
                    key={r}
                    className={`cost-curve__seg cost-curve__seg--${r}`}
                    style={{ flexGrow: bar[r], flexBasis: 0 }}
                  />
                ))}
              </span>
              <span className="cost-curve__axis" aria-hidden="true">
                {bar.label}
              </span>
            </div>
          );
        })}
      </div>
      <ul className="cost-curve__legend" aria-label="Resources the deck asks for">
        {RESOURCES.map((r) => (
          <li
            key={r}
            className={`cost-curve__key cost-curve__key--${r}`}
            data-testid={`cost-total-${r}`}
          >
            <span className="cost-curve__dot" aria-hidden="true" />
            {LABEL[r]} {totals[r]}
          </li>
        ))}
      </ul>
    </figure>
  );
}
