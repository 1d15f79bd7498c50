import type { OpponentDef } from "@cardrealm/content";
import type { Catalogue, StateMessage } from "@cardrealm/engine";
import type { PracticeOpponent } from "@cardrealm/protocol";
import type { Db } from "../db/database.ts";
import type { BattleRow } from "../db/repositories/battles-repo.ts";
import { mapsOf } from "../db/repositories/collection-repo.ts";
import { foughtOf } from "../db/repositories/replays-repo.ts";
import { findUserById } from "../db/repositories/users-repo.ts";
import { foughtIds, metOpponents, type PracticeContent, practiceDeck } from "./practice.ts";
import { refuse } from "./refusals.ts";
import type { StoredSetup } from "./story-settlement.ts";

const HUMAN = 0 as const;

/**
 * Starting a deck challenge (battles/practice.ts): the story battles'
 * start, with the shared deck instead of the player's and any opponent the
 * player has met. The battle is then a story-routes battle of mode practice.
 */
export function createPracticeStart(ctx: {
  db: Db;
  deps: PracticeContent & {
    catalogue: Catalogue;
    opponent: (id: number) => OpponentDef | undefined;
  };
  /** The player's running battle's state if it is this start's, a refusal if another; null: free. */
  running: (userId: number, same: (active: BattleRow) => boolean) => Promise<StateMessage[] | null>;
  begin: (
    userId: number,
    setup: StoredSetup,
    same: (active: BattleRow) => boolean,
  ) => Promise<StateMessage[]>;
  sameStart: (cpuId: number) => (active: BattleRow) => boolean;
  seed: () => number;
}) {
  const k = ctx.db.kysely;
  const { deps } = ctx;

  async function opponents(userId: number): Promise<PracticeOpponent[]> {
    const user = await findUserById(k, userId);
    if (!user) throw refuse.signInAgain();
    const bot = deps.opponents.find((o) => o.isBot)?.id ?? 0;
    return metOpponents(deps, {
      level: user.level,
      maps: await mapsOf(k, userId),
      fought: foughtIds(await foughtOf(k, userId), bot),
    });
  }

  async function start(userId: number, deckCode: string, cpuId: number): Promise<StateMessage[]> {
    const user = await findUserById(k, userId);
    if (!user) throw refuse.signInAgain();
    const same = ctx.sameStart(cpuId);
    const running = await ctx.running(userId, same);
    if (running) return running;
    const cards = practiceDeck(deckCode, deps.catalogue);
    const opponent = deps.opponent(cpuId);
    if (!opponent || !(await opponents(userId)).some((o) => o.cpu_id === cpuId))
      throw refuse.forbidden("Meet this opponent on your story map before you challenge it.");
    return ctx.begin(
      userId,
      {
        seed: ctx.seed(),
        opener: HUMAN,
        sides: [
          { name: user.nickname, deck: cards },
          { name: opponent.name, hp: opponent.hp, deck: [...opponent.deck] },
        ],
        cpuId,
      },
      same,
    );
  }

  return { opponents, start };
}
