import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "packages/**/*.test.ts",
      "content/**/*.test.ts",
      "apps/server/**/*.test.ts",
      "apps/client/src/**/*.test.{ts,tsx}",
      "tools/**/*.test.ts",
    ],
    exclude: ["**/node_modules/**", "e2e/**", "**/dist/**"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
