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
 * What `measure` finds that is still there once the screen has settled again,
 * three times over: a finite animation that starts between a settle and a
 * measure (an element mounted late, a live screen's pop) passes; a real
 * problem is found every time and fails.
 */
async function persisting<T>(page: Page, measure: () => Promise<T[]>): Promise<T[]> {
  let found = await measure();
  for (let attempt = 0; found.length > 0 && attempt < 3; attempt++) {
    await settled(page);
    found = await measure();
  }
  return found;
}

/**
 * In the page: every visible text node under `selector` whose effective size
 * is under `min`. Self-contained (no closure): Playwright runs it by its
 * source, and watchReadable installs it in the page for a brief screen.
 */
const measureSmallTexts = ({ selector, min }: { selector: string; min: number }): SmallText[] => {
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
    if (box.right < 0 || box.bottom < 0 || box.left > innerWidth || box.top > innerHeight) continue;
    const px = Number.parseFloat(getComputedStyle(el).fontSize) * scaleOf(el);
    if (px < min - 0.01) out.push({ text, px: Math.round(px * 100) / 100, where: where(el) });
  }
  return out;
};

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
  return page.evaluate(measureSmallTexts, { selector, min: MIN_CSS_PX });
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
  // An element mounted after the settle can be measured mid-entrance (a box
  // card's "cashback" badge pops in scaled from 0.4, seen at 9.6 px of its 12).
  const small = settle
    ? await persisting(page, () => smallTexts(page, selector))
    : await smallTexts(page, selector, { settle });
  (soft ? expect.soft : expect)(
    small,
    `${label}: texts under ${MIN_CSS_PX} CSS px:\n${small.map((s) => `  "${s.text}" ${s.px}px at ${s.where}`).join("\n")}`,
  ).toEqual([]);
}

/**
 * For a screen shown only briefly (the versus screen, 2.5 s): the page itself
 * measures `selector`'s small texts the moment the screen's own entry
 * animations have ended (or 1.5 s after it appeared), so a busy machine's
 * slow round trips cannot miss it. Install before the screen appears; the
 * answer waits for the measurement and fails on any text under MIN_CSS_PX.
 */
