import { z } from "zod";

/**
 * The one string schema of every request (issue 23 item 6). JSON may carry
 * what no text is: a lone UTF-16 surrogate ("\ud800") or a NUL ("\u0000").
 * SQLite and PostgreSQL refuse to store them, and the refusal came back as a
 * 500; here they are a 400 `bad_request` before any service runs.
 *
 * - `text()`: any valid text (passwords: every other character is theirs).
 * - `line()`: one line of text: no control characters either (C0, DEL, C1),
 *   so no line breaks or escapes in a nickname, login, reason or search.
 *
 * Every request schema builds its strings from these (then .trim(), .min(),
 * .max(), .regex() as it likes); packages/protocol/test/request-text.test.ts
 * walks every exported request schema and fails on a string without them.
 */

/** A lone surrogate: a high one not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** C0 controls, DEL and C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this regex's purpose
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Whether a string is text: no lone surrogate, no NUL. */
export function isValidText(s: string): boolean {
  return !s.includes("\u0000") && !LONE_SURROGATE.test(s);
}

/** Whether a string is one line of text: valid text without control characters. */
export function isSingleLine(s: string): boolean {
  return isValidText(s) && !CONTROL.test(s);
}

/** The check every request string carries (the walker test looks for this very object). */
export const VALID_TEXT = z.refine<string>(isValidText, {
  message: "must be text: no NUL character and no unpaired UTF-16 surrogate",
});

const SINGLE_LINE = z.refine<string>((s) => !CONTROL.test(s), {
  message: "must be one line of text, without control characters",
});

/** A request string of any valid text. */
export const text = () => z.string().check(VALID_TEXT);

/** A request string of one line: valid text without control characters. */
export const line = () => z.string().check(VALID_TEXT, SINGLE_LINE);

/** An id in a fixed format (z.uuid() and the like), also refused when it is not text. */
export const textFormat = <S extends z.ZodType<string>>(format: S): S =>
  format.check(VALID_TEXT as z.core.$ZodCheck<z.output<S>>) as S;

/** Free-form JSON (analytics event data) whose strings, keys included, are all valid text. */
export type TextJson = string | number | boolean | null | TextJson[] | { [key: string]: TextJson };
export const TextJson: z.ZodType<TextJson> = z.lazy(() =>
  z.union([
    text(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(TextJson),
    z.record(text(), TextJson),
  ]),
);
