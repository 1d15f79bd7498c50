import { describe, expect, it } from "vitest";
import { getCard, SEASON_FINISH_CARD_IDS } from "../catalogue.ts";
import {
  DAILY_TASK_POOL,
  DAILY_TASKS_PER_DAY,
  dailyTasksFor,
  dailyTaskText,
  RANK_REWARDS,
  rankFloorScore,
  SEASON_LEVELS,
  SEASON_TRACK,
  seasonLevelForXp,
  utcDay,
} from "../index.ts";

describe("daily task pool", () => {
  it("has unique ids, a %num% text and 50-150 gems per task", () => {
    expect(new Set(DAILY_TASK_POOL.map((t) => t.id)).size).toBe(DAILY_TASK_POOL.length);
    for (const t of DAILY_TASK_POOL) {
      expect(t.text).toContain("%num%");
      expect(t.gems).toBeGreaterThanOrEqual(50);
      expect(t.gems).toBeLessThanOrEqual(150);
      expect(t.need).toBeGreaterThan(0);
    }
  });

  it("draws three tasks of different kinds, the same for the same player and day", () => {
    for (let user = 1; user < 200; user++) {
      const a = dailyTasksFor(user, "2026-11-21");
      expect(a).toHaveLength(DAILY_TASKS_PER_DAY);
      expect(new Set(a.map((t) => t.kind)).size).toBe(DAILY_TASKS_PER_DAY);
      expect(dailyTasksFor(user, "2026-11-21")).toEqual(a);
    }
    const days = new Set(
      Array.from({ length: 20 }, (_, d) =>
        dailyTasksFor(5, utcDay(Date.UTC(2026, 0, 1 + d)))
          .map((t) => t.id)
          .join(","),
      ),
    );
    expect(days.size).toBeGreaterThan(5);
  });

  it("renews at 00:00 UTC and fills %num%", () => {
    expect(utcDay(Date.UTC(2026, 10, 21, 23, 59, 59, 999))).toBe("2026-11-21");
    expect(utcDay(Date.UTC(2026, 10, 22, 0, 0, 0))).toBe("2026-11-22");
    expect(dailyTaskText("Win %num% battles", 3)).toBe("Win 3 battles");
  });
});

describe("season track and ranks", () => {
  it("has 30 levels, each with a free and a paid reward of gems or an existing card", () => {
    expect(SEASON_TRACK).toHaveLength(SEASON_LEVELS);
    for (const level of SEASON_TRACK) {
      for (const r of [level.free, level.paid]) {
        if (r.reward === "card") expect(getCard(r.card.id)?.token).toBeFalsy();
        expect(r.amount).toBeGreaterThan(0);
      }
    }
    expect(SEASON_FINISH_CARD_IDS.length).toBeGreaterThan(0);
  });

  it("maps xp to levels and scores to rank floors", () => {
    expect(seasonLevelForXp(0)).toBe(0);
    expect(seasonLevelForXp(299)).toBe(0);
    expect(seasonLevelForXp(300)).toBe(1);
    expect(seasonLevelForXp(1_000_000)).toBe(30);
    expect(rankFloorScore(0)).toBe(0);
    expect(rankFloorScore(1199)).toBe(600);
    expect(rankFloorScore(9999)).toBe(3000);
    expect(RANK_REWARDS.map((r) => r.gems)).toEqual([100, 500, 1000, 1500, 2000, 3000]);
  });
});
