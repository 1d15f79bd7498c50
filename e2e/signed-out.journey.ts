import { expect, test } from "@playwright/test";
import { openArena, playerId, type SeedPlayer, sqliteSeeder } from "./arena-support.ts";
import { expectMap, playAsNewPlayer } from "./support.ts";

/**
 * Issue 23 item 4: a session ended elsewhere ends the open page too. A
 * player is in a live arena battle (against the bot); from another device
 * their password is changed; the battle page's channel is closed (4410) and
 * the page shows "signed out" over the sign-in screen, without reconnecting.
 */
const seed: SeedPlayer = sqliteSeeder(process.env.E2E_DATA_DIR ?? "");

test.describe("a session ended elsewhere", () => {
  test("a password change on another device signs the battle page out", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const api = (path: string, method: string, token: string | null, body: unknown) =>
      fetch(`${baseURL}${path}`, {
        method,
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));

    // A guest who gives themselves a login and password, at the arena's level.
    await playAsNewPlayer(page);
    const id = await playerId(page);
    const login = `signedout${id}`;
    const guestToken = await page.evaluate(() => localStorage.getItem("jwtToken"));
    const set = await api("/api/player/edit", "PUT", guestToken, { login, password: "first-pass" });
    expect(set.status).toBe(200);
    await seed(id, { level: 3 });
    await page.evaluate((t) => localStorage.setItem("jwtToken", t), set.body.data.jwtToken);
    await page.reload();
    await expectMap(page);
    await openArena(page);

    // A live battle against the bot (the test server's bot wait is 8 s).
    await page.getByTestId("arena-queue").click();
    await expect(page.getByTestId("battle-screen")).toBeVisible({ timeout: 30_000 });

    // Another device signs in and changes the password.
    const other = await api("/api/login", "POST", null, { login, password: "first-pass" });
    expect(other.status).toBe(200);
    let sockets = 0;
    page.on("websocket", () => {
      sockets++;
    });
    const changed = await api("/api/player/edit", "PUT", other.body.data.jwtToken, {
      login,
      password: "second-pass",
      current_password: "first-pass",
    });
    expect(changed.status).toBe(200);

    const dialog = page.getByTestId("system-dialog");
    await expect(dialog).toContainText("You were signed out", { timeout: 15_000 });
    await expect(page.getByTestId("battle-screen")).toBeHidden();
    await expect(page.getByTestId("login-form-login")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("jwtToken"))).toBeNull();
    await page.waitForTimeout(3_000); // longer than the channel's 2 s reconnect delay
    expect(sockets, "no reconnect after a sign-out").toBe(0);

    // And the way back in: the new password signs in, and the battle, which
    // went on without the page, takes the player back (the map may show for a
    // moment before the channel's resume snapshot arrives, or not at all).
    await page.getByTestId("system-dialog-ok").click();
    await page.getByTestId("login-form-login").fill(login);
    await page.getByTestId("login-form-password").fill("second-pass");
    await page.getByTestId("login-form-submit").click();
    await expect(page.getByTestId("battle-screen")).toHaveAttribute("data-phase", /.+/, {
      timeout: 30_000,
    });
    await expect(page.getByTestId("login-form-login")).toBeHidden();
  });
});
