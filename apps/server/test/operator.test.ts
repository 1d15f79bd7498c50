/**
 * The operator's console: its settings, that it exists only with tokens, the
 * page and the refusal of unknown tokens (throttled), the log of refused
 * calls, looking a player up, sessions and suspension; and `npm run admin`.
 * Grants and refunds are in operator-gems.test.ts.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { openSqlite } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { DIALECTS } from "./harness.ts";
import { ALICE, BOB, operatorBed } from "./operator-support.ts";

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = mkdtempSync(join(tmpdir(), "cardrealm-operator-config-"));

describe.each(DIALECTS)("the operator's console on %s", (dialect) => {
  const bed = operatorBed(dialect);

  it("takes OPERATOR_GRANT_GEMS_PER_DAY as a whole number of gems, 10,000 unless set", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).operatorGrantGemsPerDay).toBe(10_000);
    expect(
      loadConfig({ DATA_DIR: dataDir, OPERATOR_GRANT_GEMS_PER_DAY: "0" }).operatorGrantGemsPerDay,
    ).toBe(0);
    for (const bad of ["-1", "12.5", "lots"])
      expect(() => loadConfig({ DATA_DIR: dataDir, OPERATOR_GRANT_GEMS_PER_DAY: bad })).toThrow(
        /OPERATOR_GRANT_GEMS_PER_DAY/,
      );
  });

  it("does not exist without OPERATOR_TOKENS", async () => {
    const { app } = await bed.start({});
    expect((await app.inject({ method: "GET", url: "/operator/" })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/operator/players?q=1" })).statusCode).toBe(
      404,
    );
  });

  it("serves the page, refuses calls without a known token and throttles guessing, never the right token", async () => {
    const { app, op, allActions } = await bed.start();
    const page = await app.inject({ method: "GET", url: "/operator/" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("operator console");
    expect((await app.inject({ method: "GET", url: "/operator/console.js" })).statusCode).toBe(200);
    const none = await app.inject({ method: "GET", url: "/api/operator/players?q=1" });
    expect(none.statusCode).toBe(401);
    const answers: number[] = [];
    for (let i = 0; i < 12; i++)
      answers.push((await op("GET", "players?q=1", undefined, `${ALICE}x`)).status);
    // At most 10 wrong guesses a minute from one address, then 429 whatever is sent.
    expect(answers.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(answers.slice(10)).toEqual([429, 429]);
    // The operator's own token, from the same address, is never refused by the lockout.
    expect((await op("GET", "players?q=1")).status).toBe(200);
    expect((await op("GET", "players?q=1", undefined, BOB)).status).toBe(200);
    expect((await op("GET", "players?q=1", undefined, `${ALICE}x`)).status).toBe(429);
    // Every attempt is in the log with its outcome; the tokens never are.
    const log = await allActions();
    expect(log.map((a) => `${a.operator}:${a.outcome}:${a.status}`)).toEqual([
      // A missing token counts as a wrong one: 10 a minute, then 429.
      "(unknown):missing_token:401",
      ...Array(9).fill("(unknown):wrong_token:401"),
      ...Array(3).fill("(unknown):throttled:429"),
      "alice:done:200",
      "bob:done:200",
      "(unknown):throttled:429",
    ]);
    expect(log.every((a) => a.route === "GET /api/operator/players" && a.action === "lookup")).toBe(
      true,
    );
    expect(log.every((a) => a.address === "127.0.0.1")).toBe(true);
    expect(JSON.stringify(log)).not.toContain(ALICE.slice(0, 12));
    expect(JSON.stringify(log)).not.toContain(BOB.slice(0, 12));
  });

  it("writes every refused call to operator_actions with its status, address and route", async () => {
    const { app, op, guest, allActions } = await bed.start();
    const g = await guest();
    expect((await op("GET", "players/999999")).status).toBe(404);
    expect((await op("POST", "suspend", { user_id: g.id, reason: "bots" })).status).toBe(200);
    expect((await op("POST", "suspend", { user_id: g.id, reason: "bots again" }, BOB)).status).toBe(
      409,
    );
    expect((await op("POST", "grant", { user_id: g.id, gems: -5, reason: "oops" })).status).toBe(
      400,
    );
    const malformed = await app.inject({
      method: "POST",
      url: "/api/operator/refund",
      remoteAddress: "203.0.113.40",
      headers: { authorization: `Bearer ${BOB}`, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    const wrong = await app.inject({
      method: "POST",
      url: "/api/operator/grant",
      remoteAddress: "203.0.113.41",
      headers: { authorization: "Bearer not-an-operator-token-at-all" },
      payload: { user_id: g.id, gems: 5, reason: "free gems", key: "steal-00001" },
    });
    expect(wrong.statusCode).toBe(401);
    const log = (await allActions()).map((a) => ({
      operator: a.operator,
      action: a.action,
      user: a.user_id,
      outcome: a.outcome,
      status: a.status,
      address: a.address,
      route: a.route,
    }));
    const from = "127.0.0.1";
    expect(log).toEqual([
      {
        operator: "alice",
        action: "view",
        user: 999999,
        outcome: "refused",
        status: 404,
        address: from,
        route: "GET /api/operator/players/:id",
      },
      {
        operator: "alice",
        action: "suspend",
        user: g.id,
        outcome: "done",
        status: 200,
        address: from,
        route: "POST /api/operator/suspend",
      },
      {
        operator: "bob",
        action: "suspend",
        user: g.id,
        outcome: "refused",
        status: 409,
        address: from,
        route: "POST /api/operator/suspend",
      },
      {
        operator: "alice",
        action: "grant",
        user: g.id,
        outcome: "refused",
        status: 400,
        address: from,
        route: "POST /api/operator/grant",
      },
      {
        operator: "bob",
        action: "refund",
        user: null,
        outcome: "refused",
        status: 400,
        address: "203.0.113.40",
        route: "POST /api/operator/refund",
      },
      {
        operator: "(unknown)",
        action: "grant",
        // Without a right token the body is not even read.
        user: null,
        outcome: "wrong_token",
        status: 401,
        address: "203.0.113.41",
        route: "POST /api/operator/grant",
      },
    ]);
    const refusal = JSON.parse((await allActions())[2]?.details ?? "{}");
    expect(refusal).toEqual({ code: "conflict", message: `Player ${g.id} is already suspended.` });
    // The wrong token's call changed nothing and never reached the body's grant.
    expect(JSON.stringify(await allActions())).not.toContain("not-an-operator-token");
  });

  it("finds a player by id, login, nickname and partner id, and shows their ledger and battles", async () => {
    const { app, op, guest } = await bed.start();
    const g = await guest();
    await bed.t?.db.kysely
      .updateTable("users")
      .set({ login: "mira@example.com", nickname: "MiraNightshade", partner_id: "p-777" })
      .where("id", "=", g.id)
      .execute();
    const battle = await app.inject({
      method: "POST",
      url: "/api/game/cpu/start",
      headers: { authorization: `Bearer ${g.jwtToken}` },
      payload: { cpu_id: 6 },
    });
    expect(battle.statusCode).toBe(200);
    for (const q of [String(g.id), "mira@example.com", "miranight", "p-777"]) {
      const found = await op("GET", `players?q=${encodeURIComponent(q)}`);
      expect(found.status, q).toBe(200);
      expect(
        found.body.data.map((p: { id: number }) => p.id),
        q,
      ).toEqual([g.id]);
    }
    // A LIKE pattern in the query is text, not a wildcard.
    expect((await op("GET", "players?q=%25")).body.data).toEqual([]);
    expect((await op("GET", "players?q=")).status).toBe(400);
    const shown = await op("GET", `players/${g.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.player).toMatchObject({ id: g.id, nickname: "MiraNightshade" });
    expect(shown.body.data.ledger[0]).toMatchObject({ reason: "new_player", delta: g.silver });
    expect(shown.body.data.battles).toHaveLength(1);
    expect((await op("GET", "players/999999")).status).toBe(404);
  });

  it("ends sessions, suspends with a reason the player sees, and lifts it", async () => {
    const { app, op, guest, details, actions } = await bed.start();
    const g = await guest();
    expect(
      (await op("POST", "end-sessions", { user_id: g.id, reason: "stolen phone" })).status,
    ).toBe(200);
    expect((await details(g.jwtToken)).statusCode).toBe(401);
    const login = () =>
      app.inject({
        method: "POST",
        url: "/api/device-login",
        payload: { device_key: g.device_key },
      });
    const back = await login();
    expect(back.statusCode).toBe(200);
    const token = back.json().data.jwtToken as string;

    const suspend = await op("POST", "suspend", { user_id: g.id, reason: "botting in the arena" });
    expect(suspend.status).toBe(200);
    expect((await details(token)).statusCode).toBe(401);
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain("suspended: botting in the arena");
    expect((await op("POST", "suspend", { user_id: g.id, reason: "again" })).status).toBe(409);

    expect(
      (await op("POST", "unsuspend", { user_id: g.id, reason: "appeal accepted" }, BOB)).status,
    ).toBe(200);
    expect((await login()).statusCode).toBe(200);
    expect((await actions(g.id))?.map((a) => `${a.operator}:${a.action}:${a.status}`)).toEqual([
      "alice:end_sessions:200",
      "alice:suspend:200",
      "alice:suspend:409",
      "bob:unsuspend:200",
    ]);
  });
});

describe("npm run admin", () => {
  it("grants, suspends and looks up against the configured database, logging the operator", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cardrealm-admin-"));
    const sqlite = join(dataDir, "cardrealm.sqlite");
    const db = openSqlite(sqlite);
    await migrateToLatest(db);
    const id = Number(
      (
        await db.kysely
          .insertInto("users")
          .values({
            login: null,
            password_hash: null,
            partner_id: "p-42",
            nickname: "Korvin",
            guest: 0,
            level: 1,
            silver: 100,
            premium: 0,
            tutorial_active: 0,
            tutorial_step: "Done",
            active_deck: 1,
            rank_score: 0,
            season_xp: 0,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
            device_key_hash: null,
            suspended_at: null,
            suspended_reason: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
    await db.close();
    const admin = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "src/operator/admin-cli.ts", ...args], {
        cwd: serverDir,
        encoding: "utf8",
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          TOKEN_SECRET: "admin-test-secret-0123456789abcdef",
        },
      });

    const grant = admin(
      "grant",
      String(id),
      "300",
      "--reason",
      "birthday gift",
      "--key",
      "cli-grant-1",
      "--operator",
      "carol",
      "--json",
    );
    expect(grant.status, grant.stderr).toBe(0);
    expect(JSON.parse(grant.stdout)).toEqual({ pending: false, balance: 400, duplicate: false });
    const again = admin(
      "grant",
      String(id),
      "300",
      "--reason",
      "birthday gift",
      "--key",
      "cli-grant-1",
      "--operator",
      "carol",
      "--json",
    );
    expect(JSON.parse(again.stdout)).toEqual({ pending: false, balance: 400, duplicate: true });
    // Above the day's ceiling (10,000 by default) a grant waits for another operator.
    const big = admin(
      ...["grant", String(id), "20000", "--reason", "tournament", "--operator", "carol", "--json"],
    );
    expect(big.status, big.stderr).toBe(0);
    const held = JSON.parse(big.stdout);
    expect(held).toMatchObject({ pending: true, gems: 20000, granted_today: 300 });
    const own = admin("confirm-grant", String(held.grant_id), "--operator", "carol");
    expect(own.status).toBe(2);
    expect(own.stderr).toContain("another operator must confirm");
    const second = admin("confirm-grant", String(held.grant_id), "--operator", "dave", "--json");
    expect(second.status, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual({ balance: 20400, gems: 20000, user_id: id });
    expect(
      admin("suspend", String(id), "--reason", "chargebacks", "--operator", "carol").status,
    ).toBe(0);
    const found = admin("find", "p-42", "--operator", "carol", "--json");
    expect(JSON.parse(found.stdout)[0]).toMatchObject({ id, suspended_reason: "chargebacks" });

    const noName = admin("grant", String(id), "5", "--reason", "x-y-z");
    expect(noName.status).toBe(2);
    expect(noName.stderr).toContain("--operator");

    const check = openSqlite(sqlite);
    const log = await check.kysely
      .selectFrom("operator_actions")
      .select(["operator", "action", "status", "address", "route"])
      .orderBy("id")
      .execute();
    await check.close();
    const cli = (operator: string, action: string, status: number, command: string) => ({
      operator,
      action,
      status,
      address: "cli",
      route: `admin ${command}`,
    });
    expect(log).toEqual([
      cli("carol", "grant", 200, "grant"),
      cli("carol", "grant", 200, "grant"),
      cli("carol", "grant", 202, "grant"),
      cli("carol", "confirm_grant", 403, "confirm-grant"),
      cli("dave", "confirm_grant", 200, "confirm-grant"),
      cli("carol", "suspend", 200, "suspend"),
      cli("carol", "lookup", 200, "find"),
    ]);
    // Eight commands, each a new process starting tsx: ~2 s each on a quiet machine, 10+ s under load.
  }, 300_000);
});
