// @vitest-environment happy-dom
import { JWT_STORAGE_KEY } from "@cardrealm/protocol";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { appStore } from "../stores/app-store.ts";
import { makeSignedIn, makeUser, mockFetch, ok, resetAll } from "../test/fixtures.ts";
import { App } from "./app.tsx";
import { resumeSession } from "./session.ts";

afterEach(resetAll);

const settings = {
  partner: "local",
  supporterUrl: "https://example.test/support",
  patronUrl: "https://example.test/patron",
  communityUrl: "https://example.test/chat",
  version: "1.21.0",
};

const catalogueRoutes = {
  "GET /api/cards": ok([]),
  "GET /api/boxes": ok([]),
  "GET /api/files": ok([[], []]),
  "GET /api/settings": ok(settings),
};

describe("the journey from login to the map", () => {
  it("a new player goes through the loading popup to the world map, then logs out", async () => {
    const { calls } = mockFetch({
      ...catalogueRoutes,
      "POST /api/play-new-player": ok(makeSignedIn({ silver: 1000 })),
    });
    render(<App />);
    fireEvent.click(screen.getByTestId("login-new-player"));
    expect(screen.getByTestId("loading-popup")).toBeTruthy();

    await screen.findByTestId("screen-home", {}, { timeout: 3000 });
    expect(screen.queryByTestId("loading-popup")).toBeNull();
    expect(screen.getByTestId("gem-balance").textContent).toBe("1,000");
    expect(localStorage.getItem(JWT_STORAGE_KEY)).toBe("token-abc");
    // Calls after sign-in carry the bearer token.
    const cards = calls.find((c) => c.key === "GET /api/cards");
    const headers = (cards?.init?.headers ?? {}) as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer token-abc");

    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    fireEvent.click(screen.getByTestId("logout"));
    expect(screen.getByTestId("login-play")).toBeTruthy();
    expect(localStorage.getItem(JWT_STORAGE_KEY)).toBeNull();
  });

  it("a stored token that the server accepts goes straight to the map", async () => {
    localStorage.setItem(JWT_STORAGE_KEY, "stored");
    mockFetch({ ...catalogueRoutes, "GET /api/player-details": ok(makeUser({ level: 4 })) });
    resumeSession();
    render(<App />);
    await screen.findByTestId("screen-home", {}, { timeout: 3000 });
    expect(appStore.get().isAuth).toBe(true);
  });

  it("while a stored token resumes, the popup shows over the map's art, not over the login", async () => {
    localStorage.setItem(JWT_STORAGE_KEY, "stored");
    mockFetch({ ...catalogueRoutes, "GET /api/player-details": ok(makeUser()) });
    resumeSession();
    render(<App />);
    expect(screen.getByTestId("loading-popup")).toBeTruthy();
    expect(screen.queryByTestId("login-play")).toBeNull();
    await screen.findByTestId("screen-home", {}, { timeout: 3000 });
  });

  it("a partner relaunch under a new nickname shows the platform's name, not the stored token's", async () => {
    localStorage.setItem(JWT_STORAGE_KEY, "stored");
    const launch = "?partner_id=p-42&nickname=Selene%20Dawn&ts=1800000000&sign=abc123";
    const partner = { guest: false, nickname: "Selene" };
    const { calls } = mockFetch({
      ...catalogueRoutes,
      "GET /api/player-details": ok(makeUser(partner)),
      "POST /api/auth": ok({
        ...makeUser({ ...partner, nickname: "Selene Dawn" }),
        jwtToken: "t2",
      }),
    });
    resumeSession(launch);
    render(<App />);
    await screen.findByTestId("screen-home", {}, { timeout: 3000 });
    expect(screen.getByTestId("top-bar").textContent).toContain("Selene Dawn");
    const auth = calls.find((c) => c.key === "POST /api/auth");
    expect(JSON.parse(String(auth?.init?.body))).toEqual({
      partner_id: "p-42",
      nickname: "Selene Dawn",
      ts: 1800000000,
      sign: "abc123",
    });
    expect(localStorage.getItem(JWT_STORAGE_KEY)).toBe("t2");
  });

  it("a reload of a spent launch (refused by the server) keeps the resumed player and token", async () => {
    localStorage.setItem(JWT_STORAGE_KEY, "stored");
    const { calls } = mockFetch({
      ...catalogueRoutes,
      "GET /api/player-details": ok(makeUser({ guest: false, nickname: "Selene" })),
      "POST /api/auth": () => ({
        status: 401,
        body: { error: { code: "unauthorized", message: "This launch was already used" } },
      }),
    });
    resumeSession("?partner_id=p-42&nickname=Old%20Name&ts=1800000000&sign=abc123");
    render(<App />);
    await screen.findByTestId("screen-home", {}, { timeout: 3000 });
    expect(screen.getByTestId("top-bar").textContent).toContain("Selene");
    expect(localStorage.getItem(JWT_STORAGE_KEY)).toBe("stored");
    expect(calls.filter((c) => c.key === "POST /api/auth")).toHaveLength(1);
  });

  it("a stored token that the server refuses is dropped and login is shown", async () => {
    localStorage.setItem(JWT_STORAGE_KEY, "expired");
    mockFetch({
      "GET /api/player-details": () => ({
        status: 401,
        body: { error: { code: "unauthorized", message: "Token expired" } },
      }),
    });
    resumeSession();
    render(<App />);
    await waitFor(() => expect(localStorage.getItem(JWT_STORAGE_KEY)).toBeNull());
    await waitFor(() => expect(screen.queryByTestId("loading-popup")).toBeNull());
    expect(screen.getByTestId("login-play")).toBeTruthy();
  });

  it("the map's buttons lead to screens that lead back to the map", async () => {
    localStorage.setItem(JWT_STORAGE_KEY, "stored");
    mockFetch({ ...catalogueRoutes, "GET /api/player-details": ok(makeUser()) });
    resumeSession();
    render(<App />);
    fireEvent.click(await screen.findByTestId("nav-deck", {}, { timeout: 3000 }));
    const deck = await screen.findByTestId("screen-deck", {}, { timeout: 3000 });
    expect(deck.textContent).toContain("Library:");
    fireEvent.click(screen.getByRole("button", { name: "Back to map" }));
    expect(await screen.findByTestId("screen-home", {}, { timeout: 3000 })).toBeTruthy();
  });

  it("a guest saves the account and sees the server's error text", async () => {
    localStorage.setItem(JWT_STORAGE_KEY, "stored");
    mockFetch({
      ...catalogueRoutes,
      "GET /api/player-details": ok(makeUser({ guest: true })),
      "PUT /api/player/edit": () => ({
        status: 409,
        body: { error: { code: "login_taken", message: "This login is already taken" } },
      }),
    });
    resumeSession();
    render(<App />);
    fireEvent.click(await screen.findByRole("button", { name: "Menu" }, { timeout: 3000 }));
    fireEvent.click(screen.getByTestId("menu-save-account"));
    fireEvent.change(screen.getByTestId("account-login"), { target: { value: "morwen" } });
    fireEvent.change(screen.getByTestId("account-password"), { target: { value: "secret-rune" } });
    fireEvent.click(screen.getByTestId("account-save"));
    expect((await screen.findByTestId("account-error")).textContent).toBe(
      "This login is already taken",
    );
  });
});
