import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { precompress } from "../../tools/build/precompress.ts";

/** Precompresses the folder the build really wrote (`vite build --outDir /tmp/x` included). */
function precompressOutDir(): Plugin {
  let outDir = `${import.meta.dirname}/dist`;
  return {
    name: "cardrealm-precompress-outdir",
    apply: "build",
    configResolved(config) {
      const dir = config.build.outDir;
      outDir = dir.startsWith("/") ? dir : `${config.root}/${dir}`;
    },
    async closeBundle() {
      const hook = precompress(outDir).closeBundle;
      if (typeof hook === "function") await hook.call(this);
    },
  };
}

const API = "http://localhost:3000";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompressOutDir()],
  server: {
    port: 5173,
    proxy: {
      "/api": { target: API, changeOrigin: true },
      "/wss": { target: API, ws: true, changeOrigin: true },
      "/healthz": { target: API, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      "/api": { target: API, changeOrigin: true },
      "/wss": { target: API, ws: true, changeOrigin: true },
      "/healthz": { target: API, changeOrigin: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // Report gzip sizes: the login chunk must stay small.
    reportCompressedSize: true,
    rolldownOptions: {
      // The game, and the card sheet (every card in both sizes) for review.
      input: {
        main: `${import.meta.dirname}/index.html`,
        cards: `${import.meta.dirname}/card-sheet.html`,
      },
      treeshake: {
        // protocol and content only declare data (schemas, constants, cards,
        // chapters, tips). Without this hint every unused declaration there (zod
        // itself, ~29 kB gzip, and the whole card catalogue) rides in the login
        // chunk, because a call at module top level might have side effects.
        moduleSideEffects: [
          { test: /packages[\\/]protocol[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]content[\\/]src[\\/]/, sideEffects: false },
        ],
      },
    },
  },
});
