import { formatGems } from "../../lib/format.ts";
import { ArtImage } from "../art/art-image.tsx";

export type GemFontSize = "large" | "medium" | "small";

/** The font shrinks above 5 digits and again above 6 (product.md section 2). */
export function gemFontSize(balance: number): GemFontSize {
  const digits = String(Math.max(0, Math.trunc(balance))).length;
  if (digits > 6) return "small";
  if (digits > 5) return "medium";
  return "large";
}

interface GemBalanceProps {
  balance: number;
  onPlus: () => void;
}

export function GemBalance({ balance, onPlus }: GemBalanceProps) {
  const value = Math.max(0, Math.trunc(balance));
  const size = gemFontSize(value);
  return (
    <div className="gem-balance">
      <ArtImage
        className="gem-balance__icon"
        src="/static/media/gem.svg"
        alt=""
        fallback={<span className="gem-balance__gem-css" aria-hidden="true" />}
      />
      <output
        className={`gem-balance__value gem-balance__value--${size}`}
        aria-label={`${formatGems(value)} gems`}
        data-testid="gem-balance"
      >
        {formatGems(value)}
      </output>
      <button
        type="button"
        className="gem-balance__plus"
        aria-label="Get more gems"
        onClick={onPlus}
        data-testid="gem-plus"
      >
        +
      </button>
    </div>
  );
}
