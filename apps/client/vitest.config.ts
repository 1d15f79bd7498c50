import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ["src/**/*.test.{ts,tsx}"],
      // Files that render put `// @vitest-environment happy-dom` at their top.
      environment: "node",
    },
  }),
);
