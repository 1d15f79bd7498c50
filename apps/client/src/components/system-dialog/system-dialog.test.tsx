// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { showSystemMessage } from "../../stores/app-store.ts";
import { resetAll } from "../../test/fixtures.ts";
import { SystemDialog } from "./system-dialog.tsx";

afterEach(resetAll);

describe("global system message", () => {
  it("an info message shows its text with only OK, and OK closes it", () => {
    render(<SystemDialog />);
    expect(screen.queryByTestId("system-dialog")).toBeNull();
    act(() => showSystemMessage("Not enough gems!"));
    expect(screen.getByTestId("system-dialog").textContent).toContain("Not enough gems!");
    expect(screen.queryByTestId("system-dialog-cancel")).toBeNull();
    fireEvent.click(screen.getByTestId("system-dialog-ok"));
    expect(screen.queryByTestId("system-dialog")).toBeNull();
  });

  it("a dialog's OK runs the action", () => {
    const surrender = vi.fn();
    render(<SystemDialog />);
    act(() => showSystemMessage("Are you sure want to surrender?", "dialog", surrender));
    expect(screen.getByRole("dialog").textContent).toContain("Are you sure want to surrender?");
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(surrender).toHaveBeenCalledOnce();
    expect(screen.queryByTestId("system-dialog")).toBeNull();
  });

  it("a dialog's Cancel closes it without running the action", () => {
    const surrender = vi.fn();
    render(<SystemDialog />);
    act(() => showSystemMessage("Are you sure want to surrender?", "dialog", surrender));
    fireEvent.click(screen.getByTestId("system-dialog-cancel"));
    expect(surrender).not.toHaveBeenCalled();
    expect(screen.queryByTestId("system-dialog")).toBeNull();
  });
});
