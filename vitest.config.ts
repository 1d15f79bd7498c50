import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// docs/testing.md, "Vitest: four workers, no per-file isolation for node tests".
// The suite waits more than it computes (a database commit, a child server, a
// socket): on 2 cores one worker per core left them half idle, so four run.
const workers = Number(process.env.VITEST_MAX_WORKERS ?? Math.max(4, availableParallelism()));

export default defineConfig({
  test: {
    exclude: ["**/node_modules/**", "e2e/**", "**/dist/**"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    maxWorkers: workers,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: [
            "packages/**/*.test.ts",
            "content/**/*.test.ts",
            "apps/server/**/*.test.ts",
            "tools/**/*.test.ts",
          ],
          // The server, engine and tool tests build what they use in each test
          // (a fresh database, app and clock), so a worker reuses the loaded
          // modules across files instead of importing the server's whole graph
          // again for each of ~100 files: a third of the workers' time went there.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "client",
          include: ["apps/client/src/**/*.test.{ts,tsx}"],
          // Screens keep module-level stores (zustand) and a DOM per file: kept isolated.
        },
      },
    ],
  },
});