export async function watchReadable(
  page: Page,
  selector: string,
  label: string,
): Promise<() => Promise<void>> {
  // Installed by its source as an expression (as a console line would be),
  // which the page's Content-Security-Policy does not stop as it would eval.
  await page.evaluate(`window.__measureSmallTexts = ${measureSmallTexts.toString()}`);
  await page.evaluate(
    ({ selector, min }) => {
      const w = window as unknown as {
        __briefSmall?: Record<string, unknown>;
        __measureSmallTexts: (a: { selector: string; min: number }) => unknown;
      };
      w.__briefSmall ??= {};
      const store = w.__briefSmall;
      const run = w.__measureSmallTexts;
      let appeared = 0;
      const check = () => {
        if (selector in store) return;
        const el = document.querySelector(selector);
        if (!el) {
          appeared = 0;
          return;
        }
        appeared ||= performance.now();
        const moving = el
          .getAnimations({ subtree: true })
          .some((a) => a.playState === "running" && a.effect?.getTiming().iterations !== Infinity);
        if (moving && performance.now() - appeared < 1500) return;
        store[selector] = run({ selector, min });
      };
      const tick = () => {
        check();
        if (!(selector in store)) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    { selector, min: MIN_CSS_PX },
  );
  return async () => {
    const handle = await page.waitForFunction(
      (sel) =>
        (window as unknown as { __briefSmall?: Record<string, unknown> }).__briefSmall?.[sel],
      selector,
      { timeout: 60_000 },
    );
    const small = (await handle.jsonValue()) as SmallText[];
    expect(
      small,
      `${label}: texts under ${MIN_CSS_PX} CSS px:\n${small.map((s) => `  "${s.text}" ${s.px}px at ${s.where}`).join("\n")}`,
    ).toEqual([]);
  };
}

/**
 * Layout problems under `root`: a button (or `extra` element) not whole in the
 * window or covered at its centre, and a text cut off by its own box. Inside a
 * list that scrolls one way, only that way is let off: the list scrolls a
 * button into view there, but nothing brings back what sticks out across it.
 */
export async function layoutProblems(page: Page, root: string, extra: string[]): Promise<string[]> {
  await settled(page);
  return page.evaluate(
    ({ root, extra }) => {
      const out: string[] = [];
      const base = document.querySelector(root);
      if (!base) return [`no ${root}`];
      const name = (el: Element) =>
        `${el.getAttribute("data-testid") ?? el.className} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
      /** Whether a list above el scrolls across (x) or down (y). */
      const scrolls = (el: Element): { x: boolean; y: boolean } => {
        const out = { x: false, y: false };
        for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
          const s = getComputedStyle(e);
          if (/(auto|scroll)/.test(s.overflowY) && e.scrollHeight > e.clientHeight + 1)
            out.y = true;
          if (/(auto|scroll)/.test(s.overflowX) && e.scrollWidth > e.clientWidth + 1) out.x = true;
        }
        return out;
      };
      const visible = (el: Element) =>
        el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
        el.getBoundingClientRect().width > 0;
      const whole = [
        ...base.querySelectorAll("button, a[href], input, select"),
        ...extra.flatMap((s) => [...document.querySelectorAll(s)]),
      ];
      /** Wholly outside a box that clips it (a slider's cards off to the side): not shown, by design. */
      const clippedAway = (el: Element, r: DOMRect): boolean => {
        for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
          if (getComputedStyle(e).overflow === "visible") continue;
          const c = e.getBoundingClientRect();
          if (r.right <= c.left || r.left >= c.right || r.bottom <= c.top || r.top >= c.bottom)
            return true;
        }
        return false;
      };
      for (const el of whole) {
        if (!visible(el) || el.closest("[aria-hidden=true], .visually-hidden")) continue;
        const list = scrolls(el);
        const inList = list.x || list.y;
        const r = el.getBoundingClientRect();
        if (clippedAway(el, r)) continue;
        if (
          (!list.x && (r.left < -1 || r.right > innerWidth + 1)) ||
          (!list.y && (r.top < -1 || r.bottom > innerHeight + 1))
        ) {
          out.push(
            `${name(el)} not whole in the window (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)})`,
          );
          continue;
        }
        if (inList || !el.matches("button, a[href], input, select")) continue;
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (top && !(el === top || el.contains(top) || top.contains(el)))
          out.push(`${name(el)} covered by ${top.className || top.tagName}`);
      }
      const walker = document.createTreeWalker(base, NodeFilter.SHOW_TEXT);
      const seen = new Set<Element>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || seen.has(el) || !(node.textContent ?? "").trim() || !visible(el)) continue;
        if (el.closest(".visually-hidden")) continue;
        seen.add(el);
        const s = getComputedStyle(el);
        if (s.overflowX === "visible" && s.overflowY === "visible") continue;
        if (/(auto|scroll)/.test(s.overflowX + s.overflowY)) continue;
        if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 2)
          out.push(
            `${name(el)} cut off (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`,
          );
      }
      return out;
    },
    { root, extra },
  );
}

/** Two texts under `selector` drawn over each other (each named with its place). */
export async function overlappingTexts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) return [`no ${selector}`];
    const where = (el: Element): string => {
      const tagged = el.closest("[data-testid]");
      const id = tagged ? `[data-testid=${tagged.getAttribute("data-testid")}] ` : "";
      return `${id}${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
    };
    const out: string[] = [];
    const seen: { text: string; box: DOMRect }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? "").trim();
      const el = node.parentElement;
      if (!text || !el || el.closest("[data-text-decor], .visually-hidden")) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      for (const other of seen) {
        const w = Math.min(box.right, other.box.right) - Math.max(box.left, other.box.left);
        const h = Math.min(box.bottom, other.box.bottom) - Math.max(box.top, other.box.top);
        if (w > 2 && h > 2) out.push(`"${text}" over "${other.text}" at ${where(el)}`);
      }
      seen.push({ text, box });
    }
    return out;
  }, selector);
}

/**
 * Every text under `selector` at MIN_CSS_PX or more, none cut off or over
 * another, and every button under it whole in the window and uncovered.
 */
export async function expectReadableWhole(
  page: Page,
  selector: string,
  label: string,
): Promise<void> {
  await expectReadable(page, selector, label);
  // A live screen can start a finite animation between that settle and this
  // measure (a watched game's turn: each resource's value and "+1" pop, and
  // mid-pop their boxes overlap).
  const problems = await persisting(page, async () => [
    ...(await layoutProblems(page, selector, [])),
    ...(await overlappingTexts(page, selector)),
  ]);
  expect(
    problems,
    `${label}: cut off, covered or overlapping:\n  ${problems.join("\n  ")}`,
  ).toEqual([]);
}
