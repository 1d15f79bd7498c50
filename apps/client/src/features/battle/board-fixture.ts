/**
 * A settled board for the rooms' unit tests (only tests import it): the
 * fake server's snapshot (fake-battle-server.ts: the engine's real
 * messages) put in the battle store as the queue would leave it.
 */
import type { StateMessage } from "@cardrealm/engine";
import {
  type BattlePhase,
  type BattleStoreState,
  battleStore,
  initialBattleState,
} from "../../stores/battle-store.ts";
import { shownFromSnapshot } from "./battle-view.ts";
import { type FakeServer, fakeBattleServer } from "./fake-battle-server.ts";

export function settledBoard(
  snapshot: StateMessage,
  patch: Partial<BattleStoreState> = {},
): BattleStoreState {
  const shown = shownFromSnapshot(snapshot);
  if (!shown) throw new Error("not a snapshot");
  const phase: BattlePhase = snapshot.phase ?? "play_card";
  battleStore.reset({
    ...initialBattleState(),
    status: "ready",
    shown,
    snapshot,
    phase,
    ...patch,
  });
  return battleStore.get();
}

/** A fake server and its opening board, settled in the store (the player's first turn). */
export function boardOf(
  options: Parameters<typeof fakeBattleServer>[0] = {},
  patch: Partial<BattleStoreState> = {},
): FakeServer {
  const server = fakeBattleServer(options);
  settledBoard(server.snapshot(), patch);
  return server;
}

/** The fake server's answer to a call, as its routes give it to mockFetch. */
export function answerOf(
  server: FakeServer,
  route: string,
  body: Record<string, unknown>,
): StateMessage[] {
  const handler = server.routes[route];
  if (!handler) throw new Error(`no route ${route}`);
  const r = handler({ body: JSON.stringify(body) });
  return (r.body as { data: StateMessage[] }).data;
}
