// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetAll } from "../../test/fixtures.ts";
import { GemBalance, gemFontSize } from "./gem-balance.tsx";

afterEach(resetAll);

describe("gem balance", () => {
  it.each([
    [0, "large"],
    [99999, "large"],
    [100000, "medium"],
    [999999, "medium"],
    [1000000, "small"],
    [123456789, "small"],
  ])("shows %i gems with the %s font", (balance, size) => {
    render(<GemBalance balance={balance} onPlus={() => {}} />);
    const value = screen.getByTestId("gem-balance");
    expect(value.textContent).toBe(String(balance));
    expect(value.className).toContain(`gem-balance__value--${size}`);
    expect(gemFontSize(balance)).toBe(size);
  });

  it("the plus button asks for more gems", () => {
    const onPlus = vi.fn();
    render(<GemBalance balance={500} onPlus={onPlus} />);
    fireEvent.click(screen.getByRole("button", { name: "Get more gems" }));
    expect(onPlus).toHaveBeenCalledOnce();
  });
});
