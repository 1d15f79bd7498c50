/**
 * The versus screen with two long names (issue 26 item 6), at 1280x720 and
 * on a 740x360 phone: two players with nicknames of the longest length
 * allowed (one with spaces, one a single 40-letter word) are matched, and on
 * each page both names show whole, on as many lines as they need (no
 * ellipsis, no clipped line), inside the window, each on its own side of the
 * VS and over nothing else on the screen (the VS, a portrait, a rank, the
 * other name), judged by the boxes of the names' lines.
 *
 * The screen shows 2.5 s, so the page measures itself the moment it is up
 * (its entry animations done), as watchReadable does for text sizes.
 */
import { LIMITS } from "@cardrealm/protocol";
import { expect, type Page, test } from "@playwright/test";
import { newArenaPlayer, sqliteSeeder, surrender } from "./arena-support.ts";

const seed = sqliteSeeder(process.env.E2E_DATA_DIR ?? "");

/** Two nicknames of the longest length a player may choose (LIMITS.nicknameMax). */
const LONG_NAMES = [
  "Featherstonehaugh Winterbottom-Ravensbyy",
  "Wolfeschlegelsteinhausenbergerdorffvoral",
] as const;

interface VersusLayout {
  names: string[];
  /** Lines each name is drawn on. */
  lines: number[];
  problems: string[];
}

/** In the page: measures the versus screen once it is up and still, into window.__versusLayout. */
async function watchVersusLayout(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __versusLayout?: VersusLayout };
    let appeared = 0;
    const measure = (screen: Element): VersusLayout => {
      const problems: string[] = [];
      const overlap = (a: DOMRect, b: DOMRect) =>
        Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
      const vs = screen.querySelector(".versus__vs")?.getBoundingClientRect();
      if (!vs) return { names: [], lines: [], problems: ["no VS"] };
      const sides = (["player", "opponent"] as const).map((seat) => {
        const side = screen.querySelector(`[data-testid="versus-${seat}"]`);
        const name = side?.querySelector<HTMLElement>(".versus__name") ?? null;
        const range = document.createRange();
        if (name) range.selectNodeContents(name);
        return {
          seat,
          name,
          lineBoxes: name ? [...range.getClientRects()].filter((r) => r.width > 0) : [],
          others: [side?.querySelector(".versus__portrait"), side?.querySelector(".versus__rank")]
            .filter((e): e is Element => e !== null && e !== undefined)
            .map((e) => ({ what: `${seat}'s ${e.className}`, box: e.getBoundingClientRect() })),
        };
      });
      const names: string[] = [];
      const lines: number[] = [];
      for (const side of sides) {
        const { name, seat } = side;
        if (!name) {
          problems.push(`no name on the ${seat}'s side`);
          continue;
        }
        names.push((name.textContent ?? "").trim());
        lines.push(new Set(side.lineBoxes.map((r) => Math.round(r.top))).size);
        // Cut off: a box that clips (its own, as an ellipsis's, or one above it)
        // has less room than the text needs.
        const clipping = (e: Element) => getComputedStyle(e).overflow !== "visible";
        if (
          clipping(name) &&
          (name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1)
        )
          problems.push(
            `the ${seat}'s name is cut off (${name.scrollWidth}x${name.scrollHeight} in ${name.clientWidth}x${name.clientHeight})`,
          );
        const clips: DOMRect[] = [];
        for (let e = name.parentElement; e && e !== document.body; e = e.parentElement)
          if (clipping(e)) clips.push(e.getBoundingClientRect());
        const everythingElse = [
          { what: "the VS", box: vs },
          ...sides.flatMap((s) => s.others),
          ...sides
            .filter((s) => s !== side)
            .flatMap((s) => s.lineBoxes.map((box) => ({ what: `the ${s.seat}'s name`, box }))),
        ];
        side.lineBoxes.forEach((r, i) => {
          const line = `the ${seat}'s name, line ${i + 1}`;
          if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1)
            problems.push(`${line} is outside the window`);
          if (
            clips.some(
              (c) =>
                r.left < c.left - 1 ||
                r.top < c.top - 1 ||
                r.right > c.right + 1 ||
                r.bottom > c.bottom + 1,
            )
          )
            problems.push(`${line} is clipped by a box above it`);
          // Each name on its own side of the VS.
          if (seat === "player" ? r.right > vs.left + 1 : r.left < vs.right - 1)
            problems.push(`${line} crosses to the other side of the VS`);
          for (const other of everythingElse)
            if (overlap(r, other.box)) problems.push(`${line} is over ${other.what}`);
        });
      }
      return { names, lines, problems };
    };
    const look = () => {
      if (w.__versusLayout) return;
      const screen = document.querySelector('[data-testid="versus-screen"]');
      if (screen) {
        appeared ||= performance.now();
        const moving = screen
          .getAnimations({ subtree: true })
          .some((a) => a.playState === "running" && a.effect?.getTiming().iterations !== Infinity);
        if (!moving || performance.now() - appeared > 1500) {
          w.__versusLayout = measure(screen);
          return;
        }
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

async function versusLayout(page: Page): Promise<VersusLayout> {
  const handle = await page.waitForFunction(
    () => (window as unknown as { __versusLayout?: VersusLayout }).__versusLayout,
    undefined,
    { timeout: 60_000 },
  );
  return (await handle.jsonValue()) as VersusLayout;
}

for (const size of [
  { width: 1280, height: 720, phone: false },
  { width: 740, height: 360, phone: true },
]) {
  test(`the versus screen's long names wrap whole, on their own side, over nothing, at ${size.width}x${size.height}`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    for (const name of LONG_NAMES) expect(name.length).toBe(LIMITS.nicknameMax);
    const options = {
      viewport: { width: size.width, height: size.height },
      hasTouch: size.phone,
      isMobile: size.phone,
    };
    const contexts = [await browser.newContext(options), await browser.newContext(options)];
    try {
      const pages = await Promise.all(contexts.map((c) => c.newPage()));
      for (const [i, page] of pages.entries()) {
        await newArenaPlayer(page, (id, fields) =>
          seed(id, { ...fields, nickname: LONG_NAMES[i] }),
        );
      }
      for (const page of pages) await watchVersusLayout(page);
      await Promise.all(pages.map((p) => p.getByTestId("arena-queue").click()));

      for (const [i, page] of pages.entries()) {
        const layout = await versusLayout(page);
        // Own name on the left, the other player's on the right, each whole.
        expect(layout.names).toEqual([LONG_NAMES[i], LONG_NAMES[1 - i]]);
        expect(layout.problems, `page ${i + 1}:\n  ${layout.problems.join("\n  ")}`).toEqual([]);
        // Too long for one line at this size: they did wrap.
        for (const n of layout.lines) expect(n).toBeGreaterThanOrEqual(2);
      }

      const [first] = pages as [Page, Page];
      await expect(first.getByTestId("versus-screen")).toBeHidden({ timeout: 15_000 });
      await surrender(first);
      await expect(first.getByTestId("end-game-panel")).toBeVisible({ timeout: 20_000 });
    } finally {
      for (const c of contexts) await c.close();
    }
  });
}
