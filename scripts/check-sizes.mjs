// Size limits of the source (issue 27), run by `npm run lint` and npm test's lint step:
//   - no source file over MAX_FILE_LINES lines,
//   - no function over MAX_FUNCTION_LINES lines of its own.
// Source: every JavaScript/TypeScript file git tracks, and every stylesheet and
// HTML page (file length only: they have no functions), except generated data
// and the client's built or public folders. A function's own lines are the lines of
// its span that do not belong to a function nested in it: nested functions are
// measured on their own, so a test's `describe` callback or a service factory
// returning its methods is judged by each `it` and each method, while a
// 400-line drawing routine (one long body) fails.
//
//   node scripts/check-sizes.mjs            check the tree, exit 1 on a breach
//   node scripts/check-sizes.mjs FILE...    check only these files (allow-list still applies)
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
// The parser of rolldown (oxc, a root dev dependency; Vite's bundler): the TypeScript 7
// compiler has no in-process parser. Biome's noExcessiveLinesPerFunction counts nested
// functions into the outer one (a describe block, a service factory), hence this script.
import { parseSync } from "rolldown/utils";

export const MAX_FILE_LINES = 500;
export const MAX_FUNCTION_LINES = 120;

const root = resolve(fileURLToPath(import.meta.url), "../..");

/** Code files: both limits. */
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Stylesheets and pages: the file limit only. */
const MARKUP = /\.(css|html)$/;
/** Generated data and build output: not written by hand, not judged. */
const GENERATED = [
  /(^|\/)generated\//,
  /\.gen\.[a-z]+$/,
  /(^|\/)dist\//,
  /^apps\/client\/public\//,
];

/**
 * Files exempt from both limits, and every function in them. Empty since
 * issue 27's splits were merged (session 14): add nothing here; split the
 * file instead.
 */
export const ALLOWED = new Set([]);

const FUNCTION_TYPES = new Set([
  "FunctionDeclaration",
  "FunctionExpression",
  "ArrowFunctionExpression",
]);

/** 1-based line of each character offset, by a table of line starts. */
function lineIndex(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** A readable name for a function node, from where it stands. */
function nameOf(node, parent, key) {
  if (node.id?.name) return node.id.name;
  if (parent?.type === "VariableDeclarator" && parent.id?.name) return parent.id.name;
  if ((parent?.type === "Property" || parent?.type === "MethodDefinition") && key === "value") {
    const k = parent.key;
    return k?.name ?? k?.value ?? "(computed)";
  }
  if (parent?.type === "PropertyDefinition" && parent.key?.name) return parent.key.name;
  if (parent?.type === "CallExpression") {
    const callee = parent.callee;
    const calleeName = callee?.name ?? callee?.property?.name ?? "call";
    const first = parent.arguments?.[0];
    const label = typeof first?.value === "string" ? ` "${first.value.slice(0, 40)}"` : "";
    return `(callback of ${calleeName}${label})`;
  }
  return "(anonymous)";
}

/** Functions whose own lines are over the limit, in one file's text. */
export function longFunctions(text, path, max = MAX_FUNCTION_LINES) {
  const lang = /\.tsx$/.test(path)
    ? "tsx"
    : /\.jsx$/.test(path)
      ? "jsx"
      : /\.[mc]?ts$/.test(path)
        ? "ts"
        : "js";
  const parsed = parseSync(path, text, { lang, sourceType: "module" });
  if (parsed.errors.length > 0) {
    throw new Error(`${path}: cannot parse: ${parsed.errors[0].message}`);
  }
  const lineOf = lineIndex(text);
  const found = [];
  /** Returns the line range [first, last] of each function met (for the caller's own count). */
  const visit = (node, parent, key, ranges) => {
    if (!node || typeof node.type !== "string") return;
    if (FUNCTION_TYPES.has(node.type)) {
      const first = lineOf(node.start);
      const last = lineOf(Math.max(node.start, node.end - 1));
      ranges.push([first, last]);
      const inner = [];
      walkChildren(node, inner);
      const own = new Set();
      for (let l = first; l <= last; l++) own.add(l);
      for (const [a, b] of inner) for (let l = a; l <= b; l++) own.delete(l);
      // The first and last lines are the function's own even when a nested function
      // shares them (`f(() => {` on one line).
      own.add(first);
      own.add(last);
      if (own.size > max)
        found.push({ name: nameOf(node, parent, key), line: first, lines: own.size });
      return;
    }
    walkChildren(node, ranges);
  };
  const walkChildren = (node, ranges) => {
    for (const [k, value] of Object.entries(node)) {
      if (k === "type" || k === "start" || k === "end") continue;
      if (Array.isArray(value)) {
        for (const v of value) if (v && typeof v === "object") visit(v, node, k, ranges);
      } else if (value && typeof value === "object") visit(value, node, k, ranges);
    }
  };
  walkChildren(parsed.program, []);
  return found;
}

/** Number of lines of a text, as an editor shows them (a final newline ends the last line). */
export function lineCount(text) {
  if (text.length === 0) return 0;
  const breaks = text.split("\n").length - 1;
  return text.endsWith("\n") ? breaks : breaks + 1;
}

/** Every breach in the given repository-relative paths, allow-listed files left out. */
export function breaches(paths) {
  const out = [];
  for (const path of paths) {
    const code = SOURCE.test(path);
    if (!(code || MARKUP.test(path))) continue;
    if (GENERATED.some((g) => g.test(path)) || ALLOWED.has(path)) continue;
    const full = resolve(root, path);
    if (!existsSync(full)) continue; // deleted, not yet staged
    const text = readFileSync(full, "utf8");
    const lines = lineCount(text);
    if (lines > MAX_FILE_LINES)
      out.push(`${path}: ${lines} lines (at most ${MAX_FILE_LINES}): split it by subject`);
    if (!code) continue;
    for (const f of longFunctions(text, path)) {
      out.push(
        `${path}:${f.line}: function ${f.name} has ${f.lines} lines of its own (at most ${MAX_FUNCTION_LINES})`,
      );
    }
  }
  return out;
}

function main(argv) {
  const paths =
    argv.length > 0
      ? argv.map((p) => relative(root, resolve(p)))
      : execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
          cwd: root,
          encoding: "utf8",
        })
          .split("\n")
          .filter(Boolean);
  const found = breaches(paths);
  for (const line of found) console.log(line);
  if (found.length > 0) {
    console.log(`sizes: ${found.length} over the limit`);
    process.exit(1);
  }
  console.log(`sizes: ok (files <= ${MAX_FILE_LINES} lines, functions <= ${MAX_FUNCTION_LINES})`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
