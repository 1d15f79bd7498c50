// @vitest-environment happy-dom
import { act, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { appStore } from "../../stores/app-store.ts";
import { battleStore, clearBattleStore } from "../../stores/battle-store.ts";
import { resetAll } from "../../test/fixtures.ts";
import { EndGamePanel } from "./battle-overlays.tsx";
import { paidBattleNumbers, unpaidText } from "./unpaid-note.tsx";

afterEach(() => {
  resetAll();
  clearBattleStore();
});

describe("the end panel says why a battle paid nothing (rules.md 4, paid battles)", () => {
  it("words each reason with the server's numbers, the rule's own words at the defaults", () => {
    const n = paidBattleNumbers(null);
    expect(unpaidText("too_short", n)).toBe("Battles under a minute pay nothing");
    expect(unpaidText("too_few_cards", n)).toBe(
      "Battles with fewer than 3 cards played pay nothing",
    );
    expect(unpaidText("daily_limit", n)).toBe(
      "Today's 30 rewarded battles are done: rewards return at 00:00 UTC",
    );
    const tuned = paidBattleNumbers({
      partner: "local",
      supporterUrl: "",
      patronUrl: "",
      communityUrl: "",
      version: "1",
      paidBattleMinSeconds: "90",
      paidBattleMinCards: "1",
      paidBattlesPerDay: "12",
    });
    expect(unpaidText("too_short", tuned)).toBe("Battles under 90 seconds pay nothing");
    expect(unpaidText("too_few_cards", tuned)).toBe(
      "Battles with fewer than 1 card played pay nothing",
    );
    expect(unpaidText("daily_limit", tuned)).toMatch(/^Today's 12 rewarded battles are done/);
    expect(unpaidText("too_short", { ...tuned, minSeconds: 120 })).toBe(
      "Battles under 2 minutes pay nothing",
    );
  });

  it("shows the line under the gems when end_game.result.unpaid is set, and none when the battle paid", () => {
    const show = (result: { rewards: { silver: number }; unpaid?: "daily_limit" }) =>
      act(() =>
        battleStore.set({
          showEndPanel: true,
          endGame: { winner: "player", reason: "hp", result },
        }),
      );
    show({ rewards: { silver: 0 }, unpaid: "daily_limit" });
    render(<EndGamePanel />);
    const panel = screen.getByTestId("end-game-panel");
    expect(within(panel).getByTestId("end-game-reward").textContent).toContain("+0");
    expect(within(panel).getByTestId("end-game-unpaid").textContent).toBe(
      "Today's 30 rewarded battles are done: rewards return at 00:00 UTC",
    );
    act(() =>
      appStore.set({
        settings: {
          partner: "local",
          supporterUrl: "",
          patronUrl: "",
          communityUrl: "",
          version: "1",
          paidBattlesPerDay: "5",
        },
      }),
    );
    expect(screen.getByTestId("end-game-unpaid").textContent).toMatch(/^Today's 5 rewarded/);
    show({ rewards: { silver: 120 } });
    expect(screen.queryByTestId("end-game-unpaid")).toBeNull();
  });
});
