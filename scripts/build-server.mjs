// Compiles the server ahead of time: one ES module per entry point under
// apps/server/dist, with the workspaces it uses (engine, protocol, ai,
// content) bundled in and every npm package left as an import, so
// `NODE_ENV=production node apps/server/dist/main.js` runs on plain Node with
// only production dependencies installed (`npm ci --omit=dev`).
//
//   node scripts/build-server.mjs            -> apps/server/dist
//   node scripts/build-server.mjs --out DIR  -> DIR (the smoke test uses this)
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, resolve } from "node:path";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;
const serverDir = join(root, "apps/server");

/** Workspaces the server bundles, by package name, with their folders. */
const WORKSPACES = {
  "@cardrealm/engine": "packages/engine",
  "@cardrealm/protocol": "packages/protocol",
  "@cardrealm/ai": "packages/ai",
  "@cardrealm/content": "content",
  "@cardrealm/server": "apps/server",
};

function readJson(path) {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** Every npm package a bundled workspace may import at run time (its `dependencies`). */
function productionPackages() {
  const names = new Set();
  for (const dir of Object.values(WORKSPACES)) {
    const pkg = readJson(join(root, dir, "package.json"));
    for (const name of Object.keys(pkg.dependencies ?? {})) {
      if (!(name in WORKSPACES)) names.add(name);
    }
  }
  return names;
}

function outDirFromArgs(argv) {
  const i = argv.indexOf("--out");
  return i >= 0 && argv[i + 1] ? resolve(argv[i + 1]) : join(serverDir, "dist");
}

export async function buildServer(outDir) {
  const packages = productionPackages();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      main: "apps/server/src/main.ts",
      "season-end": "apps/server/src/progression/season-end-cli.ts",
      admin: "apps/server/src/operator/admin-cli.ts",
    },
    outdir: outDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    sourcemap: true,
    // Packages (and their subpaths) stay imports; workspaces are compiled in.
    external: [...packages].flatMap((name) => [name, `${name}/*`]),
    metafile: true,
    logLevel: "warning",
    legalComments: "none",
  });
  // An import of a package that is only a dev dependency would be bundled in
  // silently or fail at run time under --omit=dev: refuse it here instead.
  const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
  const imported = new Set();
  for (const out of Object.values(result.metafile.outputs)) {
    for (const imp of out.imports) {
      if (imp.external) imported.add(imp.path);
    }
  }
  const unknown = [...imported].filter((path) => {
    if (builtins.has(path) || path.startsWith("node:")) return false;
    const name = path.startsWith("@") ? path.split("/").slice(0, 2).join("/") : path.split("/")[0];
    return !packages.has(name);
  });
  if (unknown.length > 0) {
    throw new Error(
      `the server imports packages that are not production dependencies: ${unknown.join(", ")}`,
    );
  }
  // The bundled files that are read from disk next to the code at run time.
  cpSync(join(serverDir, "src/partners/simulator"), join(outDir, "simulator"), { recursive: true });
  cpSync(join(serverDir, "src/operator/console"), join(outDir, "console"), { recursive: true });
  writeFileSync(
    join(outDir, "package.json"),
    `${JSON.stringify({ type: "module", private: true }, null, 2)}\n`,
  );
  const bundled = Object.keys(result.metafile.inputs).length;
  return { outDir, inputs: bundled, externals: [...imported].sort() };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const outDir = outDirFromArgs(process.argv.slice(2));
  buildServer(outDir).then(
    ({ inputs, externals }) => {
      console.log(
        `server: compiled ${inputs} source files into ${outDir} (imports ${externals.length} packages and Node built-ins)`,
      );
    },
    (err) => {
      console.error(`server build failed: ${err instanceof Error ? err.message : err}`);
      process.exit(1);
    },
  );
}
