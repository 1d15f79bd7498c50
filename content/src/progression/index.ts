/** Arena progression data: the daily task pool, the season track and the rank rewards. */
export * from "./daily-tasks.ts";
export * from "./rank-rewards.ts";
export * from "./season-track.ts";
