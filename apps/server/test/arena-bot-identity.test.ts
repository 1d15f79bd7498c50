import { ARENA_BOT } from "@cardrealm/content";
import { describe, expect, it } from "vitest";
import { BOT_RANK_SPREAD, botGameSetup, botIdentity } from "../src/battles/arena-bot-identity.ts";
import { rankOf } from "../src/economy/ranks.ts";
import { DEFAULT_NICKNAME_PATTERN } from "../src/services/player-names.ts";

const human = { userId: 7, nickname: "k7mpq2", rankScore: 1_000, deck: [1, 2, 3] };
const seeds = Array.from({ length: 64 }, (_, i) => (i * 2_654_435_761) >>> 1);
const playerName = DEFAULT_NICKNAME_PATTERN;

describe("issue 24 item 7: the arena bot passes for a player", () => {
  it("takes a name shaped like a new player's default nickname (6 random characters), never the bot's own", () => {
    const names = seeds.map((s) => botGameSetup(s, human, ARENA_BOT).sides[1].name);
    for (const n of names) expect(n).toMatch(playerName);
    expect(names).not.toContain(ARENA_BOT.name);
    // Not one name for every game: different seeds, different players.
    expect(new Set(names).size).toBeGreaterThan(20);
    // One game keeps one identity.
    expect(botIdentity(seeds[3] ?? 0, 1_000)).toEqual(botIdentity(seeds[3] ?? 0, 1_000));
  });

  it("has a rank near the human's", () => {
    const allowed = new Set<string>(
      [human.rankScore - BOT_RANK_SPREAD, human.rankScore, human.rankScore + BOT_RANK_SPREAD].map(
        (s) => rankOf(s).rank,
      ),
    );
    for (const s of seeds) {
      const setup = botGameSetup(s, human, ARENA_BOT);
      expect(setup.ranks?.[0]).toBe(rankOf(human.rankScore).rank);
      expect(allowed.has(setup.ranks?.[1] ?? "")).toBe(true);
    }
    // A new player (score 0) meets a bronze "player", never a negative score's rank.
    expect(botIdentity(seeds[0] ?? 0, 0).rank).toBe("bronze");
  });

  it("draws the first player from the seed: the human no longer always opens", () => {
    const openers = seeds.map((s) => botGameSetup(s, human, ARENA_BOT).opener);
    expect(openers).toContain(0);
    expect(openers).toContain(1);
    // The bot's strength stays the bot's: its deck and hp, and the planner's opponent id.
    const setup = botGameSetup(seeds[0] ?? 0, human, ARENA_BOT);
    expect(setup.sides[1]).toMatchObject({ hp: ARENA_BOT.hp, deck: [...ARENA_BOT.deck] });
    expect(setup.cpuId).toBe(ARENA_BOT.id);
  });
});
