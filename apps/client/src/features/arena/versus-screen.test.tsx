// @vitest-environment happy-dom
import type { StateMessage } from "@cardrealm/engine";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { opponentPortrait } from "../../components/art/portrait.ts";
import { hideVersus, showVersus, VERSUS_MS, VersusScreen, versusFrom } from "./versus-screen.tsx";

const opening = (extra: Record<string, unknown>) =>
  [
    {
      game_data: {
        playerName: "Wanderer1234",
        cpuName: "Seeker4821",
        isPvP: true,
        cpu_id: 0,
        player_rank: "gold",
        cpu_rank: "silver",
        ...extra,
      },
    },
  ] as unknown as StateMessage[];

afterEach(() => {
  act(() => hideVersus());
  cleanup();
  vi.useRealTimers();
});

describe("the versus screen (issue 24 item 6)", () => {
  it("takes both names, ranks and players' portraits from the opening game_data", () => {
    expect(versusFrom(opening({}))).toEqual({
      player: { name: "Wanderer1234", rank: "gold", portrait: opponentPortrait(0, "Wanderer1234") },
      opponent: { name: "Seeker4821", rank: "silver", portrait: opponentPortrait(0, "Seeker4821") },
    });
    expect(versusFrom(opening({}))?.opponent.portrait).toMatch(/avatar-\d\.svg$/);
    // A story battle has none.
    expect(versusFrom(opening({ isPvP: false }))).toBeNull();
  });

  it("shows for 2.5 s, then gives way to the battle", () => {
    vi.useFakeTimers();
    render(<VersusScreen />);
    expect(screen.queryByTestId("versus-screen")).toBeNull();
    act(() => showVersus(versusFrom(opening({}))));
    const shown = screen.getByTestId("versus-screen");
    expect(shown.textContent).toContain("Wanderer1234");
    expect(shown.textContent).toContain("Seeker4821");
    expect(screen.getByTestId("versus-player").textContent).toContain("Gold");
    expect(screen.getByTestId("versus-opponent").textContent).toContain("Silver");
    act(() => vi.advanceTimersByTime(VERSUS_MS - 1));
    expect(screen.queryByTestId("versus-screen")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("versus-screen")).toBeNull();
  });
});
