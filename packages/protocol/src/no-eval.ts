import { config } from "zod/v4/core";

/**
 * Zod 4 compiles a fast object parser with `new Function` and first probes
 * whether eval is allowed. Under the game's Content-Security-Policy (no
 * 'unsafe-eval') the probe is refused and reported as a violation on every
 * page. The browser client turns the compiled path off before its first
 * parse; the server keeps it (no CSP there, and it is faster).
 */
export function parseWithoutEval(): void {
  config({ jitless: true });
}
