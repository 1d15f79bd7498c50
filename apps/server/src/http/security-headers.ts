import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import fastifyHelmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * The `'sha256-…'` sources of every inline <script> and <style> of a page, so
 * a Content-Security-Policy without 'unsafe-inline' still runs them
 * (index.html paints its splash and starts the app from inline code).
 */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const hashesOf = (re: RegExp) =>
    [...html.matchAll(re)].map(
      (m) =>
        `'sha256-${createHash("sha256")
          .update(m[1] ?? "")
          .digest("base64")}'`,
    );
  return {
    scripts: hashesOf(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi),
    styles: hashesOf(/<style[^>]*>([\s\S]*?)<\/style>/gi),
  };
}

/** CSP directives for a page with these inline hashes, framed only by `frameAncestors`. */
export function cspDirectives(opts: {
  frameAncestors: string[];
  inline: { scripts: string[]; styles: string[] };
}): Record<string, string[]> {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...opts.inline.scripts],
    // React sets element styles through the CSSOM, which CSP allows; only
    // inline <style> blocks need their hashes.
    "style-src": ["'self'", ...opts.inline.styles],
    "img-src": ["'self'", "data:", "blob:"],
    "media-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    // 'self' covers the page's own ws:// and wss:// (/wss).
    "connect-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
    // The partner simulator (/partner/) frames the game from the same origin.
    "frame-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": opts.frameAncestors,
    "script-src-attr": ["'none'"],
    // No upgrade-insecure-requests: plain-http local play must keep loading its own files.
  };
}

/**
 * What every /api/ answer carries instead of a page's headers: a JSON answer
 * loads nothing and is never framed, so its policy forbids everything (the
 * OWASP REST cheat sheet's), and a page's other headers (its CSP of ~480
 * bytes, DNS prefetch, download and XSS-filter switches, agent cluster) say
 * nothing to it. ~190 bytes instead of ~790 on every call: a quarter of a
 * move's answer at 10,000 players (bench/RESULTS.md, session 23).
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "cross-origin-resource-policy": "same-origin",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
};

/**
 * @fastify/helmet on every answer but the API's (API_HEADERS): a
 * Content-Security-Policy (no inline code but the hashed blocks of
 * index.html, framed only by FRAME_ANCESTORS),
 * nosniff, a referrer policy, and HSTS only for requests that came over TLS
 * (directly, or through a proxy that TRUST_PROXY trusts).
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  opts: { frameAncestors: string[]; indexHtml: string | undefined },
): Promise<void> {
  const inline = opts.indexHtml ? inlineHashes(opts.indexHtml) : { scripts: [], styles: [] };
  const onlySelf = opts.frameAncestors.length === 1 && opts.frameAncestors[0] === "'self'";
  const onlyNone = opts.frameAncestors.length === 1 && opts.frameAncestors[0] === "'none'";
  const options: FastifyHelmetOptions = {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives({ frameAncestors: opts.frameAncestors, inline }),
    },
    // Old browsers without frame-ancestors get X-Frame-Options where it can say the same.
    frameguard: onlySelf ? { action: "sameorigin" } : onlyNone ? { action: "deny" } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: false,
    // The game runs inside partner pages and their popups (payments).
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
  };
  // @fastify/helmet builds helmet's middleware anew for every request when
  // it applies the global options (parsing the CSP each time: ~7 % of the
  // server's CPU on GET /api/player-details, bench/api session 8). The
  // global headers never change, so they are computed once here and set by
  // one hook; the plugin stays for routes with their own `helmet` options
  // (the partner simulator's page).
  const globalHeaders = headersOf(options);
  await app.register(fastifyHelmet, { ...options, global: false });
  app.addHook("onRequest", (request, reply, done) => {
    // @fastify/helmet's onRoute hook puts a route's own options here.
    if (!("helmet" in request.routeOptions.config)) {
      reply.headers(request.url.startsWith("/api/") ? API_HEADERS : globalHeaders);
    }
    done();
  });
  app.addHook("onSend", async (request, reply) => {
    if (request.protocol === "https") {
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    }
  });
}

/** The headers helmet sets for `options`, computed once (they depend on no request). */
function headersOf(options: FastifyHelmetOptions): Record<string, string> {
  const { global: _global, enableCSPNonces: _nonces, ...helmetOptions } = options;
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // @fastify/helmet declares the same options against its own copy of
  // helmet's types (structurally equal, distinct symbols): hence the cast.
  helmet(helmetOptions as Parameters<typeof helmet>[0])(
    {} as IncomingMessage,
    res as unknown as ServerResponse,
    (err?: unknown) => {
      if (err) throw err;
    },
  );
  return headers;
}
