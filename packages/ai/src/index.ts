/**
 * @cardrealm/ai: the computer opponents over the engine's legalActions and
 * step. Depends only on @cardrealm/engine; the catalogue is a parameter.
 * See README.md.
 */
export { allFlags, heuristicFlags } from "./attack.ts";
export { type ChooseOptions, chooseTurn, playCandidates, TIERS, type Tier } from "./choose.ts";
export {
  DEFAULT_WEIGHTS,
  type Evaluator,
  evaluate,
  makeEvaluator,
  type Weights,
  WIN_SCORE,
} from "./evaluate.ts";
export {
  type GameOptions,
  type GameResult,
  IllegalActionError,
  type Player,
  playGame,
} from "./match.ts";
export { planStoryTurn, safeEndTurn } from "./story-turn.ts";
export {
  ARENA_BOT_NOISE,
  END_TURN_DELAY_MS,
  type HumanDelays,
  humanDelays,
  opponentAi,
  PLAY_DELAY_MS,
  type Strength,
  tierForStrength,
} from "./strength.ts";
export { medianThinkMs, THINK_MS, thinkDelays, thinkMs } from "./think-time.ts";
