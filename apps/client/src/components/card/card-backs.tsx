/**
 * Up to 10 card backs fanned out: the opponent's hand on the battle board,
 * and a watched player's (features/social; `fan` -1, curving up). Drawn by
 * battle-screen.css `.enemy-hand__back`.
 */
export function CardBacks({ count, fan }: { count: number; fan: 1 | -1 }) {
  const n = Math.min(count, 10);
  return Array.from({ length: n }, (_, i) => {
    const off = i - (n - 1) / 2;
    return (
      <span
        // biome-ignore lint/suspicious/noArrayIndexKey: card backs have no identity
        key={i}
        className="enemy-hand__back"
        style={{
          transform: `translateX(${off * 30}px) translateY(${fan * Math.abs(off) ** 2 * 1.5}px) rotate(${fan * off * -5}deg)`,
        }}
      />
    );
  });
}
