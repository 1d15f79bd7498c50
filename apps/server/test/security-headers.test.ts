import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { loggerOptions, redactUrl } from "../src/http/log-options.ts";
import { newGuest, testApp } from "./harness.ts";

/** A built client with one inline script and one inline style, like index.html. */
function clientDist(): { dir: string; script: string; style: string } {
  const dir = mkdtempSync(join(tmpdir(), "cardrealm-dist-"));
  const script = '\n  document.documentElement.dataset.boot = "login";\n';
  const style = "\n  body { background: #0b0416; }\n";
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html><html><head><script>${script}</script><style>${style}</style>` +
      `<script type="module" src="/assets/app.js"></script></head><body></body></html>`,
  );
  writeFileSync(join(dir, "card-sheet.html"), "<!doctype html><p>cards</p>");
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "assets", "app.js"), "console.log(1)");
  return { dir, script, style };
}

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("security headers", () => {
  it("every page and file has a CSP that allows only our files and index.html's own inline blocks", async () => {
    const dist = clientDist();
    const t = await testApp("sqlite", { CLIENT_DIST: dist.dir });
    try {
      for (const url of ["/", "/assets/app.js", "/no-such-call", "/livez"]) {
        const r = await t.app.inject({ method: "GET", url });
        const csp = String(r.headers["content-security-policy"]);
        expect(csp, url).toContain("default-src 'self'");
        expect(csp).toContain(`script-src 'self' ${sha(dist.script)}`);
        expect(csp).toContain(`style-src 'self' ${sha(dist.style)}`);
        expect(csp).not.toContain("unsafe-inline");
        expect(csp).toContain("frame-ancestors 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(r.headers["x-content-type-options"]).toBe("nosniff");
        expect(r.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
        expect(r.headers["x-frame-options"]).toBe("SAMEORIGIN");
        // Plain http: no HSTS (a browser would ignore it, and local play is http).
        expect(r.headers["strict-transport-security"]).toBeUndefined();
      }
    } finally {
      await t.app.close();
    }
  });

  it("API answers load nothing and are never framed, in a few bytes, whatever their status", async () => {
    const dist = clientDist();
    const t = await testApp("sqlite", { CLIENT_DIST: dist.dir });
    try {
      const g = await newGuest(t.app);
      const answers = [
        await t.app.inject({ method: "GET", url: "/api/settings" }),
        await t.app.inject({ method: "GET", url: "/api/player-details", headers: g.auth }),
        await t.app.inject({ method: "GET", url: "/api/player-details" }),
        await t.app.inject({ method: "GET", url: "/api/no-such-call" }),
        await t.app.inject({
          method: "POST",
          url: "/api/boxes/open",
          headers: { ...g.auth, "content-type": "application/json" },
          payload: "{",
        }),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 400]);
      for (const r of answers) {
        const where = `${r.statusCode} ${r.body.slice(0, 80)}`;
        expect(r.headers["content-security-policy"], where).toBe(
          "default-src 'none'; frame-ancestors 'none'",
        );
        expect(r.headers["x-content-type-options"], where).toBe("nosniff");
        expect(r.headers["cross-origin-resource-policy"], where).toBe("same-origin");
        expect(r.headers["x-frame-options"], where).toBe("DENY");
        expect(r.headers["referrer-policy"], where).toBe("no-referrer");
        // A page's switches are not sent to a JSON answer.
        for (const name of ["x-dns-prefetch-control", "x-xss-protection", "origin-agent-cluster"]) {
          expect(r.headers[name], `${where} ${name}`).toBeUndefined();
        }
        const headerBytes = Object.entries(r.headers)
          .filter(
            ([name]) => !["content-length", "content-type", "date", "connection"].includes(name),
          )
          .reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0);
        expect(headerBytes, where).toBeLessThan(260);
      }
    } finally {
      await t.app.close();
    }
  });

  it("FRAME_ANCESTORS names who may frame the game", async () => {
    const dist = clientDist();
    const t = await testApp("sqlite", {
      CLIENT_DIST: dist.dir,
      FRAME_ANCESTORS: "'self' https://partner.example https://m.partner.example:8443",
    });
    try {
      const page = await t.app.inject({ method: "GET", url: "/" });
      expect(page.headers["content-security-policy"]).toContain(
        "frame-ancestors 'self' https://partner.example https://m.partner.example:8443",
      );
      // X-Frame-Options cannot say "these origins": left to the CSP.
      expect(page.headers["x-frame-options"]).toBeUndefined();
      const r = await t.app.inject({ method: "GET", url: "/api/settings" });
      expect(r.json().data.partnerOrigins).toBe(
        "'self' https://partner.example https://m.partner.example:8443",
      );
    } finally {
      await t.app.close();
    }
    expect(() => loadConfig({ FRAME_ANCESTORS: "*" })).toThrow(/FRAME_ANCESTORS/);
    expect(() => loadConfig({ FRAME_ANCESTORS: "https://a.example; script-src *" })).toThrow(
      ConfigError,
    );
  });

  it("HSTS only for requests that came over TLS through a trusted proxy", async () => {
    const trusted = await testApp("sqlite", { TRUST_PROXY: "1" });
    const untrusted = await testApp("sqlite");
    try {
      const headers = { "x-forwarded-proto": "https" };
      const a = await trusted.app.inject({ method: "GET", url: "/livez", headers });
      expect(a.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
      const b = await untrusted.app.inject({ method: "GET", url: "/livez", headers });
      expect(b.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await trusted.app.close();
      await untrusted.app.close();
    }
  });
});

describe("production mode", () => {
  const prodEnv = {
    NODE_ENV: "production",
    TOKEN_SECRET: "prod-token-secret-prod-token-secret-0001",
    PARTNER_SECRET: "prod-partner-secret-prod-partner-secret-01",
  };

  it("needs a partner secret and refuses the payment sandbox", () => {
    const { PARTNER_SECRET: _, ...noPartner } = prodEnv;
    expect(() => loadConfig(noPartner)).toThrow(/PARTNER_SECRET: required/);
    expect(() => loadConfig({ ...prodEnv, PAYMENT_SANDBOX: "1" })).toThrow(/PAYMENT_SANDBOX/);
    expect(() => loadConfig({ ...prodEnv, PARTNER_SECRET: "short" })).toThrow(/32 characters/);
    expect(loadConfig(prodEnv).paymentSandbox).toBe(false);
  });

  it("serves neither the partner simulator nor the card sheet, nor a sandbox", async () => {
    const dist = clientDist();
    const t = await testApp("sqlite", { ...prodEnv, CLIENT_DIST: dist.dir });
    try {
      const g = await newGuest(t.app);
      for (const [method, url] of [
        ["GET", "/partner/"],
        ["GET", "/partner/api/launch?partner_id=a&nickname=b"],
        ["POST", "/partner/api/pay"],
        ["GET", "/card-sheet.html"],
        ["POST", "/api/local/payment/sandbox-pay"],
      ] as const) {
        const r = await t.app.inject({ method, url, headers: g.auth, payload: {} });
        expect(r.statusCode, url).toBe(404);
        expect(r.json().error.code).toBe("not_found");
      }
      expect((await t.app.inject({ method: "GET", url: "/" })).statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  });
});

describe("no secrets in logs", () => {
  it("redacts the token of a /wss URL, a launch's sign and the Authorization header", async () => {
    expect(redactUrl("/wss?token=abc.def.ghi")).toBe("/wss?token=[redacted]");
    expect(redactUrl("/?partner_id=1&sign=ff00&ts=2")).toBe("/?partner_id=1&sign=[redacted]&ts=2");
    const lines: string[] = [];
    const t = await testApp(
      "sqlite",
      { LOG_LEVEL: "info" },
      { logger: loggerOptions("info", { write: (line) => lines.push(line) }) },
    );
    try {
      const g = await newGuest(t.app);
      const token = g.auth.authorization.replace("Bearer ", "");
      await t.app.inject({ method: "GET", url: `/wss?token=${token}` });
      await t.app.inject({ method: "GET", url: "/api/player-details", headers: g.auth });
      await t.app.inject({
        method: "PUT",
        url: "/api/player/edit",
        headers: g.auth,
        payload: { login: "quiet", password: "hush-hush-1" },
      });
      const log = lines.join("\n");
      expect(log).toContain("/wss?token=[redacted]");
      expect(log).toContain("/api/player-details");
      expect(log).not.toContain(token);
      expect(log).not.toContain("hush-hush-1");
    } finally {
      await t.app.close();
    }
  });
});

describe("the partner simulator page", () => {
  it("has its own CSP with its own inline blocks' hashes", async () => {
    const t = await testApp("sqlite");
    try {
      const r = await t.app.inject({ method: "GET", url: "/partner/" });
      expect(r.statusCode).toBe(200);
      const script = /<script>([\s\S]*?)<\/script>/.exec(r.body)?.[1] ?? "";
      expect(script.length).toBeGreaterThan(100);
      expect(r.headers["content-security-policy"]).toContain(sha(script));
    } finally {
      await t.app.close();
    }
  });
});
