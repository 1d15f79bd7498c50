import { SEASON_TRACK } from "@cardrealm/content";
import { describe, expect, it } from "vitest";
import { makeUser } from "../../test/fixtures.ts";
import {
  dailyRows,
  dropCurrent,
  formatWait,
  rankPoints,
  rewardQueue,
  seenBody,
  trackStart,
} from "./arena-model.ts";

const task = (id: number, done: number, need: number, gems = 80, seen = false) => ({
  id,
  text: "Win %num% battles",
  progress: JSON.stringify({ done, need }),
  reward: JSON.stringify({ gems }),
  seen,
});

describe("rank points", () => {
  it("fills score / (total_score / 6) points, 0 to 6; champions show none", () => {
    expect(rankPoints({ rank: "bronze", score: 0, total_score: 600 })).toBe(0);
    expect(rankPoints({ rank: "bronze", score: 99, total_score: 600 })).toBe(0);
    expect(rankPoints({ rank: "silver", score: 100, total_score: 600 })).toBe(1);
    expect(rankPoints({ rank: "gold", score: 350, total_score: 600 })).toBe(3);
    expect(rankPoints({ rank: "diamond", score: 599, total_score: 600 })).toBe(5);
    expect(rankPoints({ rank: "diamond", score: 900, total_score: 600 })).toBe(6);
    expect(rankPoints({ rank: "platinum", score: 60, total_score: 120 })).toBe(3);
    expect(rankPoints({ rank: "champions", score: 250, total_score: 600 })).toBeNull();
  });
});

describe("daily rows", () => {
  it("replaces %num%, reads done/need and gems, lists active and finished by id", () => {
    const rows = dailyRows({
      active: { "9": task(9, 3, 10, 70) },
      finished: [task(2, 4, 4, 140, true)],
    });
    expect(rows.map((r) => [r.id, r.text, r.done, r.need, r.gems, r.finished])).toEqual([
      [2, "Win 4 battles", 4, 4, 140, true],
      [9, "Win 10 battles", 3, 10, 70, false],
    ]);
  });
});

describe("the reward popup queue", () => {
  it("queues free steps, the finish, paid steps (premium only) and unseen finished tasks", () => {
    const base = {
      season_progress: {
        currentLevel: 3,
        oldFreeLevel: 1,
        oldPaidLevel: 0,
        xp: 900,
        progress: { free: {}, paid: {} },
      },
      dailys: { active: {}, finished: [task(5, 3, 3, 60, false), task(7, 2, 2, 80, true)] },
    };
    const free = rewardQueue(makeUser({ ...base, premium: false }));
    expect(free.map((i) => i.key)).toEqual(["free:2", "free:3", "daily:5"]);
    const paid = rewardQueue(makeUser({ ...base, premium: true }));
    expect(paid.map((i) => i.key)).toEqual([
      "free:2",
      "free:3",
      "paid:1",
      "paid:2",
      "paid:3",
      "daily:5",
    ]);
    const first = paid[0];
    expect(first?.kind === "free" && first.reward).toEqual(SEASON_TRACK[1]?.free);

    const finish = rewardQueue(
      makeUser({
        season_progress: { ...base.season_progress, currentLevel: 30, oldFreeLevel: 29 },
      }),
    );
    expect(finish.map((i) => i.key)).toEqual(["free:30", "finish:30"]);
    expect(finish.map(seenBody)).toEqual([{ free_level: 29 }, { free_level: 30 }]);
  });

  it("OK removes the current item", () => {
    expect(dropCurrent(["a", "b", "c"])).toEqual(["b", "c"]);
    expect(dropCurrent([])).toEqual([]);
  });
});

describe("track and timer", () => {
  it("centres the current level in the 9 slides, clamped to the ends", () => {
    expect(trackStart(0)).toBe(0);
    expect(trackStart(5)).toBe(0);
    expect(trackStart(6)).toBe(1);
    expect(trackStart(15)).toBe(10);
    expect(trackStart(30)).toBe(21);
  });

  it("formats the queue timer as m:ss", () => {
    expect(formatWait(0)).toBe("0:00");
    expect(formatWait(7)).toBe("0:07");
    expect(formatWait(65)).toBe("1:05");
  });
});
