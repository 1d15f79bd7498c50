/**
 * Text sizes a player reads on a phone (issue 15): every visible text node's
 * effective size = computed font-size x the scale of every transform above it
 * (the stage's scale(0.5) on a 740x360 phone included). Texts marked
 * `data-text-decor` are decoration, not reading (docs/mobile.md says which).
 */
import { expect, type Page } from "@playwright/test";

export const MIN_CSS_PX = 10;

interface SmallText {
  text: string;
  px: number;
  where: string;
}

/** The screen's finite animations have ended (a drawn card sits in its place). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => {
        if (a.playState !== "running" || a.effect?.getTiming().iterations === Infinity) return true;
        // The turn timer's ring turns by a new transition every second.
        const target = (a.effect as KeyframeEffect | null)?.target;
        return target instanceof Element && target.closest(".turn-timer") !== null;
      }),
    undefined,
    { timeout: 15_000, polling: 100 },
  );
}

/**
 * Every visible text node under `selector` whose effective size is under
 * MIN_CSS_PX, once the screen's finite animations have ended.
 */
export async function smallTexts(
  page: Page,
  selector: string,
  { settle = true }: { settle?: boolean } = {},
): Promise<SmallText[]> {
  if (settle) await settled(page);
  return page.evaluate(
    ({ selector, min }) => {
      const root = document.querySelector(selector);
      if (!root) return [{ text: `no ${selector}`, px: 0, where: "" }];
      /** The product of the scale of every transform from el up to the document. */
      const scaleOf = (el: Element): number => {
        let scale = 1;
        for (let e: Element | null = el; e; e = e.parentElement) {
          const style = getComputedStyle(e);
          if (style.transform && style.transform !== "none") {
            const m = new DOMMatrix(style.transform);
            scale *= Math.hypot(m.a, m.b);
          }
          if (style.scale && style.scale !== "none") {
            scale *= Number(style.scale.split(" ")[0]) || 1;
          }
          const zoom = Number(style.zoom);
          if (zoom && zoom !== 1) scale *= zoom;
        }
        return scale;
      };
      const where = (el: Element): string => {
        const tagged = el.closest("[data-testid]");
        const id = tagged ? `[data-testid=${tagged.getAttribute("data-testid")}] ` : "";
        return `${id}${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
      };
      const out: { text: string; px: number; where: string }[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? "").trim();
        const el = node.parentElement;
        if (!text || !el) continue;
        if (el.closest("[data-text-decor], .visually-hidden")) continue;
        if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        if (box.width < 1 || box.height < 1) continue;
        if (box.right < 0 || box.bottom < 0 || box.left > innerWidth || box.top > innerHeight)
          continue;
        const px = Number.parseFloat(getComputedStyle(el).fontSize) * scaleOf(el);
        if (px < min - 0.01) out.push({ text, px: Math.round(px * 100) / 100, where: where(el) });
      }
      return out;
    },
    { selector, min: MIN_CSS_PX },
  );
}

/**
 * Fails on any text under MIN_CSS_PX under `selector`, naming each text and its
 * place. `soft`: the run goes on to the next screen and fails at its end, so
 * one run lists every screen's small texts.
 */
export async function expectReadable(
  page: Page,
  selector: string,
  label: string,
  {
    soft = false,
    settle = true,
  }: {
    soft?: boolean;
    /** false: measure at once (a screen that shows only briefly, as the versus screen). */
    settle?: boolean;
  } = {},
): Promise<void> {
  const small = await smallTexts(page, selector, { settle });
  (soft ? expect.soft : expect)(
    small,
    `${label}: texts under ${MIN_CSS_PX} CSS px:\n${small.map((s) => `  "${s.text}" ${s.px}px at ${s.where}`).join("\n")}`,
  ).toEqual([]);
}
