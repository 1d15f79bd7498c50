import { expect, test } from "@playwright/test";
import { expectInsideViewport, expectMap, keepScreenshot, playAsNewPlayer } from "./support.ts";

test.describe("signing in", () => {
  test("a new player plays as new player and sees the map with 1000 gems", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("1.21-p")).toBeVisible();
    await expect(page.getByText(/18\+/)).toBeVisible();
    await keepScreenshot(page, "login");
    // Hold the files list back until the loading popup has been seen at work.
    let releaseFiles = () => {};
    const filesHeld = new Promise<void>((release) => {
      releaseFiles = release;
    });
    await page.route("**/api/files", async (route) => {
      await filesHeld;
      await route.continue();
    });
    await page.getByTestId("login-new-player").click();
    await expect(page.getByTestId("loading-popup")).toBeVisible();
    await expect(page.getByTestId("loading-tip")).not.toBeEmpty();
    const progress = page.getByTestId("loading-progress");
    await expect(progress).toHaveAttribute("role", "progressbar");
    const early = Number(await progress.getAttribute("aria-valuenow"));
    await keepScreenshot(page, "loading");
    releaseFiles();
    await expectMap(page);
    expect(early).toBeLessThan(100);
    await expect(page.getByTestId("gem-balance")).toHaveText(/1[\s,.]?000/);
    await keepScreenshot(page, "map");
    await expectInsideViewport(page, [
      "top-bar",
      "gem-balance",
      "nav-deck",
      "nav-offers",
      "map-arena",
      "chapter-elf",
    ]);
  });

  test("a reload keeps the player signed in", async ({ page }) => {
    await playAsNewPlayer(page);
    const token = await page.evaluate(() => localStorage.getItem("jwtToken"));
    expect(token).toBeTruthy();
    await page.reload();
    await expectMap(page);
    await expect(page.getByTestId("login-new-player")).toHaveCount(0);
    await expect(page.getByTestId("gem-balance")).toHaveText(/1[\s,.]?000/);
  });

  test("a broken stored token brings back the login screen", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("jwtToken", "broken.token.value"));
    await page.reload();
    await expect(page.getByTestId("login-new-player")).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem("jwtToken"))).toBeNull();
  });

  test("a wrong password shows 'Incorrect email or password'", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("login-form-login").fill("nobody-here");
    await page.getByTestId("login-form-password").fill("wrong-password");
    await page.getByTestId("login-form-submit").click();
    await expect(page.getByText("Incorrect email or password")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("screen-home")).toHaveCount(0);
  });

  test("a partner player signs in from the platform's signed launch; an unsigned one cannot", async ({
    page,
    request,
  }) => {
    // Unsigned (an id alone): "Auth error", and nobody is signed in.
    await page.goto("/?partner_id=e2e-partner-42&nickname=Selene");
    await page.getByTestId("login-play").click();
    await expect(page.getByTestId("system-dialog")).toContainText("Auth error");
    await page.getByTestId("system-dialog-ok").click();
    // Forged: the server refuses it and the player is told to reopen from the platform.
    const forged = new URLSearchParams({
      partner_id: "e2e-partner-42",
      nickname: "Selene",
      ts: String(Math.floor(Date.now() / 1000)),
      sign: "0".repeat(64),
    });
    await page.goto(`/?${forged.toString()}`);
    await page.getByTestId("login-play").click();
    await expect(page.getByTestId("loading-error")).toContainText(/platform/, { timeout: 15_000 });
    await page.getByTestId("loading-cancel").click();
    expect(await page.evaluate(() => localStorage.getItem("jwtToken"))).toBeNull();

    // Signed by the platform (the simulator's platform side holds the shared secret).
    const launch = await request.get(
      "/partner/api/launch?partner_id=e2e-partner-42&nickname=Selene",
    );
    const signed = (await launch.json()).data as Record<string, string | number>;
    const query = new URLSearchParams(
      Object.entries(signed).map(([k, v]) => [k, String(v)] as [string, string]),
    );
    await page.goto(`/?${query.toString()}`);
    await page.getByTestId("login-play").click();
    await expectMap(page);
    const me = await page.evaluate(async () => {
      const r = await fetch("/api/player-details", {
        headers: { authorization: `Bearer ${localStorage.getItem("jwtToken")}` },
      });
      return (await r.json()).data as { nickname: string; guest: boolean };
    });
    expect(me.nickname).toBe("Selene");
    expect(me.guest).toBe(false);
    await expect(page.getByTestId("top-bar")).toContainText("Selene");

    // Relaunched by the platform under a new name: the stored token resumes, the platform's name wins.
    const relaunch = await request.get(
      "/partner/api/launch?partner_id=e2e-partner-42&nickname=Selene%20Dawn",
    );
    const renamed = (await relaunch.json()).data as Record<string, string | number>;
    await page.goto(
      `/?${new URLSearchParams(Object.entries(renamed).map(([k, v]) => [k, String(v)])).toString()}`,
    );
    await expectMap(page);
    await expect(page.getByTestId("top-bar")).toContainText("Selene Dawn");
    // A reload spends nothing new (the launch is used): the name stays.
    await page.reload();
    await expectMap(page);
    await expect(page.getByTestId("top-bar")).toContainText("Selene Dawn");
  });

  test("a guest sets a login and password, logs out and logs back in with them", async ({
    page,
  }) => {
    // Five sign-ins and a password change: more than one journey's usual budget.
    test.slow();
    await playAsNewPlayer(page);
    const login = `hero${Date.now() % 1_000_000}`;
    await page.getByTestId("menu-button").click();
    await page.getByTestId("menu-save-account").click();
    await page.getByTestId("account-login").fill(login);
    await page.getByTestId("account-password").fill("starlight-99");
    await keepScreenshot(page, "save-account");
    await page.getByTestId("account-save").click();
    await expect(page.getByTestId("account-dialog")).toBeHidden({ timeout: 15_000 });
    await expect(page.getByTestId("system-dialog")).toContainText("account is saved");
    await page.getByTestId("system-dialog-ok").click();

    await page.getByTestId("menu-button").click();
    await page.getByTestId("logout").click();
    await expect(page.getByTestId("login-form-login")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("jwtToken"))).toBeNull();

    await page.getByTestId("login-form-login").fill(login);
    await page.getByTestId("login-form-password").fill("starlight-99");
    await page.getByTestId("login-form-submit").click();
    await expectMap(page);
    await expect(page.getByTestId("gem-balance")).toHaveText(/1[\s,.]?000/);

    // Changing the password needs the current one, and ends the other sessions.
    const before = await page.evaluate(() => localStorage.getItem("jwtToken"));
    await page.getByTestId("menu-button").click();
    await page.getByTestId("menu-change-password").click();
    await page.getByTestId("account-current-password").fill("not-my-password");
    await page.getByTestId("account-password").fill("moonrise-77");
    await page.getByTestId("account-save").click();
    await expect(page.getByTestId("account-error")).toContainText("current password");
    await page.getByTestId("account-current-password").fill("starlight-99");
    await keepScreenshot(page, "change-password");
    await page.getByTestId("account-save").click();
    await expect(page.getByTestId("account-dialog")).toBeHidden({ timeout: 15_000 });
    await expect(page.getByTestId("system-dialog")).toContainText("password is changed");
    await page.getByTestId("system-dialog-ok").click();
    const after = await page.evaluate(() => localStorage.getItem("jwtToken"));
    expect(after).not.toBe(before);
    const oldSession = await page.evaluate(async (token) => {
      const r = await fetch("/api/player-details", {
        headers: { authorization: `Bearer ${token}` },
      });
      return r.status;
    }, before);
    expect(oldSession).toBe(401);
    // This session goes on.
    await page.reload();
    await expectMap(page);
  });

  test("a chapter above the player's level is locked with 'Required chapter N'", async ({
    page,
  }) => {
    await playAsNewPlayer(page);
    await expect(page.getByTestId("chapter-vampires-required")).toHaveText(/Required chapter 7/);
    await page.getByTestId("chapter-elf").click();
    await expect(page.getByTestId("boss-window")).toBeVisible();
    await keepScreenshot(page, "boss-window");
    await page.getByTestId("boss-window-close").click();
    await expect(page.getByTestId("boss-window")).toBeHidden();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 740, height: 360 }, hasTouch: true, isMobile: true });

  test("the login and the map fit a 740x360 landscape phone", async ({ page }) => {
    await page.goto("/");
    await expectInsideViewport(page, ["login-new-player", "login-form-submit"]);
    await keepScreenshot(page, "login-phone");
    await page.getByTestId("login-new-player").click();
    await expectMap(page);
    await expectInsideViewport(page, [
      "top-bar",
      "gem-balance",
      "nav-deck",
      "nav-offers",
      "map-arena",
      "chapter-elf",
      "chapter-vampires",
    ]);
    await keepScreenshot(page, "map-phone");
  });

  test("held upright, the phone asks to be rotated", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await expect(page.getByText("Please rotate phone to horizontal")).toBeVisible();
  });
});
