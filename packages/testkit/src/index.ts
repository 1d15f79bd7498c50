/**
 * @cardrealm/testkit: test cards, the scenario builder, trace save/load and
 * the random-game fuzzer. Node file helpers live in
 * "@cardrealm/testkit/trace-files" (kept out of this index on purpose).
 */
export { DECKABLE_TEST_CARDS, T, TEST_CARDS, testCatalogue } from "./cards.ts";
export { randomDeck } from "./decks.ts";
export {
  checkStateInvariants,
  type FuzzOptions,
  type FuzzResult,
  playRandomGame,
} from "./fuzz.ts";
export {
  A,
  B,
  enemyCastle,
  enemyUnit,
  ownCastle,
  ownUnit,
  Scenario,
  type ScenarioOptions,
  scenario,
  type UnitReport,
  type UnitSetup,
} from "./scenario.ts";
export { loadTrace, saveTrace } from "./trace.ts";
