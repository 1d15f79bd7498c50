import type { StateMessage } from "@cardrealm/engine";
import { call } from "../../lib/api.ts";

/** Story battle calls (product.md section 7); the battle screen owns the in-battle ones. */
export const storyApi = {
  /** POST /api/game/cpu/start: the opening state messages of a new (or the same running) battle. */
  start: (cpuId: number) =>
    call<StateMessage[]>("POST", "/api/game/cpu/start", { body: { cpu_id: cpuId } }),
  /** GET /api/game/cpu/current: the active battle to resume, or null. */
  current: () => call<StateMessage[] | null>("GET", "/api/game/cpu/current"),
};

/** The opponent of a battle's state messages (the server stamps game_data.cpu_id). */
export function cpuIdOf(messages: readonly StateMessage[]): number | null {
  for (const m of messages) {
    const id = m.game_data?.cpu_id;
    if (typeof id === "number") return id;
  }
  return null;
}
