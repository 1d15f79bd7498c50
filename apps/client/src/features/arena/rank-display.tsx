import type { User } from "@cardrealm/protocol";
import { RANK_POINTS, rankPoints } from "./arena-model.ts";

const RANK_LABEL: Record<string, string> = {
  bronze: "Bronze",
  silver: "Silver",
  gold: "Gold",
  platinum: "Platinum",
  diamond: "Diamond",
  champions: "Champions",
};

/** Crest colours per rank: [light, mid, dark]. */
const RANK_TINT: Record<string, [string, string, string]> = {
  bronze: ["#f0b98a", "#b8703e", "#5e3216"],
  silver: ["#f4f6ff", "#aab2c8", "#4f566b"],
  gold: ["#fff0b0", "#f2c76b", "#7a5216"],
  platinum: ["#e6fff8", "#7fd8c4", "#2c6b62"],
  diamond: ["#e3f4ff", "#6ec3ff", "#1d4f8a"],
  champions: ["#ffd9f3", "#c86bff", "#4a1f80"],
};

export function rankLabel(rank: string): string {
  return RANK_LABEL[rank] ?? rank;
}

/** The rank crest: a shield in the rank's metal, a crown for champions. */
export function RankCrest({ rank, size = 96 }: { rank: string; size?: number }) {
  const [light, mid, dark] = RANK_TINT[rank] ?? RANK_TINT.bronze ?? ["#fff", "#888", "#333"];
  const id = `crest-${rank}`;
  return (
    <svg
      className="rank-crest"
      viewBox="0 0 100 110"
      width={size}
      height={size * 1.1}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={light} />
          <stop offset="0.55" stopColor={mid} />
          <stop offset="1" stopColor={dark} />
        </linearGradient>
      </defs>
      <path
        d="M50 4 90 18v34c0 26-17 44-40 54C27 96 10 78 10 52V18z"
        fill={`url(#${id})`}
        stroke="#2a1402"
        strokeWidth="3"
      />
      <path
        d="M50 14 80 25v27c0 20-12 34-30 43-18-9-30-23-30-43V25z"
        fill="none"
        stroke="rgb(255 255 255 / 45%)"
        strokeWidth="2"
      />
      {rank === "champions" ? (
        <path
          d="M28 62 32 38l10 10 8-16 8 16 10-10 4 24z"
          fill="#ffe3a1"
          stroke="#5b3a0c"
          strokeWidth="2.5"
        />
      ) : (
        <path
          d="M50 34 56 48 71 49 59 58 63 73 50 65 37 73 41 58 29 49 44 48z"
          fill="rgb(255 255 255 / 80%)"
          stroke="rgb(42 20 2 / 60%)"
          strokeWidth="2"
        />
      )}
    </svg>
  );
}

/**
 * The rank display (product.md section 4): the crest, the rank's name and
 * 6 points filled in proportion to score / (total_score / 6). Champions show
 * no points, only their score.
 */
export function RankDisplay({ rank }: { rank: User["rank"] }) {
  const filled = rankPoints(rank);
  const label = rankLabel(rank.rank);
  return (
    <div
      className={`rank-display rank-display--${rank.rank}`}
      data-testid="rank-display"
      data-rank={rank.rank}
      data-points={filled ?? ""}
    >
      <RankCrest rank={rank.rank} size={74} />
      <div className="rank-display__info">
        <span className="rank-display__label">Rank</span>
        <strong className="rank-display__name">{label}</strong>
        {filled === null ? (
          <span className="rank-display__score">{rank.score} champion points</span>
        ) : (
          <>
            <span
              className="rank-display__points"
              role="img"
              aria-label={`${filled} of ${RANK_POINTS} points`}
            >
              {Array.from({ length: RANK_POINTS }, (_, i) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: the six points are fixed slots
                  key={i}
                  className={`rank-point${i < filled ? " rank-point--filled" : ""}`}
                  data-testid="rank-point"
                  data-filled={i < filled}
                />
              ))}
            </span>
            <span className="rank-display__score">
              {rank.score} / {rank.total_score}
            </span>
          </>
        )}
      </div>
    </div>
  );
}
