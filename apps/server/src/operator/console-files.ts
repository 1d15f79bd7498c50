import { readFileSync } from "node:fs";

export type ConsoleFile = "index.html" | "console.js" | "console.css";

const TYPES: Record<ConsoleFile, string> = {
  "index.html": "text/html; charset=utf-8",
  "console.js": "text/javascript; charset=utf-8",
  "console.css": "text/css; charset=utf-8",
};

/**
 * The operator console page's files, read once. They sit in ./console beside
 * this module in the sources and beside main.js in the build
 * (scripts/build-server.mjs copies them), so the same relative URL finds them.
 */
export function consoleFiles(): Record<ConsoleFile, { type: string; body: string }> {
  const read = (name: ConsoleFile) => ({
    type: TYPES[name],
    body: readFileSync(new URL(`./console/${name}`, import.meta.url), "utf8"),
  });
  return {
    "index.html": read("index.html"),
    "console.js": read("console.js"),
    "console.css": read("console.css"),
  };
}
