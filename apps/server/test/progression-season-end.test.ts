/**
 * The season-end job: pays each player's rank reward once, drops everyone to
 * bronze with an empty track, opens the next season; safe to run again, from
 * the schedule inside the server or the `season-end` command.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ledgerFor } from "../src/db/repositories/ledger-repo.ts";
import {
  findOpenSeason,
  resetFromSnapshot,
  snapshotSeason,
} from "../src/db/repositories/progression-repo.ts";
import { createProgression, type Progression } from "../src/progression/progression.ts";
import {
  createSeasonEnd,
  type SeasonEnd,
  scheduleSeasonEnd,
} from "../src/progression/season-end.ts";
import { announceDialects, DIALECTS, newGuest, type TestApp, testApp } from "./harness.ts";

announceDialects();

const ROOT = resolve(import.meta.dirname, "../../..");

describe.each(DIALECTS)("season end on %s", (dialect) => {
  let t: TestApp;
  let progression: Progression;
  let job: SeasonEnd;
  const clock = () => t.clock.now;

  beforeEach(async () => {
    t = await testApp(dialect);
    progression = createProgression({ db: t.db, clock });
    job = createSeasonEnd({ db: t.db, clock, progression });
  });
  afterEach(async () => {
    await t.app.close();
  });

  const auths = new Map<number, Record<string, string>>();
  async function player(rankScore: number, seasonXp: number) {
    const g = await newGuest(t.app);
    auths.set(g.user.id, g.auth);
    await t.db.kysely
      .updateTable("users")
      .set({ rank_score: rankScore, season_xp: seasonXp })
      .where("id", "=", g.user.id)
      .execute();
    return g.user.id;
  }
  const row = (id: number) =>
    t.db.kysely.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const rankPaid = async (id: number) =>
    (await ledgerFor(t.db.kysely, id)).filter((l) => l.reason === "season_rank_reward");

  it("waits for the season's end, then pays each rank reward once and resets everyone to bronze", async () => {
    const bronze = await player(120, 300);
    const silver = await player(700, 1000);
    const champion = await player(3150, 9000);
    const xpOnly = await player(0, 40);
    const idle = await player(0, 0);
    const before = new Map<number, number>();
    for (const id of [bronze, silver, champion, xpOnly, idle])
      before.set(id, (await row(id)).silver);

    const early = await job.run();
    expect(early).toMatchObject({ closed: null, paid: 0, open: { id: "2026-11" } });
    expect((await row(silver)).rank_score).toBe(700);

    t.clock.now = Date.UTC(2026, 11, 1, 0, 0, 0);
    const result = await job.run();
    expect(result).toEqual({
      closed: "2026-11",
      players: 4,
      paid: 4,
      open: { id: "2026-12", ends_at: "2027-01-01T00:00:00.000Z" },
    });
    const expected: [number, number][] = [
      [bronze, 100],
      [silver, 500],
      [champion, 3000],
      [xpOnly, 100],
      [idle, 0],
    ];
    for (const [id, gems] of expected) {
      const r = await row(id);
      expect(r.silver - (before.get(id) ?? 0), `player ${id}`).toBe(gems);
      expect(r.rank_score).toBe(0);
      expect(r.season_xp).toBe(0);
    }
    const me = (
      await t.app.inject({
        method: "GET",
        url: "/api/player-details",
        headers: auths.get(champion) ?? {},
      })
    ).json().data;
    expect(me.rank).toEqual({ rank: "bronze", score: 0, total_score: 600 });
    expect(me.season_progress.currentLevel).toBe(0);
    expect(me.rank_champions).toEqual([]);

    // Again (a second process, a retry, the command): nothing more is paid or reset.
    await t.db.kysely
      .updateTable("users")
      .set({ rank_score: 40 })
      .where("id", "=", silver)
      .execute();
    expect(await job.run()).toMatchObject({ closed: null, paid: 0 });
    expect((await row(silver)).rank_score).toBe(40);
    for (const id of [bronze, silver, champion, xpOnly]) expect(await rankPaid(id)).toHaveLength(1);
    expect(await rankPaid(idle)).toHaveLength(0);
  });

  it("the new season's track pays its levels again; premium is kept", async () => {
    const id = await player(0, 300);
    await t.db.kysely.updateTable("users").set({ premium: 1 }).where("id", "=", id).execute();
    await t.db.kysely.transaction().execute((trx) => progression.syncSeason(trx, id));
    t.clock.now = Date.UTC(2026, 11, 1, 0, 0, 0);
    await job.run();
    await t.db.kysely.updateTable("users").set({ season_xp: 300 }).where("id", "=", id).execute();
    await t.db.kysely.transaction().execute((trx) => progression.syncSeason(trx, id));
    const claims = await t.db.kysely
      .selectFrom("season_rewards")
      .select(["season", "level", "track"])
      .where("user_id", "=", id)
      .orderBy("season")
      .orderBy("track")
      .execute();
    expect(claims).toEqual([
      { season: "2026-11", level: 1, track: "free" },
      { season: "2026-11", level: 1, track: "paid" },
      { season: "2026-12", level: 1, track: "free" },
      { season: "2026-12", level: 1, track: "paid" },
    ]);
    expect((await row(id)).premium).toBe(1);
  });

  it("keeps score won after the snapshot and finishes an interrupted payment", async () => {
    const id = await player(650, 0);
    await snapshotSeason(t.db.kysely, "2026-11");
    // A battle settles between the snapshot and the reset: its +20 survives.
    await t.db.kysely.updateTable("users").set({ rank_score: 670 }).where("id", "=", id).execute();
    await resetFromSnapshot(t.db.kysely, "2026-11", new Date(clock()).toISOString());
    expect((await row(id)).rank_score).toBe(20);
    // The snapshot row is unpaid (as if the job died after closing): the next run pays it.
    const r = await job.run();
    expect(r.paid).toBe(1);
    expect((await rankPaid(id)).map((l) => l.delta)).toEqual([500]);
    expect(await job.payUnpaid()).toBe(0);
  });

  it("an early, forced end opens a new season with its own id", async () => {
    t.clock.now = Date.UTC(2026, 10, 25, 9, 0, 0);
    const r = await job.run({ force: true });
    expect(r.closed).toBe("2026-11");
    expect(r.open).toEqual({ id: "2026-11-2", ends_at: "2026-12-01T00:00:00.000Z" });
    expect((await findOpenSeason(t.db.kysely))?.id).toBe("2026-11-2");
  });

  it("the schedule inside the server runs the job once the season's end has come", async () => {
    const id = await player(1300, 0);
    t.clock.now = Date.UTC(2026, 11, 1, 0, 0, 5);
    const errors: unknown[] = [];
    const stop = scheduleSeasonEnd({
      job,
      progression,
      clock,
      log: { info: () => {}, error: (obj) => errors.push(obj) },
    });
    try {
      for (let i = 0; i < 100 && (await findOpenSeason(t.db.kysely))?.id !== "2026-12"; i++)
        await new Promise((r) => setTimeout(r, 30));
      expect((await findOpenSeason(t.db.kysely))?.id).toBe("2026-12");
      for (let i = 0; i < 100 && (await rankPaid(id)).length === 0; i++)
        await new Promise((r) => setTimeout(r, 30));
      expect((await rankPaid(id)).map((l) => l.delta)).toEqual([1000]);
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });
});

describe("the season-end command", () => {
  const run = (args: string[], env: Record<string, string>) =>
    spawnSync(
      process.execPath,
      ["--import", "tsx", "apps/server/src/progression/season-end-cli.ts", ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "silent", ...env },
        encoding: "utf8",
        timeout: 60_000,
      },
    );

  it("shows the open season, ends it on --force and refuses unknown options", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cardrealm-season-"));
    const status = run(["--status"], { DATA_DIR: dataDir });
    expect(status.status, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/^open season \d{4}-\d{2}, ends \d{4}-\d{2}-01T00:00:00\.000Z/m);

    const forced = run(["--force"], { DATA_DIR: dataDir });
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/closed season \d{4}-\d{2}: 0 players recorded/);

    const bad = run(["--now"], { DATA_DIR: dataDir });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown option --now/);
  });
});
