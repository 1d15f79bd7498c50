/**
 * A fixed script whose thread time is the yardstick of tools/perf/load-budget.ts:
 * run in the same browser, with the same throttling, between the measured loads,
 * so a slower or busier CPU stretches it as it stretches the pages. It does what
 * a page load does (compile, build objects, JSON, sort, strings, regexps) for
 * about 100 ms at 4x CPU. Never change it without recording the budget again.
 */
const CALIBRATION_SCRIPT = `
(() => {
  let h = 0;
  for (let round = 0; round < 3; round++) {
    const items = [];
    for (let i = 0; i < 6000; i++) {
      items.push({ id: i, name: "card" + ((i * 7919) % 6000), cost: i % 10, tags: ["unit", "elf", String(i % 7)] });
    }
    const back = JSON.parse(JSON.stringify(items));
    back.sort((a, b) => a.cost - b.cost || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const text = back.map((o) => o.name + ":" + o.tags.join(",")).join(";");
    h = (h * 31 + text.replace(/card(\\d+)/g, (_, d) => d).length) | 0;
    const m = new Map();
    for (const o of back) m.set(o.name, (m.get(o.name) || 0) + o.cost);
    h = (h + m.size) | 0;
  }
  document.title = "calibrated " + h;
})();
`;

export const CALIBRATION_PAGE = `<!doctype html><title>calibration</title><script>${CALIBRATION_SCRIPT}</script>`;
