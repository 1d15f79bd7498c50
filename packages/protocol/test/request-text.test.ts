import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as protocol from "../src/index.ts";
import { isSingleLine, isValidText, line, TextJson, text, VALID_TEXT } from "../src/text.ts";

/**
 * Issue 23 item 6: every string a request carries is valid text. A request
 * schema is an export named `...Body`, `...Query` or `...Params`, or the
 * realtime channel's client messages; new routes' schemas follow the same
 * names and so meet this walk. It fails on a string without the text check
 * of src/text.ts (a bare z.string(), z.uuid()...) and on z.unknown()/z.any()
 * (whose strings nobody checks), naming the schema and the path.
 */

const isRequestSchema = (name: string) =>
  /(Body|Query|Params)$/.test(name) || /^Channel(ClientMessage|Register|Confirm)$/.test(name);

/** Where in `schema` a string lacks the text check, or anything goes unchecked. */
function uncheckedStrings(schema: z.ZodType, at = "", seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (s: unknown, path: string) => uncheckedStrings(s as z.ZodType, path, seen);
  switch (def.type) {
    case "string": {
      const checks = (def.checks as unknown[] | undefined) ?? [];
      return checks.includes(VALID_TEXT)
        ? []
        : [`${at || "(root)"}: a string without text()/line()`];
    }
    case "unknown":
    case "any":
      return [`${at || "(root)"}: ${def.type} (its strings go unchecked)`];
    case "object":
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) =>
        walk(v, `${at}.${k}`),
      );
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return walk(def.innerType, at);
    case "pipe":
      return [...walk(def.in, at), ...walk(def.out, at)];
    case "union":
      return (def.options as unknown[]).flatMap((o, i) => walk(o, `${at}|${i}`));
    case "intersection":
      return [...walk(def.left, at), ...walk(def.right, at)];
    case "array":
      return walk(def.element, `${at}[]`);
    case "set":
      return walk(def.valueType, `${at}[]`);
    case "record":
    case "map":
      return [...walk(def.keyType, `${at}{key}`), ...walk(def.valueType, `${at}{value}`)];
    case "tuple":
      return [
        ...(def.items as unknown[]).flatMap((s, i) => walk(s, `${at}[${i}]`)),
        ...(def.rest ? walk(def.rest, `${at}[...]`) : []),
      ];
    case "lazy":
      return walk((def.getter as () => unknown)(), at);
    default:
      return [];
  }
}

const requestSchemas = Object.entries(protocol).filter(
  (entry): entry is [string, z.ZodType] =>
    isRequestSchema(entry[0]) && entry[1] instanceof z.ZodType,
);

describe("every request schema's strings are text (issue 23 item 6)", () => {
  it("finds the request schemas by name", () => {
    const names = requestSchemas.map(([name]) => name);
    expect(names.length).toBeGreaterThan(25);
    expect(names).toEqual(
      expect.arrayContaining([
        "PartnerAuthBody",
        "LoginBody",
        "PaymentCallbackBody",
        "OperatorFindQuery",
        "OperatorRefundBody",
        "OperatorPlayerActionBody",
        "SandboxPayBody",
        "ReplayShareParams",
        "ChannelClientMessage",
      ]),
    );
  });

  it.each(requestSchemas.map(([name, schema]) => ({ name, schema })))(
    "$name builds every string from text() or line()",
    ({ schema }) => {
      expect(uncheckedStrings(schema)).toEqual([]);
    },
  );

  it("the walk finds a bare string wherever it hides", () => {
    const bare = z.string();
    const hidden = z.strictObject({
      a: z.union([z.number(), z.array(z.record(text(), z.strictObject({ b: bare.optional() })))]),
      c: z.lazy(() => z.tuple([line(), z.uuid()])),
      d: z.record(z.string(), z.number()),
      e: z.unknown(),
    });
    expect(uncheckedStrings(hidden)).toEqual([
      ".a|1[]{value}.b: a string without text()/line()",
      ".c[1]: a string without text()/line()",
      ".d{key}: a string without text()/line()",
      ".e: unknown (its strings go unchecked)",
    ]);
    expect(uncheckedStrings(TextJson)).toEqual([]);
  });
});

describe("text() and line()", () => {
  const refusedEverywhere = ["\u0000", "a\u0000b", "\ud800", "x\udfff", "\udc00\ud800", "a\ud83d"];
  it.each(refusedEverywhere.map((s) => ({ s, shown: JSON.stringify(s) })))(
    "refuse $shown",
    ({ s }) => {
      expect(isValidText(s)).toBe(false);
      expect(text().safeParse(s).success).toBe(false);
      expect(line().safeParse(s).success).toBe(false);
      expect(TextJson.safeParse({ k: [s] }).success).toBe(false);
      expect(TextJson.safeParse({ [s]: 1 }).success).toBe(false);
    },
  );

  it("take any other text, surrogate pairs included; line() refuses control characters", () => {
    for (const s of ["", "plain", "Ünïcødé", "💥 emoji", "日本語", "\u{10ffff}", "\ufffd"]) {
      expect(line().safeParse(s).success, JSON.stringify(s)).toBe(true);
      expect(isSingleLine(s)).toBe(true);
    }
    for (const s of ["a\nb", "tab\there", "\u001b[31m", "\u007f", "\u0085"]) {
      expect(text().safeParse(s).success, JSON.stringify(s)).toBe(true);
      expect(line().safeParse(s).success, JSON.stringify(s)).toBe(false);
    }
  });

  it("a refusal says why, and the schema's own checks still apply", () => {
    const nickname = line().trim().min(1).max(5);
    const refused = nickname.safeParse("ab\u0000");
    expect(refused.error?.issues[0]?.message).toMatch(/NUL/);
    expect(nickname.safeParse("  abc  ").data).toBe("abc");
    expect(nickname.safeParse("abcdef").success).toBe(false);
  });
});
