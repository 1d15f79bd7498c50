/**
 * The rules version stamped on every trace. Bump it whenever a change makes an
 * old trace replay differently (rules, rng use, order of triggers).
 */
export const ENGINE_VERSION = "1.0.0";
