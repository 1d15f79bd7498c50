/**
 * The battle screen's reading pauses at 10% of product.md's on every server
 * the journeys start (BATTLE_PACE_PERCENT, a test-only setting the server
 * refuses in production): the computer's and the opponent's turns are shown
 * quicker; animations keep their length (battle-motion.journey.ts watches
 * them). See docs/testing.md. A module of its own, without imports, so the
 * Playwright config can read it too.
 */
export const JOURNEY_PACE = {
  BATTLE_PACE_PERCENT: "10",
  // A journey's battle lasts seconds: the paid-battle rule's minimums (rules.md
  // 4, test settings 0) would pay it nothing. The day's 30 paid battles stay.
  PAID_BATTLE_MIN_SECONDS: "0",
  PAID_BATTLE_MIN_CARDS: "0",
} as const;
