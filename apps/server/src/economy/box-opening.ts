import { randomInt, randomUUID } from "node:crypto";
import { copyCap } from "@cardrealm/content";
import type { CardDef } from "@cardrealm/engine";
import {
  MESSAGES,
  type OpenedBox,
  type OpenedCard,
  SEASON_PASS_PRICE,
  type User,
} from "@cardrealm/protocol";
import type { Db } from "../db/database.ts";
import { type Executor, isUniqueViolation, nowIso } from "../db/executor.ts";
import { createGroupTransaction } from "../db/group-transaction.ts";
import { boxFacts, insertOpeningPart, openingFor } from "../db/repositories/box-openings-repo.ts";
import { addToLibraryPart } from "../db/repositories/collection-repo.ts";
import {
  applyGemChange,
  countGemsMoved,
  type GemEntry,
  gemChangesParts,
} from "../db/repositories/ledger-repo.ts";
import { lockPlayer, lockPlayerWithBalance } from "../db/repositories/player-lock.ts";
import { findUserById, setPremium } from "../db/repositories/users-repo.ts";
import { runTogether } from "../db/run-together.ts";
import { offLoopDurability } from "../db/wal-sync.ts";
import { factPart, recordFact } from "../observability/analytics.ts";
import type { BoxProgressWrites } from "../progression/progression.ts";
import { type Outcome, outcomeOf, Refused } from "../services/outcome.ts";
import { rememberParts, userView, type ViewParts } from "../services/user-view.ts";
import { partsAfterBox } from "./box-view.ts";
import { BOXES, boxCards, CASHBACK, drawBox } from "./boxes.ts";

type Slot = keyof OpenedBox;
/** A box's transaction's result: the box, and the player's view parts it left (box-view.ts). */
type Opened = { box: OpenedBox; parts?: ViewParts | undefined };

const notEnoughGems = () => new Refused("not_enough_gems", MESSAGES.notEnoughGems);
const signInAgain = () => new Refused("unknown_player", "Please sign in again.");
const alreadyHasPass = () => new Refused("conflict", "You already have the season pass.");

/**
 * The box's drawn cards against the player's library: each adds a copy, or
 * pays its cashback when the card is already at its cap. The charge and the
 * cashbacks are the gem entries; `have` is left at the amounts after the box.
 */
function tally(
  box: { id: number; price: number },
  drawn: readonly { slot: Slot; rarity: CardDef["rarity"]; card: CardDef }[],
  have: Map<number, number>,
  requestKey: string,
): { gems: GemEntry[]; added: { cardId: number; amount: number }[]; full: OpenedBox } {
  const gems: GemEntry[] = [
    { delta: -box.price, reason: `box_open:${box.id}`, idempotencyKey: requestKey },
  ];
  const added: { cardId: number; amount: number }[] = [];
  const result: Partial<OpenedBox> = {};
  for (const { slot, rarity, card } of drawn) {
    const owned = have.get(card.id) ?? 0;
    let entry: OpenedCard;
    if (owned >= copyCap(card.id)) {
      gems.push({
        delta: CASHBACK[rarity],
        reason: "box_cashback",
        idempotencyKey: `${requestKey}:${slot}`,
      });
      entry = { card: card.id, number_in_library: owned, cashback: CASHBACK[rarity] };
    } else {
      have.set(card.id, owned + 1);
      added.push({ cardId: card.id, amount: 1 });
      entry = { card: card.id, number_in_library: owned + 1, cashback: false };
    }
    result[slot] = entry;
  }
  return { gems, added, full: result as OpenedBox };
}

export interface ShopDeps {
  db: Db;
  clock: () => number;
  draw?: (n: number) => number;
  /**
   * Progression hooks, run inside the purchase's transaction (daily tasks,
   * season rewards). The box's says what it wrote of the player's view tables.
   */
  onBoxOpened?: (trx: Executor, userId: number) => Promise<BoxProgressWrites>;
  onSeasonPass?: (trx: Executor, userId: number) => Promise<void>;
}

/**
 * Buys the season pass once (the ledger key and the player lock keep a
 * racing purchase out); the paid rewards already reached are due at once.
 */
async function buySeasonPass(
  deps: ShopDeps,
  view: (userId: number) => Promise<User>,
  userId: number,
): Promise<User> {
  const k = deps.db.kysely;
  await k
    .transaction()
    .execute(async (trx) => {
      const now = nowIso(deps.clock);
      // Locked before reading premium: a racing purchase waits, then sees
      // the pass and answers 409, not a wrong 402 from the spent balance.
      if (!(await lockPlayer(trx, userId, now))) throw signInAgain();
      const user = await findUserById(trx, userId);
      if (!user) throw signInAgain();
      if (user.premium === 1) throw alreadyHasPass();
      const charge = await applyGemChange(trx, {
        userId,
        delta: -SEASON_PASS_PRICE,
        reason: "season_pass",
        idempotencyKey: `season-pass:${userId}`,
        now,
      });
      if (charge.status !== "applied") throw notEnoughGems();
      await setPremium(trx, userId, now);
      await recordFact(
        trx,
        userId,
        { name: "season_pass", data: { price: SEASON_PASS_PRICE } },
        now,
      );
      await deps.onSeasonPass?.(trx, userId);
    })
    .catch((err: unknown) => {
      // Two purchases raced on PostgreSQL: the ledger key let one through.
      if (isUniqueViolation(err)) throw alreadyHasPass();
      throw err;
    });
  return view(userId);
}

