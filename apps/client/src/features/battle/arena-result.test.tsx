// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ArenaResultLines } from "./arena-result.tsx";

afterEach(cleanup);

describe("the end panel's arena lines (issue 24 item 6)", () => {
  it("shows the rank score gained and the season xp, counting up to them", async () => {
    render(
      <ArenaResultLines result={{ rewards: { silver: 50 }, rank_delta: 20, season_xp: 120 }} />,
    );
    expect(screen.getByTestId("end-game-rank").getAttribute("aria-label")).toBe("Rank score +20");
    expect(screen.getByTestId("end-game-xp").getAttribute("aria-label")).toBe("Season xp +120");
    await waitFor(() => expect(screen.getByTestId("end-game-rank").textContent).toContain("+20"));
    await waitFor(() => expect(screen.getByTestId("end-game-xp").textContent).toContain("+120"));
  });

  it("shows a loss's score as a minus, and nothing at all for a story battle", async () => {
    const { unmount } = render(
      <ArenaResultLines result={{ rewards: { silver: 0 }, rank_delta: -10, season_xp: 0 }} />,
    );
    await waitFor(() => expect(screen.getByTestId("end-game-rank").textContent).toContain("−10"));
    expect(screen.getByTestId("end-game-rank").className).toContain("--down");
    unmount();
    render(<ArenaResultLines result={{ rewards: { silver: 30 } }} />);
    expect(screen.queryByTestId("end-game-arena")).toBeNull();
  });
});
