import type { z } from "zod";
import { HttpError, parseWith } from "./http-error.ts";

/**
 * A move's body (play-card, end-turn): a body without `version` is refused
 * with 409, as a stale one is, and nothing is applied; any other fault is a 400.
 */
export function parseIntent<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const onlyVersionMissing = r.error.issues.every(
    (i) => i.path.length === 1 && i.path[0] === "version" && i.code === "invalid_type",
  );
  const hasVersion = typeof input === "object" && input !== null && "version" in input;
  if (onlyVersionMissing && !hasVersion) {
    throw new HttpError(
      409,
      "conflict",
      "Every move names the battle version it was made on; reload the battle and try again.",
    );
  }
  return parseWith(schema, input);
}
