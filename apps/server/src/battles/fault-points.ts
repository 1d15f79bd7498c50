/**
 * Crash points a test can arm: CARDREALM_FAULT=<name> makes the process kill
 * itself (SIGKILL, no clean-up) when it reaches that point, so a test can
 * prove what a crash there leaves behind. Ignored when NODE_ENV=production.
 * In-process tests pass a hook instead (CpuBattleDeps.fault).
 */
export type FaultPoint = "battle-final-state-saved";

export type FaultHook = (point: FaultPoint) => void | Promise<void>;

export const envFault: FaultHook = (point) => {
  if (process.env.NODE_ENV === "production") return;
  if (process.env.CARDREALM_FAULT === point) process.kill(process.pid, "SIGKILL");
};
