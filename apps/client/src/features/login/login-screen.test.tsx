// @vitest-environment happy-dom
import { CLIENT_VERSION_LABEL, JWT_STORAGE_KEY } from "@cardrealm/protocol";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SystemDialog } from "../../components/system-dialog/system-dialog.tsx";
import { STORAGE_KEYS } from "../../lib/storage.ts";
import { makeSignedIn, mockFetch, resetAll } from "../../test/fixtures.ts";
import { LoadingPopup } from "../loading/loading-popup.tsx";
import { LoginScreen, TAGLINE } from "./login-screen.tsx";

afterEach(resetAll);

function renderLogin(search: string) {
  return render(
    <>
      <LoginScreen search={search} />
      <LoadingPopup />
      <SystemDialog />
    </>,
  );
}

describe("login screen", () => {
  it("shows the 18+ tagline, the version label and the three ways in", () => {
    mockFetch({});
    renderLogin("");
    expect(screen.getByText(TAGLINE)).toBeTruthy();
    expect(screen.getByTestId("login-version").textContent).toContain(CLIENT_VERSION_LABEL);
    expect(screen.getByRole("button", { name: "Play" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Play as new player" })).toBeTruthy();
    expect(screen.getByLabelText("Login")).toBeTruthy();
    expect(screen.getByLabelText("Password")).toBeTruthy();
  });

  it('says "Auth error" when the page query has an id but no nickname', () => {
    const { calls } = mockFetch({});
    renderLogin("?partner_id=42");
    fireEvent.click(screen.getByTestId("login-play"));
    expect(screen.getByTestId("system-dialog").textContent).toContain("Auth error");
    expect(calls).toHaveLength(0);
  });

  it('says "Auth error" when the page query has a nickname but no id', () => {
    mockFetch({});
    renderLogin("?nickname=Morwen");
    fireEvent.click(screen.getByTestId("login-play"));
    expect(screen.getByTestId("system-dialog").textContent).toContain("Auth error");
  });

  it("signs in with the partner id and nickname of the query (partner_nickname accepted)", async () => {
    const { calls } = mockFetch({
      "POST /api/auth": () => ({ status: 200, body: { data: makeSignedIn() } }),
    });
    renderLogin("?partner_id=42&partner_nickname=Morwen");
    fireEvent.click(screen.getByTestId("login-play"));
    expect(screen.getByTestId("loading-popup")).toBeTruthy();
    expect(screen.getByRole("progressbar")).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.key === "POST /api/auth")).toBe(true));
    const auth = calls.find((c) => c.key === "POST /api/auth");
    expect(JSON.parse(String(auth?.init?.body))).toEqual({ partner_id: "42", nickname: "Morwen" });
  });

  it("in local mode uses a remembered id and a random 6-character nickname", async () => {
    const { calls } = mockFetch({});
    renderLogin("");
    fireEvent.click(screen.getByTestId("login-play"));
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    const body = JSON.parse(String(calls[0]?.init?.body)) as {
      partner_id: string;
      nickname: string;
    };
    expect(body.partner_id).toBe(localStorage.getItem(STORAGE_KEYS.localPartnerId));
    expect(body.nickname).toMatch(/^[a-z0-9]{6}$/);
  });

  it('shows "Incorrect email or password" next to the form when the server refuses', async () => {
    mockFetch({
      "POST /api/login": () => ({
        status: 401,
        body: { error: { code: "incorrect_login", message: "Incorrect email or password" } },
      }),
    });
    renderLogin("");
    fireEvent.change(screen.getByTestId("login-form-login"), { target: { value: "morwen" } });
    fireEvent.change(screen.getByTestId("login-form-password"), {
      target: { value: "wrong-pass" },
    });
    fireEvent.click(screen.getByTestId("login-form-submit"));
    const error = await screen.findByTestId("login-error");
    expect(error.textContent).toBe("Incorrect email or password");
    expect(screen.queryByTestId("loading-popup")).toBeNull();
    expect(localStorage.getItem(JWT_STORAGE_KEY)).toBeNull();
    expect((screen.getByTestId("login-form-submit") as HTMLButtonElement).disabled).toBe(false);
  });

  it("offers Retry when the server cannot be reached", async () => {
    let up = false;
    mockFetch({
      "POST /api/play-new-player": () =>
        up
          ? { status: 200, body: { data: makeSignedIn() } }
          : {
              status: 503,
              body: { error: { code: "internal", message: "The realm is resting." } },
            },
    });
    renderLogin("");
    fireEvent.click(screen.getByTestId("login-new-player"));
    expect((await screen.findByTestId("loading-error")).textContent).toContain(
      "The realm is resting.",
    );
    up = true;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(localStorage.getItem(JWT_STORAGE_KEY)).toBe("token-abc"));
  });
});
