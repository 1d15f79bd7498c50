/**
 * The turn timer's ring, drawn with two half rings that turn (transform only)
 * so the compositor sweeps it on its own: the former SVG arc animated its
 * stroke-dashoffset, which repainted the battle on the main thread every frame.
 *
 * The right half shows the arc from 12 o'clock to 6 o'clock, the left half
 * the rest; a half is hidden by turning its half ring out of its clip.
 */

/** One half ring: how far it is turned in, and when its 1-second sweep runs. */
export interface RingHalf {
  /** Degrees of the arc this half shows (0 to 180). */
  deg: number;
  delayMs: number;
  durationMs: number;
}

function rightDeg(share: number): number {
  return Math.min(Math.max(share, 0), 0.5) * 360;
}

function leftDeg(share: number): number {
  return Math.max(Math.min(share, 1) - 0.5, 0) * 360;
}

/**
 * The two halves for a ring that shows `share` of a full turn, coming from
 * `previous` within `ms`: the halves sweep one after the other (the left one
 * first when the ring shrinks), each for its share of the angle, so the arc's
 * end moves at one steady speed across 6 o'clock.
 */
export function ringHalves(
  previous: number,
  share: number,
  ms = 1000,
): { right: RingHalf; left: RingHalf } {
  const right = rightDeg(share);
  const left = leftDeg(share);
  const dRight = Math.abs(right - rightDeg(previous));
  const dLeft = Math.abs(left - leftDeg(previous));
  const total = dRight + dLeft;
  if (total === 0) {
    return {
      right: { deg: right, delayMs: 0, durationMs: 0 },
      left: { deg: left, delayMs: 0, durationMs: 0 },
    };
  }
  const rightMs = (ms * dRight) / total;
  const leftMs = (ms * dLeft) / total;
  const shrinking = share < previous;
  return {
    right: { deg: right, delayMs: shrinking ? leftMs : 0, durationMs: rightMs },
    left: { deg: left, delayMs: shrinking ? 0 : rightMs, durationMs: leftMs },
  };
}
