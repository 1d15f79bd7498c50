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

  it("signs in with the partner's signed launch of the query (partner_nickname accepted)", async () => {
    const sign = "a".repeat(64);
    const { calls } = mockFetch({
      "POST /api/auth": () => ({ status: 200, body: { data: makeSignedIn() } }),
    });
    renderLogin(`?partner_id=42&partner_nickname=Morwen&ts=1790000000&sign=${sign}`);
    fireEvent.click(screen.getByTestId("login-play"));
    expect(screen.getByTestId("loading-popup")).toBeTruthy();
    expect(screen.getByRole("progressbar")).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.key === "POST /api/auth")).toBe(true));
    const auth = calls.find((c) => c.key === "POST /api/auth");
    expect(JSON.parse(String(auth?.init?.body))).toEqual({
      partner_id: "42",
      nickname: "Morwen",
      ts: 1790000000,
      sign,
    });
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.tokenOwner)).toBe("42"));
  });

  it('says "Auth error" for a partner launch without the platform\'s signature', () => {
    const { calls } = mockFetch({});
    renderLogin("?partner_id=42&nickname=Morwen");
    fireEvent.click(screen.getByTestId("login-play"));
    expect(screen.getByTestId("system-dialog").textContent).toContain("Auth error");
    expect(calls).toHaveLength(0);
  });

  it("in local mode a first Play makes a guest and keeps its device key; the next Play signs in with it", async () => {
    const { calls } = mockFetch({
      "POST /api/play-new-player": () => ({
        status: 200,
        body: { data: { ...makeSignedIn(), device_key: "k".repeat(43) } },
      }),
      "POST /api/device-login": () => ({ status: 200, body: { data: makeSignedIn() } }),
    });
    renderLogin("");
    fireEvent.click(screen.getByTestId("login-play"));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.deviceKey)).toBe("k".repeat(43)));
    expect(calls[0]?.key).toBe("POST /api/play-new-player");
    // Nothing of the local id goes to the server: it signs nobody in.
    expect(calls.some((c) => String(c.init?.body ?? "").includes("local-"))).toBe(false);
    resetAll();
    localStorage.setItem(STORAGE_KEYS.deviceKey, "k".repeat(43));
    const again = mockFetch({
      "POST /api/device-login": () => ({ status: 200, body: { data: makeSignedIn() } }),
    });
    renderLogin("");
    fireEvent.click(screen.getAllByTestId("login-play")[0] as HTMLElement);
    await waitFor(() => expect(again.calls.length).toBeGreaterThan(0));
    expect(again.calls[0]?.key).toBe("POST /api/device-login");
    expect(JSON.parse(String(again.calls[0]?.init?.body))).toEqual({ device_key: "k".repeat(43) });
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

  it("a login sends this device's credential and keeps the one the server answers", async () => {
    localStorage.setItem(STORAGE_KEYS.deviceCredential, "d1.old-credential");
    const { calls } = mockFetch({
      "POST /api/login": () => ({
        status: 200,
        body: { data: { ...makeSignedIn(), device_credential: "d1.new-credential" } },
      }),
    });
    renderLogin("");
    fireEvent.change(screen.getByTestId("login-form-login"), { target: { value: "morwen" } });
    fireEvent.change(screen.getByTestId("login-form-password"), {
      target: { value: "right-pass" },
    });
    fireEvent.click(screen.getByTestId("login-form-submit"));
    await waitFor(() =>
      expect(localStorage.getItem(STORAGE_KEYS.deviceCredential)).toBe("d1.new-credential"),
    );
    const login = calls.find((c) => c.key === "POST /api/login");
    expect(JSON.parse(String(login?.init?.body))).toEqual({
      login: "morwen",
      password: "right-pass",
      device_credential: "d1.old-credential",
    });
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
