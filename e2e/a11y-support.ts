import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { animationsSettled } from "./support.ts";

/** axe-core's impacts that fail a journey. */
const FAILING_IMPACTS = new Set(["serious", "critical"]);

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules plus best practices) on what the
 * page shows now and fails on any serious or critical violation, listing each
 * rule with the elements it found so the fix is obvious from the report.
 */
export async function expectNoSeriousA11yViolations(page: Page, screenName: string): Promise<void> {
  // Entry animations fade and slide: measure contrast on the screen at rest.
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const serious = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ""));
  const report = serious
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .slice(0, 6)
          .map(
            (n) => `    ${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1).join(" ")}`,
          )
          .join("\n"),
    )
    .join("\n");
  expect(serious, `serious accessibility violations on ${screenName}:\n${report}`).toEqual([]);
}

/**
 * Visible focus: presses Tab up to `stops` times and, for each control that
 * takes the focus, compares a picture of it focused with one after blur. A
 * control whose focus changes no pixel fails, with its name in the message.
 */
export async function expectVisibleFocus(
  page: Page,
  screenName: string,
  stops = 12,
): Promise<void> {
  const vp = page.viewportSize();
  if (!vp) throw new Error("no viewport");
  const invisible: string[] = [];
  let checked = 0;
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press("Tab");
    const el = await page.evaluateHandle(() => document.activeElement);
    const info = await el.evaluate((e) => {
      if (!(e instanceof HTMLElement) || e === document.body) return null;
      const r = e.getBoundingClientRect();
      const name =
        e.getAttribute("aria-label") ??
        e.dataset.testid ??
        e.textContent?.trim().slice(0, 30) ??
        "";
      return {
        x: r.x,
        y: r.y,
        w: r.width,
        h: r.height,
        name: `${e.tagName.toLowerCase()} "${name}"`,
      };
    });
    if (!info || info.w === 0 || info.h === 0) continue;
    const x = Math.max(0, Math.floor(info.x - 6));
    const y = Math.max(0, Math.floor(info.y - 6));
    const clip = {
      x,
      y,
      width: Math.max(1, Math.min(vp.width, Math.ceil(info.x + info.w + 6)) - x),
      height: Math.max(1, Math.min(vp.height, Math.ceil(info.y + info.h + 6)) - y),
    };
    if (clip.x >= vp.width || clip.y >= vp.height) continue;
    await page.waitForTimeout(250);
    const focused = await page.screenshot({ clip, animations: "disabled" });
    await el.evaluate((e) => (e as HTMLElement).blur());
    await page.waitForTimeout(250);
    const blurred = await page.screenshot({ clip, animations: "disabled" });
    await el.evaluate((e) => (e as HTMLElement).focus());
    checked++;
    if (focused.equals(blurred)) invisible.push(info.name);
  }
  expect(checked, `${screenName}: Tab reached no control`).toBeGreaterThan(0);
  expect(invisible, `${screenName}: focus is not visible on`).toEqual([]);
}
