/**
 * Mounting the live battle screen for its tests (only tests import it):
 * the fake server's routes answer the calls, the story's pending battle
 * opens, and the queue plays on fake timers.
 */
import { act, render, screen } from "@testing-library/react";
import { vi } from "vitest";
import { SystemDialog } from "../../components/system-dialog/system-dialog.tsx";
import { appStore } from "../../stores/app-store.ts";
import { makeUser, mockFetch } from "../../test/fixtures.ts";
import BattleScreen from "./battle-screen.tsx";
import type { FakeServer } from "./fake-battle-server.ts";

export const MOSSLING = 1001; // unit, 2 diamond
export const FIRE_ELEMENTAL = 1012; // unit, 3 fire 3 diamond: unaffordable at the start
export const GALE_SLASH = 1006; // spell: 3 damage to an enemy unit
export const GEM_VEIN = 1043; // spell, no target

export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

export async function mount(
  server: FakeServer,
  extra: Record<string, unknown> = {},
): Promise<void> {
  mockFetch({
    ...server.routes,
    "GET /api/player-details": () => ({ status: 200, body: { data: makeUser({ silver: 1005 }) } }),
  });
  act(() =>
    appStore.set({
      isAuth: true,
      user: makeUser(),
      route: "game",
      pendingBattle: { cpuId: server.cpuId, messages: server.start() },
      ...extra,
    }),
  );
  render(
    <>
      <BattleScreen />
      <SystemDialog />
    </>,
  );
  await advance(0);
}

export const hand = (key: number) => screen.getByTestId(`hand-card-${key}`);
export const phase = () => screen.getByTestId("battle-screen").dataset.phase;
