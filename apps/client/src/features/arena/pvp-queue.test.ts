import type { StateMessage } from "@cardrealm/engine";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api.ts";
import {
  type ConfirmResult,
  createPvpQueue,
  drawThreshold,
  OPPONENT_LEFT_TEXT,
  QUEUE_RESET_TEXT,
  type QueueApi,
} from "./pvp-queue.ts";

const BOT_GAME = [{ game_data: { game_id: "bot-game", cpu_id: 21 } }] as unknown as StateMessage[];
const PVP_GAME = [{ game_data: { game_id: "pvp-game" } }] as unknown as StateMessage[];

function fakeApi(overrides: Partial<QueueApi> = {}) {
  const calls: string[] = [];
  const api: QueueApi = {
    queue: vi.fn(async () => {
      calls.push("queue");
      return { in_queue: true };
    }),
    cancelQueue: vi.fn(async () => {
      calls.push("cancel");
      return { in_queue: false };
    }),
    confirm: vi.fn(async (): Promise<ConfirmResult> => {
      calls.push("confirm");
      return { result: "waiting" };
    }),
    bot: vi.fn(async () => {
      calls.push("bot");
      return BOT_GAME;
    }),
    ...overrides,
  };
  return { api, calls };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the PvP queue", () => {
  it("draws the bot threshold between 20 and 70 seconds", () => {
    expect(drawThreshold(() => 0)).toBe(20);
    expect(drawThreshold(() => 0.999999)).toBe(70);
    for (let i = 0; i < 200; i++) {
      const t = drawThreshold();
      expect(t).toBeGreaterThanOrEqual(20);
      expect(t).toBeLessThanOrEqual(70);
    }
  });

  it("enters after 2 s, counts up each second, then starts the bot game at the threshold", async () => {
    const { api, calls } = fakeApi();
    const games: StateMessage[][] = [];
    const q = createPvpQueue({
      api,
      onGame: (m) => games.push(m),
      onError: () => {},
      random: () => 0,
    });
    q.start();
    expect(q.get().phase).toBe("entering");
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(q.get()).toMatchObject({ phase: "searching", seconds: 0, threshold: 20 });
    expect(calls).toEqual(["queue"]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(q.get().seconds).toBe(3);
    await vi.advanceTimersByTimeAsync(17_000);
    expect(calls).toEqual(["queue", "cancel", "bot"]);
    expect(games).toEqual([BOT_GAME]);
    expect(q.get().phase).toBe("idle");
  });

  it("uses a test server's fixed bot wait instead of the drawn 20-70 s", async () => {
    const { api, calls } = fakeApi();
    const games: StateMessage[][] = [];
    const q = createPvpQueue({
      api,
      onGame: (m) => games.push(m),
      onError: () => {},
      random: () => 0.999,
      fixedThreshold: () => 3,
    });
    q.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(q.get().threshold).toBe(3);
    await vi.advanceTimersByTimeAsync(2999);
    expect(games).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(["queue", "cancel", "bot"]);
    expect(games).toEqual([BOT_GAME]);
  });

  it("without a matchmaking server (404) waits locally and still falls back to the bot", async () => {
    const { api, calls } = fakeApi({
      queue: vi.fn(async () => {
        throw new ApiError(404, "not_found", "No such call: POST /api/game/pvp/queue");
      }),
    });
    const games: StateMessage[][] = [];
    const errors: string[] = [];
    const q = createPvpQueue({
      api,
      onGame: (m) => games.push(m),
      onError: (e) => errors.push(e),
      random: () => 0.5,
    });
    q.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(q.get().serverQueued).toBe(false);
    const threshold = q.get().threshold;
    await vi.advanceTimersByTimeAsync(threshold * 1000);
    expect(calls).toEqual(["bot"]);
    expect(games).toEqual([BOT_GAME]);
    expect(errors).toEqual([]);
  });

  it("cancel (or leaving the screen) stops the timer and leaves the server's queue", async () => {
    const { api, calls } = fakeApi();
    const q = createPvpQueue({ api, onGame: () => {}, onError: () => {}, random: () => 0 });
    q.start();
    await vi.advanceTimersByTimeAsync(5000);
    q.cancel();
    expect(q.get()).toMatchObject({ phase: "idle", seconds: 0 });
    await vi.advanceTimersByTimeAsync(100_000);
    expect(calls).toEqual(["queue", "cancel"]);
  });

  it("a refusal (deck too small) is told and the queue goes idle", async () => {
    const { api } = fakeApi({
      queue: vi.fn(async () => {
        throw new ApiError(400, "deck_too_small", "The deck must contain at least 40 cards");
      }),
    });
    const errors: string[] = [];
    const q = createPvpQueue({ api, onGame: () => {}, onError: (e) => errors.push(e) });
    q.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(errors).toEqual(["The deck must contain at least 40 cards"]);
    expect(q.get().phase).toBe("idle");
  });

  it("confirm_start_game stops the bot, polls every 5 s and starts the match 0.5 s after start_game", async () => {
    let answer: ConfirmResult = { result: "waiting" };
    const { api, calls } = fakeApi({
      confirm: vi.fn(async () => {
        calls.push("confirm");
        return answer;
      }),
    });
    const games: StateMessage[][] = [];
    const q = createPvpQueue({
      api,
      onGame: (m) => games.push(m),
      onError: () => {},
      random: () => 0,
    });
    q.channel({ type: "confirm_start_game", players: "m1" });
    expect(q.get().phase).toBe("idle"); // only processed while in queue
    q.start();
    await vi.advanceTimersByTimeAsync(2000 + 15_000);
    q.channel({ type: "confirm_start_game", players: "m1" });
    expect(q.get()).toMatchObject({ phase: "matched", botAllowed: false });
    await vi.advanceTimersByTimeAsync(10_000); // past the 20 s threshold: no bot
    expect(calls.filter((c) => c === "confirm")).toHaveLength(3);
    expect(calls).not.toContain("bot");
    answer = { result: "start_game", game_id: "g", messages: PVP_GAME };
    await vi.advanceTimersByTimeAsync(5000);
    expect(q.get().phase).toBe("starting");
    await vi.advanceTimersByTimeAsync(499);
    expect(games).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(games).toEqual([PVP_GAME]);
  });

  it("opponent_leave re-queues with the bot forced at the threshold", async () => {
    const { api, calls } = fakeApi({
      confirm: vi.fn(async (): Promise<ConfirmResult> => {
        calls.push("confirm");
        return { result: "opponent_leave" };
      }),
    });
    const games: StateMessage[][] = [];
    const q = createPvpQueue({
      api,
      onGame: (m) => games.push(m),
      onError: () => {},
      random: () => 0,
    });
    q.start();
    await vi.advanceTimersByTimeAsync(2000 + 25_000);
    expect(games).toEqual([BOT_GAME]); // past the threshold already: reset for a second round
    calls.length = 0;
    games.length = 0;
    q.start();
    await vi.advanceTimersByTimeAsync(2000 + 5000);
    q.channel({ type: "confirm_start_game", players: "m2" });
    await vi.advanceTimersByTimeAsync(0);
    expect(q.get()).toMatchObject({ phase: "searching", forceBot: true });
    // Issue 24 item 6: the player is told, not silently searching again.
    expect(q.get().notice).toBe(OPPONENT_LEFT_TEXT);
    expect(calls).toEqual(["queue", "confirm", "queue"]);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(games).toEqual([BOT_GAME]);
    expect(q.get().notice).toBeNull();
  });

  it("the server's opponent_leave message says so at once, before the next confirm poll", async () => {
    const { api, calls } = fakeApi();
    const q = createPvpQueue({ api, onGame: () => {}, onError: () => {}, random: () => 0 });
    q.start();
    await vi.advanceTimersByTimeAsync(2000 + 3000);
    q.channel({ type: "confirm_start_game", players: "m3" });
    await vi.advanceTimersByTimeAsync(0);
    expect(q.get().phase).toBe("matched");
    // Another match's message changes nothing.
    q.channel({ type: "opponent_leave", players: "other" });
    expect(q.get()).toMatchObject({ phase: "matched", notice: null });
    q.channel({ type: "opponent_leave", players: "m3" });
    expect(q.get()).toMatchObject({
      phase: "searching",
      forceBot: true,
      matchId: null,
      notice: OPPONENT_LEFT_TEXT,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(["queue", "confirm", "queue"]);
    // No more confirm polls of the cancelled match.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.filter((c) => c === "confirm")).toHaveLength(1);
  });

  it("queue_reset (Redis lost the match being confirmed) tells the player and leaves the queue", async () => {
    const { api, calls } = fakeApi();
    const told: string[] = [];
    const q = createPvpQueue({
      api,
      onGame: () => {},
      onError: (m) => told.push(m),
      random: () => 0,
    });
    q.start();
    await vi.advanceTimersByTimeAsync(2000 + 3000);
    // While searching (the server put the player back in the queue): nothing to tell.
    q.channel({ type: "queue_reset", players: "m4" });
    expect(q.get().phase).toBe("searching");
    q.channel({ type: "confirm_start_game", players: "m4" });
    await vi.advanceTimersByTimeAsync(0);
    // Another match's reset changes nothing.
    q.channel({ type: "queue_reset", players: "other" });
    expect(q.get().phase).toBe("matched");
    expect(told).toEqual([]);
    q.channel({ type: "queue_reset", players: "m4" });
    expect(q.get()).toMatchObject({ phase: "idle", matchId: null });
    expect(told).toEqual([QUEUE_RESET_TEXT]);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(["queue", "confirm", "cancel"]);
    // No more confirm polls, no bot game: the player presses Fight again.
    await vi.advanceTimersByTimeAsync(80_000);
    expect(calls).toEqual(["queue", "confirm", "cancel"]);
  });
});
