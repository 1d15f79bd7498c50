import { expect, type Locator, type Page } from "@playwright/test";

/** From the map: open chapter 1, fight opponent 6, read through the intro story to the battle. */
export async function startFirstBattle(page: Page): Promise<void> {
  await page.getByTestId("chapter-elf").click();
  await expect(page.getByTestId("boss-window")).toBeVisible();
  await page.getByTestId("fight-6").click();
  await passStory(page);
  await expect(page.getByTestId("battle-screen")).toBeVisible({ timeout: 20_000 });
}

/** Reads a comic or a dialogue to its end and presses OK. */
export async function passStory(page: Page): Promise<void> {
  const comic = page.getByTestId("story-comic");
  const dialogue = page.getByTestId("story-dialogue");
  await expect(comic.or(dialogue)).toBeVisible({ timeout: 15_000 });
  if (await comic.isVisible()) {
    for (let i = 0; i < 10 && !(await page.getByTestId("story-comic-ok").isVisible()); i++) {
      await page.getByTestId("story-comic-next").click();
    }
    await page.getByTestId("story-comic-ok").click();
  } else {
    // The first press finishes the typing, the next one is OK.
    for (let i = 0; i < 6 && (await page.getByTestId("story-dialogue-ok").isVisible()); i++) {
      await page.getByTestId("story-dialogue-ok").click();
      await page.waitForTimeout(200);
    }
  }
}

/**
 * How long the other side's turn may take before a journey gives up on it:
 * the computer's turn is paced on the screen (product.md section 4: each
 * played card shown 2 s, "Enemy turn!" after 1 s for 1.4 s, every blow 0.8 s)
 * and a loaded machine stretches every part of it. Generous on purpose: the
 * wait ends as soon as the turn is back, so a long deadline costs nothing.
 */
export const OTHER_TURN_DEADLINE_MS = 180_000;

/**
 * Waits until it is the player's move again ("mine": the battle screen's
 * phase is play_card) or the battle is over ("over": the end panel shows).
 * Fails after OTHER_TURN_DEADLINE_MS saying where the battle stood.
 */
export async function waitForMyTurn(page: Page): Promise<"mine" | "over"> {
  const outcome = await page
    .waitForFunction(
      () => {
        if (document.querySelector('[data-testid="end-game-panel"]')) return "over";
        const phase = document
          .querySelector('[data-testid="battle-screen"]')
          ?.getAttribute("data-phase");
        return phase === "play_card" ? "mine" : null;
      },
      undefined,
      { timeout: OTHER_TURN_DEADLINE_MS, polling: 100 },
    )
    .then((handle) => handle.jsonValue())
    .catch(async (error: Error) => {
      const phase = await page
        .getByTestId("battle-screen")
        .getAttribute("data-phase", { timeout: 1_000 })
        .catch(() => "no battle screen");
      throw new Error(
        `the player's turn did not come back within ${OTHER_TURN_DEADLINE_MS / 1000} s (battle phase: ${phase}): ${error.message.split("\n")[0]}`,
      );
    });
  if (outcome !== "over") return "mine";
  // The end panel is visible once it is there (a modal over the board).
  await expect(page.getByTestId("end-game-panel")).toBeVisible();
  return "over";
}

/** Plays one playable card: by drag and drop, or by clicks. Returns false when none is playable. */
export async function playACard(page: Page, how: "drag" | "click"): Promise<boolean> {
  const playable = page.locator('[data-testid^="hand-card-"][data-playable="true"]');
  const n = await playable.count();
  if (n === 0) return false;
  // The dearest playable card: its drawn face says "cost 1 fire 3 diamond".
  let best = 0;
  let bestCost = -1;
  // Every playable card's label in one look (a look per card cost seconds on a loaded machine).
  const labels = await playable.evaluateAll((cards) =>
    cards.map((c) => c.querySelector("[aria-label*=cost]")?.getAttribute("aria-label") ?? ""),
  );
  labels.forEach((label, i) => {
    const cost =
      (/cost ([^,]*)/.exec(label)?.[1] ?? "").match(/\d+/g)?.reduce((a, b) => a + Number(b), 0) ??
      0;
    if (cost > bestCost) {
      bestCost = cost;
      best = i;
    }
  });
  const card = playable.nth(best);
  if (how === "drag") {
    // Read the card's box once the dealt hand stopped sliding, or the press misses it.
    const from = await settledBox(card);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 40, { steps: 5 });
    const spot = page
      .locator('[data-place="true"], [data-target="true"], .castle--target .castle__portrait')
      .first();
    const hasSpot = await spot
      .waitFor({ timeout: 1500 })
      .then(() => true)
      .catch(() => false);
    // A spell without a target plays when dropped anywhere on the board.
    const to = hasSpot
      ? await spot.boundingBox()
      : await page.getByTestId("cpu-cell-2").boundingBox();
    if (!to) return false;
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
  } else {
    await card.click();
    for (let i = 0; i < 5; i++) {
      const cell = page.getByTestId(`player-cell-${i}`);
      if (
        (await cell.getAttribute("data-place")) === "true" &&
        !(await page.getByTestId(`cpu-unit-${i}`).count())
      ) {
        await cell.click();
        return true;
      }
    }
    const spot = page
      .locator(
        '[data-place="true"], .castle--target.castle--cpu .castle__portrait, [data-testid^="cpu-cell-"][data-target="true"], [data-target="true"], .castle--target .castle__portrait',
      )
      .first();
    if (await spot.isVisible().catch(() => false)) await spot.click();
  }
  return true;
}

