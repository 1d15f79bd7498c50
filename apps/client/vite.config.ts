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

/**
 * index.html paints the first screen's art before any script runs
 * (lib/boot-splash.ts); for a resuming player that is the world map, from
 * `world-map.webp`. The app's stylesheets, scripts and modulepreloads start
 * only once that picture has been painted (its largest-contentful-paint entry,
 * or its load and two frames where the browser has none; 3 s at most), so on
 * a slow phone network the picture does not share the line with ~90 KB of
 * scripts and styles, and the first paint waits for no stylesheet (the splash's
 * styles are inline). The app's script runs once its stylesheets are in, so
 * React never paints unstyled. The login starts all of it at once.
 * Build only: dev keeps Vite's tags (bench/web/lighthouse.ts, LCP).
 */
export function startAppAfterSplash(): Plugin {
  return {
    name: "cardrealm-start-app-after-splash",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.filename.endsWith("index.html")) return html;
        const take = (re: RegExp): string[] => {
          const found = [...html.matchAll(re)];
          for (const m of found) html = html.replace(m[0], "");
          return found.map((m) => m[1] ?? "");
        };
        const [entry, ...more] = take(
          /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g,
        );
        if (!entry || more.length > 0)
          throw new Error("index.html: expected one module entry script");
        const preloads = take(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g);
        const styles = take(/<link rel="stylesheet" crossorigin href="([^"]+)">\s*/g);
        const loader = `<script>
      (() => {
        var d = document, started = false;
        var add = (tag, props) => d.head.appendChild(Object.assign(d.createElement(tag), props));
        var start = () => {
          if (started) return;
          started = true;
          var waiting = 1;
          var run = () => {
            if (--waiting === 0) add("script", { type: "module", crossOrigin: "", src: ${JSON.stringify(entry)} });
          };
          ${JSON.stringify(styles)}.forEach((href) => {
            waiting++;
            add("link", { rel: "stylesheet", crossOrigin: "", href, onload: run, onerror: run });
          });
          ${JSON.stringify(preloads)}.forEach((href) => add("link", { rel: "modulepreload", crossOrigin: "", href }));
          run();
        };
        if (d.documentElement.getAttribute("data-boot") !== "map") return start();
        var art = "/static/media/world-map.webp";
        setTimeout(start, 3000);
        var img = new Image();
        img.onerror = start;
        var po = window.PerformanceObserver;
        if (po && (po.supportedEntryTypes || []).indexOf("largest-contentful-paint") >= 0) {
          new po((list) => {
            if (list.getEntries().some((e) => e.url && e.url.indexOf(art) >= 0)) start();
          }).observe({ type: "largest-contentful-paint", buffered: true });
        } else {
          img.onload = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
        }
        img.src = art;
      })();
    </script>
  </body>`;
        return html.replace("</body>", loader);
      },
    },
  };
}

const API = "http://localhost:3000";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), startAppAfterSplash(), precompressOutDir()],
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
