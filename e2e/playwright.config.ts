import { mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { JOURNEY_PACE } from "./journey-env.ts";

const port = Number(process.env.E2E_PORT ?? 3100);
// A fresh data folder per run: journeys start from an empty game.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "cardrealm-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

/** The journeys that take a minute or more on their own. */
const LONG_JOURNEYS = ["**/tutorial.journey.ts", "**/story-win.journey.ts"];

/**
 * The journeys whose players press Fight on this server's one arena queue: one
 * test at a time. Two at once pair across tests (the queue matches whoever is
 * waiting: session 19's preview matched spectate's two players with
 * arena.journey's, and both tests read the wrong names).
 */
const QUEUE_JOURNEYS = [
  "**/arena.journey.ts",
  "**/spectate.journey.ts",
  "**/versus-names.journey.ts",
  "**/phone-text.journey.ts",
  "**/signed-out.journey.ts",
];

/**
 * The journeys that start their own server processes (two to four servers,
 * nginx, a database each): one at a time, beside the others. Three of them at
 * once with two tutorials put CI's 2-core load at 17 and timed two journeys out.
 */
const CLUSTER_JOURNEYS = [
  "**/cluster.journey.ts",
  "**/cluster-social.journey.ts",
  "**/arena-redis.journey.ts",
];

export default defineConfig({
  testDir: ".",
  projects: [
    // The long journeys first (a project's tests are handed out before the
    // next project's): started last, one of them alone at the end of the run
    // was the run's last minutes (docs/testing.md).
    { name: "journeys-cluster", testMatch: CLUSTER_JOURNEYS, workers: 1 },
    { name: "journeys-queue", testMatch: QUEUE_JOURNEYS, workers: 1 },
    { name: "journeys-long", testMatch: LONG_JOURNEYS },
    {
      name: "journeys",
      testMatch: "**/*.journey.ts",
      testIgnore: [...LONG_JOURNEYS, ...CLUSTER_JOURNEYS, ...QUEUE_JOURNEYS],
    },
    // Last: rebuilds the replay of every battle the journeys finished and
    // checks it reaches the stored final state (replay-check.check.ts,
    // docs/replays.md). Skipped when a journey failed (a dependency).
    {
      name: "replay-check",
      testMatch: "**/*.check.ts",
      dependencies: ["journeys-cluster", "journeys-queue", "journeys-long", "journeys"],
    },
  ],
  // Four tests at a time (docs/testing.md): the journeys spend most of their
  // time waiting on the screen's pace, and each test signs up its own players,
  // so tests of one file run side by side too. The arena queue is the one
  // shared thing: every journey that queues on this server is in
  // QUEUE_JOURNEYS, one test at a time in one worker;
  // cluster and arena-redis start their own servers in beforeAll (one test each).
  //
  // On two cores, three (session 18): the journeys are CPU-bound there (two
  // workers took the wall time of four on one file set, docs/testing.md), and
  // four browsers put CI's load at 24-27, where a map behind a sign-up
  // outlasted its 25 s wait (stop 30: trust and spectate failed).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? Math.min(4, availableParallelism() + 1)),
  retries: 0,
  // A test's whole budget, a backstop only (each wait has its own deadline):
  // the short journeys take 13-22 s on a quiet machine and up to three times
  // that with four browsers on two busy cores; 60 s ran out twice in CI
  // (stop 20) while every step passed.
  timeout: 120_000,
  // Each expect waits up to 15 s for its thing (Playwright's default is 5 s):
  // CI's 2-core machine ran the journeys 2.5 times slower than a quiet one
  // (arena.journey.ts 10.1 min against 4), and a passing step's wait is no
  // longer for it. Steps that need longer say so.
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json"]],
  outputDir: "../test-results/e2e",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 720 },
    // Journeys do not test motion, except battle-motion.journey.ts, which asks for
    // it (no-preference) and checks that reduced motion draws no effect. Less to
    // paint on a busy 2-core machine, and nothing slides under a press.
    reducedMotion: "reduce",
    // The music switched off on this device (the player's own setting, stored as
    // they would store it): its engine kept 3-8 % of a core busy on every idle
    // journey page, three browsers at once on CI's two cores (docs/testing.md,
    // session 18). audio.journey.ts, which tests the music, starts from nothing stored.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: `http://127.0.0.1:${port}`,
          localStorage: [{ name: "cardrealm.music", value: "off" }],
        },
      ],
    },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-quic",
        "--no-first-run",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    // A trace records a screencast and a DOM snapshot at every step of every
    // test, kept only when one fails, in files CI never keeps: it was a third
    // of the journeys' time on a 2-core machine (1,762 -> 1,124 test-seconds,
    // 469 -> 305 s wall, docs/testing.md). E2E_TRACE=1 records them again.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: "node --import tsx apps/server/src/main.ts",
    cwd: "..",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      TOKEN_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-0",
      // A fixed shuffle and computer: the battle journeys play the same game each run.
      BATTLE_SEED: process.env.E2E_BATTLE_SEED ?? "12345",
      // The arena's bot comes after 8 s instead of 20-70 (arena.journey.ts).
      ARENA_BOT_WAIT_SECONDS: "8",
      // The battle screen's reading pauses (the computer's played card 2 s, "Enemy
      // turn!", "Your turn!") at 10%; animations keep their length (docs/testing.md).
      ...JOURNEY_PACE,
      // Every journey at product.md's own pace: E2E_BATTLE_PACE_PERCENT=100 (the speed
      // switch's journey sets 100 in its own page whatever this says, docs/battle-pace.md).
      BATTLE_PACE_PERCENT: process.env.E2E_BATTLE_PACE_PERCENT ?? JOURNEY_PACE.BATTLE_PACE_PERCENT,
      // The journeys sign dozens of players up from one address in a few minutes.
      SIGNUPS_PER_HOUR: "100000",
      LOGINS_PER_MINUTE: "100000",
      EVENTS_PER_MINUTE: "10000",
    },
  },
});
