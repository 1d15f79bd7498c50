import { connect } from "node:net";
import { ERROR_CODES } from "@cardrealm/protocol";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announceDialects, DIALECTS, type TestApp, testApp } from "./harness.ts";

announceDialects();

/**
 * Issue 12, "one error shape for everything": the refusals Fastify and Node
 * make before any route runs answer `{ error: { code, message } }` like the
 * routes do, over a real socket (what a browser or proxy sees) and via inject.
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are over TCP and reads one answer until the server closes. */
function sendRaw(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, "127.0.0.1", () => socket.write(request, "latin1"));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to ${JSON.stringify(request.slice(0, 60))}`));
    }, 5000);
    socket.on("data", (d) => chunks.push(d));
    // The server may reset after answering; what arrived before counts.
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      if (split < 0) return reject(new Error(`not an HTTP answer: ${JSON.stringify(text)}`));
      const [statusLine = "", ...lines] = text.slice(0, split).split("\r\n");
      const status = Number(/^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1]);
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(":");
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const rawBody = text.slice(split + 4);
      const length = Number(headers["content-length"] ?? rawBody.length);
      resolve({ status, headers, body: rawBody.slice(0, length) });
    });
  });
}

/** The wire's error shape and nothing else, with a protocol code and a readable message. */
function expectErrorShape(contentType: string | undefined, body: string): void {
  expect(contentType).toMatch(/^application\/json/);
  const parsed: unknown = JSON.parse(body);
  expect(parsed).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
  const { code, message } = (parsed as { error: { code: string; message: string } }).error;
  expect(ERROR_CODES).toContain(code);
  expect(message.length).toBeGreaterThan(20);
  expect(message).not.toMatch(/FST_|HPE_|statusCode/);
}

const close = "Host: x\r\nConnection: close\r\n";

interface RawCase {
  name: string;
  request: string;
  status: number;
  /** A phrase of the message that tells the person what to fix. */
  says: RegExp;
}

const rawCases: RawCase[] = [
  {
    name: "bad percent-encoding in the path",
    request: `GET /api/%zz HTTP/1.1\r\n${close}\r\n`,
    status: 400,
    says: /URL is not valid/,
  },
  {
    name: "a truncated UTF-8 escape in a path parameter",
    request: `GET /api/%E0%A4%A/payment/boxes HTTP/1.1\r\n${close}\r\n`,
    status: 400,
    says: /%XX/,
  },
  {
    name: "a path parameter over 100 characters",
    request: `POST /api/${"p".repeat(150)}/payment/create HTTP/1.1\r\n${close}Content-Length: 0\r\n\r\n`,
    status: 414,
    says: /too long/,
  },
  {
    name: "headers over 16 KB (431)",
    request: `GET /api/settings HTTP/1.1\r\n${close}Cookie: ${"c".repeat(20_000)}\r\n\r\n`,
    status: 431,
    says: /headers are too large/,
  },
  {
    name: "not HTTP at all",
    request: "HELLO THERE\r\n\r\n",
    status: 400,
    says: /not valid HTTP/,
  },
  {
    name: "an unknown method",
    request: `BREW /api/settings HTTP/1.1\r\n${close}\r\n`,
    status: 400,
    says: /Invalid method/,
  },
  {
    name: "a header name with a space",
    request: `GET /api/settings HTTP/1.1\r\nHo st: x\r\n\r\n`,
    status: 400,
    says: /Invalid header/,
  },
  {
    name: "Content-Length together with Transfer-Encoding (smuggling)",
    request: `POST /api/login HTTP/1.1\r\n${close}Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    status: 400,
    says: /Transfer-Encoding/,
  },
  {
    name: "a NUL byte in the URL",
    request: `GET /api/set\u0000tings HTTP/1.1\r\n${close}\r\n`,
    status: 400,
    says: /not valid HTTP/,
  },
  {
    name: "a chunk size that is not hex",
    request: `POST /api/login HTTP/1.1\r\n${close}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    status: 400,
    says: /not valid HTTP/,
  },
  {
    name: "an Expect other than 100-continue",
    request: `POST /api/login HTTP/1.1\r\n${close}Expect: teapot\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
    status: 417,
    says: /Expect/,
  },
  {
    name: "GET /wss without a websocket upgrade",
    request: `GET /wss HTTP/1.1\r\n${close}\r\n`,
    status: 426,
    says: /WebSocket/,
  },
  {
    name: "an unknown call",
    request: `GET /api/nope HTTP/1.1\r\n${close}\r\n`,
    status: 404,
    says: /No such call/,
  },
];

describe.each(DIALECTS)("the error shape on %s", (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let port = 0;
  beforeAll(async () => {
    t = await testApp(dialect);
    app = t.app;
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(async () => {
    await app.close();
  });

  describe("over a real socket", () => {
    it.each(rawCases)("$name answers $status in the error shape", async (c) => {
      const res = await sendRaw(port, c.request);
      expect(res.status).toBe(c.status);
      expectErrorShape(res.headers["content-type"], res.body);
      expect(JSON.parse(res.body).error.message).toMatch(c.says);
    });

    it("GET /wss without an upgrade says which upgrade it needs", async () => {
      const res = await sendRaw(port, `GET /wss HTTP/1.1\r\n${close}\r\n`);
      expect(res.headers.upgrade).toBe("websocket");
    });

    it("HEAD /wss answers 426 with no body", async () => {
      const res = await sendRaw(port, `HEAD /wss HTTP/1.1\r\n${close}\r\n`);
      expect(res.status).toBe(426);
      expect(res.body).toBe("");
    });

    it("the server still answers after the bad requests", async () => {
      const res = await sendRaw(port, `GET /livez HTTP/1.1\r\n${close}\r\n`);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ data: { status: "ok" } });
    });
  });

  describe("via inject", () => {
    const cases: {
      name: string;
      method: "GET" | "POST";
      url: string;
      headers?: Record<string, string>;
      payload?: string;
      status: number;
    }[] = [
      { name: "bad percent-encoding", method: "GET", url: "/api/%zz", status: 400 },
      {
        name: "a bad escape in a path parameter",
        method: "GET",
        url: "/api/%C3%28/payment/boxes",
        status: 400,
      },
      {
        name: "a path parameter over 100 characters",
        method: "GET",
        url: `/api/${"p".repeat(101)}/payment/boxes`,
        status: 414,
      },
      { name: "GET /wss without an upgrade", method: "GET", url: "/wss", status: 426 },
      { name: "an unknown call", method: "POST", url: "/nope", status: 404 },
      {
        name: "an XML body",
        method: "POST",
        url: "/api/login",
        headers: { "content-type": "application/xml" },
        payload: "<login/>",
        status: 415,
      },
      {
        name: "a body over 16 KB",
        method: "POST",
        url: "/api/login",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ login: "x".repeat(20_000) }),
        status: 413,
      },
      {
        name: "JSON that does not parse",
        method: "POST",
        url: "/api/login",
        headers: { "content-type": "application/json" },
        payload: "{login:",
        status: 400,
      },
    ];
    it.each(cases)("$name answers $status in the error shape", async (c) => {
      const res = await app.inject({
        method: c.method,
        url: c.url,
        ...(c.headers ? { headers: c.headers } : {}),
        ...(c.payload !== undefined ? { payload: c.payload } : {}),
      });
      expect(res.statusCode).toBe(c.status);
      expectErrorShape(res.headers["content-type"]?.toString(), res.body);
    });
  });
});
