// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetAll } from "../../test/fixtures.ts";
import { GemBalance, gemFontSize } from "./gem-balance.tsx";

afterEach(resetAll);

describe("gem balance", () => {
  it.each([
    [0, "0", "large"],
    [1200, "1,200", "large"],
    [99999, "99,999", "large"],
    [100000, "100,000", "medium"],
    [999999, "999,999", "medium"],
    [1000000, "1,000,000", "small"],
    [123456789, "123,456,789", "small"],
  ])("shows %i gems as %s with the %s font", (balance, shown, size) => {
    render(<GemBalance balance={balance} onPlus={() => {}} />);
    const value = screen.getByTestId("gem-balance");
    expect(value.textContent).toBe(shown);
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