/** How long a play's answer and animations (under 3 s on a quiet machine) may take. */
export const INPUT_DEADLINE_MS = 60_000;

/**
 * Waits until the battle screen takes input again (end turn is enabled: no
 * call under way, no animation) or the battle is over. True when it is over.
 */
export async function waitForInput(page: Page): Promise<boolean> {
  const over = await page
    .waitForFunction(
      () => {
        if (document.querySelector('[data-testid="end-game-panel"]')) return "over";
        const end = document.querySelector<HTMLButtonElement>('[data-testid="end-turn"]');
        return end && !end.disabled ? "input" : null;
      },
      undefined,
      { timeout: INPUT_DEADLINE_MS, polling: 100 },
    )
    .then((handle) => handle.jsonValue())
    .catch((error: Error) => {
      throw new Error(
        `the battle screen took no input (End turn stayed disabled) within ${INPUT_DEADLINE_MS / 1000} s: ${error.message.split("\n")[0]}`,
      );
    });
  return over === "over";
}

/**
 * A whole turn of a plain, aggressive player: the dearest playable card,
 * every ready unit attacks, end turn.
 */
export async function playTurn(page: Page, how: "drag" | "click"): Promise<void> {
  await playACard(page, how);
  await expect(page.getByTestId("battle-screen")).toHaveAttribute(
    "data-phase",
    /play_card|end_game/,
    { timeout: 15_000 },
  );
  // The play's answer and animations are over once the screen takes input again.
  if (await waitForInput(page)) return;
  const allAttack = page.getByTestId("all-attack");
  if (await allAttack.isEnabled()) {
    await allAttack.click();
    // All attack flags the ready units one by one (100 ms apart); a flag shows on ready units only.
    await expect(page.locator('[data-testid^="player-flag-"][data-flag="defence"]')).toHaveCount(
      0,
      { timeout: 15_000 },
    );
  }
  // Over six cards (MAX_HAND_AT_END_TURN) the game asks for a discard: give it the first card.
  const mustDiscard = (await page.locator('[data-testid^="hand-card-"]').count()) > 6;
  await page.getByTestId("end-turn").click();
  if (mustDiscard) {
    await expect(page.getByTestId("battle-screen")).toHaveAttribute("data-phase", "discard_card");
    await page.locator('[data-testid^="hand-card-"]').first().click();
  }
}

/** A play the test has decided on: a hand card by key, a unit's own cell, a spell's target. */
export interface PlannedPlay {
  handKey: number;
  /** Units: the own cell it goes into. */
  cell?: number;
  /** Spells that aim (player = own side, cpu = the enemy), as the engine names it. */
  target?: { key: "table_key" | "target_cpu_hp" | "target_player_hp"; value: number; side: string };
}

/** Where the planned play is put down: the own cell, the target, or (a free spell) the board. */
function dropSpot(page: Page, play: PlannedPlay) {
  if (play.cell !== undefined) return page.getByTestId(`player-cell-${play.cell}`);
  const t = play.target;
  if (!t) return page.getByTestId("cpu-cell-2");
  if (t.key === "table_key")
    return page.getByTestId(`${t.side === "cpu" ? "cpu" : "player"}-cell-${t.value}`);
  const seat = t.key === "target_cpu_hp" ? "cpu" : "player";
  return page.getByTestId(`${seat}-castle`).locator(".castle__portrait");
}

/**
 * A press the screen was not ready for (a state message still settling) is
 * dropped by design, so a pick is tried again a few times before it fails.
 */
async function picked(page: Page, handKey: number): Promise<boolean> {
  return expect(page.getByTestId(`hand-card-${handKey}`))
    .toHaveAttribute("data-picked", "true", { timeout: 1500 })
    .then(() => true)
    .catch(() => false);
}

/**
 * The element's box once it stopped moving (two reads 100 ms apart agree): the
 * hand deals its cards in with a slide, and a press made from a box read
 * mid-slide lands beside the card. (Playwright's click waits for this itself;
 * raw mouse moves do not.)
 */
async function settledBox(
  locator: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = await locator.boundingBox();
  for (let i = 0; i < 50; i++) {
    await locator.page().waitForTimeout(100);
    const box = await locator.boundingBox();
    if (
      box &&
      last &&
      Math.abs(box.x - last.x) < 0.5 &&
      Math.abs(box.y - last.y) < 0.5 &&
      Math.abs(box.width - last.width) < 0.5
    )
      return box;
    last = box;
  }
  throw new Error("the element never stopped moving");
}

