/**
 * bench/web: every front-end measurement in turn (npm run bench -- web).
 * Each part also runs alone: login-bundle.ts, lighthouse.ts, inp.ts, battle-fps.ts.
 */
import { measureBattleFps } from "./battle-fps.ts";
import { measureInp } from "./inp.ts";
import { measureLighthouse } from "./lighthouse.ts";
import { LOGIN_JS_LIMIT_KB, measureLoginBundle } from "./login-bundle.ts";

console.log("--- login bundle ---");
const bundle = await measureLoginBundle();
// The bundle step built the client: the others reuse that build.
process.env.BENCH_NO_BUILD = "1";
console.log("\n--- lighthouse ---");
const lh = await measureLighthouse();
console.log("\n--- INP ---");
const inp = await measureInp();
console.log("\n--- battle frame rate ---");
const fps = await measureBattleFps();

const met = {
  bundle: bundle.loginGzKb <= LOGIN_JS_LIMIT_KB,
  lighthouse: lh.every((f) => f.score >= 90 && f.lcpMs <= 2000 && f.cls <= 0.05),
  inp: inp.worstMs <= 100,
  fps: fps.fps >= 58,
};
console.log(`\naims met: ${JSON.stringify(met)}`);
process.exit(Object.values(met).every(Boolean) ? 0 : 1);