/**
 * Card boxes and the season pass. A box charge, its six cards and any
 * cashback commit in one transaction, keyed by the request id, so a retried
 * or double click opens the box once and charges once.
 */
export function createShop(deps: ShopDeps) {
  const k = deps.db.kysely;
  // SQLite: boxes opened together share one commit (db/group-transaction.ts),
  // each in its own savepoint, and its fsync runs on the thread pool, not the
  // event loop (db/wal-sync.ts): it was most of a box's cost (bench/api,
  // session 8). Each answer still leaves only after its box is on disk. PostgreSQL commits off the
  // event loop and keeps a transaction per box (a group would hold every
  // member's player lock until the last one's work is done).
  const group =
    deps.db.dialect === "sqlite"
      ? createGroupTransaction(k, { durability: offLoopDurability(deps.db) })
      : undefined;
  const inTransaction = <T>(work: (trx: Executor) => Promise<T>): Promise<T> =>
    group ? group.run(work) : k.transaction().execute(work);
  const draw = deps.draw ?? ((n: number) => randomInt(n));

  async function stored(db: Executor, requestKey: string): Promise<OpenedBox | undefined> {
    const json = await openingFor(db, requestKey);
    return json === undefined ? undefined : (JSON.parse(json) as OpenedBox);
  }

  async function view(userId: number): Promise<User> {
    const u = await userView(k, userId, deps.clock());
    if (!u) throw signInAgain();
    return u;
  }

  async function openBox(
    userId: number,
    boxId: number,
    requestId?: string,
  ): Promise<{ box: OpenedBox; user: User }> {
    const box = BOXES.find((b) => b.id === boxId);
    if (!box) throw new Refused("not_found", `No box ${boxId}.`);
    const requestKey = `box:${userId}:${requestId ?? randomUUID()}`;
    const pool = boxCards(box.set);
    try {
      const opened = await inTransaction<Opened>(async (trx) => {
        const now = nowIso(deps.clock);
        // Few statements (bench/api, sessions 9 and 23): the six cards are
        // drawn first; this request's earlier box and their amounts are one
        // query, and they are added in one upsert; the charge and any
        // cashback are one balance change with their ledger rows in one insert.
        const drawn = drawBox(pool, draw);
        // The player's lock first (db/repositories/player-lock.ts): a retry of
        // this request then waits and finds the winner's box below instead of
        // failing the charge with a wrong "Not enough gems!", and two boxes
        // never both see a card one short of its cap and both add it.
        const locked = await lockPlayerWithBalance(trx, userId, now);
        if (locked === undefined) throw signInAgain();
        const { earlier, have } = await boxFacts(
          trx,
          userId,
          requestKey,
          drawn.map((d) => d.card.id),
        );
        if (earlier !== undefined) return { box: JSON.parse(earlier) as OpenedBox };
        if (locked.silver < box.price) throw notEnoughGems();
        const { gems, added, full } = tally(box, drawn, have, requestKey);
        const charge = gemChangesParts(userId, gems, locked.silver, now);
        if (!charge) throw notEnoughGems();
        const cashback = gems.reduce((sum, g) => sum + Math.max(g.delta, 0), 0);
        const data = { box_id: box.id, price: box.price, cards_added: added.length, cashback };
        const cards = addToLibraryPart(userId, added);
        // The charge, its ledger rows, the cards, the opening and its fact: one
        // statement on PostgreSQL (db/run-together.ts), five round trips fewer.
        const moved = await runTogether(trx, deps.db.dialect, [
          charge[0],
          charge[1],
          ...(cards ? [cards] : []),
          insertOpeningPart({
            id: randomUUID(),
            userId,
            boxId: box.id,
            requestKey,
            result: JSON.stringify(full),
            now,
          }),
          factPart(userId, { name: "box_opened", data }, now),
        ]);
        // The balance is the one read under the player lock, or nothing of this box stays.
        if (moved.length === 0) throw new Error("the balance moved under the player lock");
        countGemsMoved(gems);
        const wrote = (await deps.onBoxOpened?.(trx, userId)) ?? "none";
        // The answer's view from what this transaction wrote (box-view.ts):
        // cached after the commit, so the view below reads no part again.
        const parts = await partsAfterBox(trx, {
          dialect: deps.db.dialect,
          cacheDb: k,
          userId,
          before: locked.viewVersion,
          amounts: have,
          wrote,
          now: deps.clock(),
        });
        return { box: full, parts };
      });
      if (opened.parts) rememberParts(k, userId, opened.parts);
      return { box: opened.box, user: await view(userId) };
    } catch (err) {
      // The same request raced itself on PostgreSQL: answer what the winner opened.
      if (!isUniqueViolation(err)) throw err;
      const winner = await stored(k, requestKey);
      if (!winner) throw err;
      return { box: winner, user: await view(userId) };
    }
  }

  return {
    openBox(
      userId: number,
      boxId: number,
      requestId?: string,
    ): Promise<Outcome<{ box: OpenedBox; user: User }>> {
      return outcomeOf(() => openBox(userId, boxId, requestId));
    },

    buySeasonPass(userId: number): Promise<Outcome<User>> {
      return outcomeOf(() => buySeasonPass(deps, view, userId));
    },
  };
}
