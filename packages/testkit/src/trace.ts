/** Trace save and load as JSON text (no file system: see trace-files.ts for that). */
import type { Trace } from "@cardrealm/engine";

export function saveTrace(trace: Trace): string {
  return `${JSON.stringify(trace, null, 2)}\n`;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null;
}

/** Parses a trace and checks its outline; throws on anything that is not one. */
export function loadTrace(json: string): Trace {
  const data: unknown = JSON.parse(json);
  if (!isObject(data)) throw new Error("a trace is a JSON object");
  const { engineVersion, seed, sides, opener, actions } = data;
  if (typeof engineVersion !== "string") throw new Error("trace.engineVersion must be a string");
  if (typeof seed !== "number") throw new Error("trace.seed must be a number");
  if (opener !== 0 && opener !== 1) throw new Error("trace.opener must be 0 or 1");
  if (!Array.isArray(sides) || sides.length !== 2) throw new Error("trace.sides must be 2 sides");
  for (const side of sides) {
    if (!isObject(side) || typeof side.name !== "string" || !Array.isArray(side.deck)) {
      throw new Error("each side needs a name and a deck");
    }
  }
  if (!Array.isArray(actions)) throw new Error("trace.actions must be an array");
  for (const a of actions) {
    if (!isObject(a) || typeof a.type !== "string") throw new Error("each action needs a type");
  }
  return data as unknown as Trace;
}
