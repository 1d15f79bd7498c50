/**
 * The arena screen's pure parts: rank points, daily task rows, the reward
 * popup queue built from the user object, the season track's scroll
 * position and the queue clock. No DOM, no store: tested directly.
 */
import {
  dailyTaskText,
  SEASON_LEVEL_XP,
  SEASON_LEVELS,
  SEASON_TRACK,
  type SeasonReward,
} from "@cardrealm/content";
import type { User } from "@cardrealm/protocol";

/** Points of the rank display (product.md sections 4 and 9). */
export const RANK_POINTS = 6;
/** Slides of the season track in view at once (product.md section 2). */
export const TRACK_VISIBLE = 9;
/** The track's auto-scroll to the current level (product.md section 2). */
export const TRACK_SCROLL_MS = 1500;
/** The arena opens at this user level ("Required chapter 2" below it). */
export const ARENA_LEVEL = 3;

/**
 * Filled points of the rank display: score over one sixth of total_score,
 * 0 to 6. Champions show no points: null.
 */
export function rankPoints(rank: User["rank"]): number | null {
  if (rank.rank === "champions") return null;
  const step = rank.total_score / RANK_POINTS;
  if (!(step > 0)) return 0;
  return Math.max(0, Math.min(RANK_POINTS, Math.floor(rank.score / step)));
}

export interface DailyRow {
  id: number;
  /** The text with %num% replaced by the amount needed. */
  text: string;
  done: number;
  need: number;
  gems: number;
  finished: boolean;
  /** The finished popup was already shown (server flag). */
  seen: boolean;
}

type Task = User["dailys"]["finished"][number] & { seen?: boolean };

function parse<T>(json: string, fallback: T): T {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === "object" ? ({ ...fallback, ...v } as T) : fallback;
  } catch {
    return fallback;
  }
}

function dailyRow(task: Task, finished: boolean): DailyRow {
  const progress = parse(task.progress, { done: 0, need: 1 });
  const need = Math.max(1, Number(progress.need) || 1);
  const done = Math.max(0, Math.min(need, Number(progress.done) || 0));
  const gems = Number(parse(task.reward, { gems: 0 }).gems) || 0;
  return {
    id: task.id,
    text: dailyTaskText(task.text, need),
    done: finished ? need : done,
    need,
    gems,
    finished,
    seen: task.seen === true,
  };
}

/** Today's tasks, active and finished, in id order. */
export function dailyRows(dailys: User["dailys"]): DailyRow[] {
  const rows = [
    ...Object.values(dailys.active).map((t) => dailyRow(t, false)),
    ...dailys.finished.map((t) => dailyRow(t, true)),
  ];
  return rows.sort((a, b) => a.id - b.id);
}

export type RewardItem =
  | { key: string; kind: "free" | "paid"; level: number; reward: SeasonReward }
  | { key: string; kind: "finish"; level: number }
  | { key: string; kind: "daily"; task: DailyRow };

/**
 * The reward popups due (product.md section 4): free level steps gained,
 * paid steps gained (premium only), the season finish on reaching the last
 * level, and finished daily tasks not yet shown. One at a time, in order.
 */
export function rewardQueue(user: User): RewardItem[] {
  const sp = user.season_progress;
  const items: RewardItem[] = [];
  const current = Math.min(SEASON_LEVELS, sp.currentLevel);
  for (let level = sp.oldFreeLevel + 1; level <= current; level++) {
    const def = SEASON_TRACK[level - 1];
    if (def) items.push({ key: `free:${level}`, kind: "free", level, reward: def.free });
  }
  if (sp.oldFreeLevel < SEASON_LEVELS && current >= SEASON_LEVELS)
    items.push({ key: `finish:${SEASON_LEVELS}`, kind: "finish", level: SEASON_LEVELS });
  if (user.premium) {
    for (let level = sp.oldPaidLevel + 1; level <= current; level++) {
      const def = SEASON_TRACK[level - 1];
      if (def) items.push({ key: `paid:${level}`, kind: "paid", level, reward: def.paid });
    }
  }
  for (const task of dailyRows(user.dailys)) {
    if (task.finished && !task.seen) items.push({ key: `daily:${task.id}`, kind: "daily", task });
  }
  return items;
}

/** OK on a popup: the queue without its current (first) item. */
export function dropCurrent<T>(queue: readonly T[]): T[] {
  return queue.slice(1);
}

/**
 * What the server is told once a popup was shown (POST /api/arena/rewards/seen).
 * The last free level is acknowledged with the season finish, which follows it.
 */
export function seenBody(item: RewardItem): {
  free_level?: number;
  paid_level?: number;
  daily_ids?: number[];
} {
  switch (item.kind) {
    case "free":
      return { free_level: item.level === SEASON_LEVELS ? SEASON_LEVELS - 1 : item.level };
    case "finish":
      return { free_level: SEASON_LEVELS };
    case "paid":
      return { paid_level: item.level };
    case "daily":
      return { daily_ids: [item.task.id] };
  }
}

/**
 * "Claim all" on a queue of several popups: one acknowledgement of every
 * item (the highest free and paid levels, every daily task), as if OK had
 * been pressed on each in turn.
 */
export function seenAllBody(items: readonly RewardItem[]): ReturnType<typeof seenBody> {
  const out: ReturnType<typeof seenBody> = {};
  for (const item of items) {
    const one = seenBody(item);
    if (one.free_level !== undefined)
      out.free_level = Math.max(out.free_level ?? 0, one.free_level);
    if (one.paid_level !== undefined)
      out.paid_level = Math.max(out.paid_level ?? 0, one.paid_level);
    if (one.daily_ids) out.daily_ids = [...(out.daily_ids ?? []), ...one.daily_ids];
  }
  return out;
}

/** First slide in view so the current level sits in the middle of the 9 (clamped to the ends). */
export function trackStart(
  currentLevel: number,
  count: number = SEASON_LEVELS,
  visible: number = TRACK_VISIBLE,
): number {
  const index = Math.max(0, currentLevel - 1);
  const start = index - Math.floor(visible / 2);
  return Math.max(0, Math.min(start, Math.max(0, count - visible)));
}

/** Season xp inside the current level: done of SEASON_LEVEL_XP (full at the last level). */
export function levelProgress(xp: number, currentLevel: number): { done: number; need: number } {
  if (currentLevel >= SEASON_LEVELS) return { done: SEASON_LEVEL_XP, need: SEASON_LEVEL_XP };
  return { done: Math.max(0, xp - currentLevel * SEASON_LEVEL_XP), need: SEASON_LEVEL_XP };
}

/** The queue timer: m:ss. */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** "5h 12m", "2d 4h", "3m": a short time left. */
export function formatLeft(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${mins}m`;
  return `${Math.max(1, mins)}m`;
}

/** Milliseconds until the daily tasks renew (the next 00:00 UTC). */
export function msToNextUtcDay(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - now;
}