/** Presses the hand card and drags it up past the swipe threshold: the card is picked and follows. */
async function pickByDrag(page: Page, handKey: number): Promise<void> {
  const card = page.getByTestId(`hand-card-${handKey}`);
  for (let attempt = 0; attempt < 4; attempt++) {
    const from = await settledBox(card);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 40, { steps: 5 });
    if (await picked(page, handKey)) return;
    await page.mouse.up();
    console.warn(`hand card ${handKey}: the drag did not pick it, again`);
  }
  throw new Error(`dragging hand card ${handKey} did not pick it`);
}

/** Clicks the hand card until it shows as picked. */
async function pickByClick(page: Page, handKey: number): Promise<void> {
  const card = page.getByTestId(`hand-card-${handKey}`);
  for (let attempt = 0; attempt < 4; attempt++) {
    await card.click();
    if (await picked(page, handKey)) return;
    console.warn(`hand card ${handKey}: the click did not pick it, again`);
  }
  throw new Error(`clicking hand card ${handKey} did not pick it`);
}

/**
 * Plays this hand card through the screen, by drag and drop or by clicks
 * (card, then cell or target; a free spell plays on its click), and waits
 * until the server's answer is shown: the card left the hand and it is the
 * player's move again, or the battle is over.
 */
export async function playPlanned(
  page: Page,
  play: PlannedPlay,
  how: "drag" | "click",
): Promise<void> {
  const card = page.getByTestId(`hand-card-${play.handKey}`);
  // Playable means the screen takes input now (no animation, no call under way).
  await expect(card).toHaveAttribute("data-playable", "true", { timeout: 15_000 });
  const spot = dropSpot(page, play);
  if (how === "drag") {
    await pickByDrag(page, play.handKey);
    const to = await settledBox(spot);
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
  } else {
    const freeSpell = play.cell === undefined && play.target === undefined;
    if (freeSpell) {
      // A free spell plays on its click; a click the screen was not ready for is tried again.
      for (let attempt = 0; attempt < 4 && (await card.count()) > 0; attempt++) {
        if (attempt > 0) console.warn(`hand card ${play.handKey}: click again`);
        await card.click();
        await expect(card)
          .toHaveCount(0, { timeout: 2000 })
          .catch(() => undefined);
      }
    } else {
      await pickByClick(page, play.handKey);
      if (play.cell !== undefined) await expect(spot).toHaveAttribute("data-place", "true");
      await spot.click();
    }
  }
  await expect(card).toHaveCount(0, { timeout: 15_000 });
  if (play.cell !== undefined) {
    await expect(page.getByTestId(`player-unit-${play.cell}`)).toBeVisible({ timeout: 15_000 });
  }
  await expect(page.getByTestId("battle-screen")).toHaveAttribute(
    "data-phase",
    /play_card|end_game/,
    {
      timeout: 15_000,
    },
  );
}

/** Flags exactly these own cells attack (a click each) and checks every other ready unit defends. */
export async function setAttackFlags(page: Page, cells: readonly number[]): Promise<void> {
  for (const cell of cells) {
    const flag = page.getByTestId(`player-flag-${cell}`);
    await expect(flag).toHaveAttribute("data-flag", "defence", { timeout: 15_000 });
    const target = page.getByTestId(`player-cell-${cell}`);
    // The cell takes the click once the screen takes input again.
    await expect(target).toHaveAttribute("aria-label", /press to attack/, { timeout: 15_000 });
    await target.click();
    await expect(flag).toHaveAttribute("data-flag", "attack");
  }
  const flags = page.locator('[data-testid^="player-flag-"]');
  for (let i = 0; i < (await flags.count()); i++) {
    const id = (await flags.nth(i).getAttribute("data-testid")) ?? "";
    const cell = Number(id.replace("player-flag-", ""));
    await expect(flags.nth(i)).toHaveAttribute(
      "data-flag",
      cells.includes(cell) ? "attack" : "defence",
    );
  }
}

/** Ends the turn; above six cards the game asks for a discard and gets this hand card. */
export async function endTurnDiscarding(page: Page, discardKey?: number): Promise<void> {
  const end = page.getByTestId("end-turn");
  await expect(end).toBeEnabled({ timeout: 15_000 });
  const turn = await turnNumber(page);
  await end.click();
  if (discardKey !== undefined) {
    await expect(page.getByTestId("battle-screen")).toHaveAttribute("data-phase", "discard_card");
    await page.getByTestId(`hand-card-${discardKey}`).click();
  }
  // The turn has left the player: the screen shows another phase, or (a quiet
  // computer turn at the journeys' pace is over in a few hundred ms, between
  // two looks) a later turn already.
  await expect
    .poll(
      async () => {
        const phase = await page.getByTestId("battle-screen").getAttribute("data-phase");
        return !/play_card|discard_card/.test(phase ?? "") || (await turnNumber(page)) > turn;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** The turn the badge shows. */
async function turnNumber(page: Page): Promise<number> {
  return Number((await page.getByTestId("turn-badge").textContent())?.match(/\d+/)?.[0] ?? 0);
}
