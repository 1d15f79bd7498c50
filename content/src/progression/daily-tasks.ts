/**
 * Daily tasks (rules.md section 4): three a day per player, drawn from this
 * pool, renewed at 00:00 UTC. A task's text carries a %num% placeholder the
 * client replaces with `need`. The server counts progress from battle events
 * and box openings; a finished task pays `gems` once and adds `xp` to the
 * season track.
 */

/** What a task counts. Every kind is counted by the server, never reported by a client. */
export type DailyTaskKind =
  /** Battles finished (story, arena bot or PvP), except surrenders. */
  | "play_battles"
  /** Battles won, any mode. */
  | "win_battles"
  /** Arena battles won (PvP or the arena bot). */
  | "win_arena"
  /** Spell cards played. */
  | "play_spells"
  /** Unit cards played. */
  | "play_units"
  /** Enemy units that died (combat, spells, abilities). */
  | "destroy_units"
  /** Damage dealt to the enemy castle (unit attacks, pierce, spells, abilities). */
  | "castle_damage"
  /** Card boxes opened. */
  | "open_boxes";

export interface DailyTaskDef {
  /** Stable id (the daily_tasks row and the ledger key use it). */
  id: number;
  kind: DailyTaskKind;
  /** Shown to the player with %num% replaced by `need`. */
  text: string;
  need: number;
  /** Gems paid once on completion (50-150). */
  gems: number;
  /** Season xp added on completion. */
  xp: number;
}

export const DAILY_TASKS_PER_DAY = 3;
export const DAILY_TASK_PLACEHOLDER = "%num%";

export const DAILY_TASK_POOL: readonly DailyTaskDef[] = [
  { id: 1, kind: "win_battles", text: "Win %num% battles", need: 2, gems: 80, xp: 60 },
  { id: 2, kind: "win_battles", text: "Win %num% battles", need: 4, gems: 140, xp: 100 },
  { id: 3, kind: "win_arena", text: "Win %num% arena battles", need: 1, gems: 100, xp: 80 },
  { id: 4, kind: "win_arena", text: "Win %num% arena battles", need: 3, gems: 150, xp: 120 },
  { id: 5, kind: "play_battles", text: "Play %num% battles", need: 3, gems: 60, xp: 50 },
  { id: 6, kind: "play_battles", text: "Play %num% battles", need: 5, gems: 100, xp: 80 },
  { id: 7, kind: "play_spells", text: "Play %num% spells", need: 5, gems: 60, xp: 50 },
  { id: 8, kind: "play_spells", text: "Play %num% spells", need: 12, gems: 120, xp: 90 },
  { id: 9, kind: "play_units", text: "Summon %num% units", need: 10, gems: 70, xp: 50 },
  { id: 10, kind: "play_units", text: "Summon %num% units", need: 20, gems: 130, xp: 90 },
  { id: 11, kind: "destroy_units", text: "Destroy %num% enemy units", need: 6, gems: 80, xp: 60 },
  {
    id: 12,
    kind: "destroy_units",
    text: "Destroy %num% enemy units",
    need: 15,
    gems: 150,
    xp: 110,
  },
  {
    id: 13,
    kind: "castle_damage",
    text: "Deal %num% damage to enemy castles",
    need: 30,
    gems: 70,
    xp: 50,
  },
  {
    id: 14,
    kind: "castle_damage",
    text: "Deal %num% damage to enemy castles",
    need: 80,
    gems: 140,
    xp: 100,
  },
  { id: 15, kind: "open_boxes", text: "Open %num% card box", need: 1, gems: 50, xp: 40 },
];

/** The UTC calendar day of a time, "YYYY-MM-DD": tasks renew when it changes (00:00 UTC). */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** 32-bit FNV-1a of a string. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: a small, fast, seeded generator in [0, 1). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The three tasks of one player on one UTC day: drawn from the pool with a
 * generator seeded by user id and day, so every server process (and a test)
 * agrees without storing anything. Never two tasks of the same kind.
 */
export function dailyTasksFor(
  userId: number,
  day: string,
  pool: readonly DailyTaskDef[] = DAILY_TASK_POOL,
  count: number = DAILY_TASKS_PER_DAY,
): DailyTaskDef[] {
  const next = seeded(hash32(`daily:${userId}:${day}`));
  const left = [...pool];
  const chosen: DailyTaskDef[] = [];
  while (chosen.length < count && left.length > 0) {
    const pick = left.splice(Math.floor(next() * left.length), 1)[0];
    if (!pick) break;
    if (chosen.some((c) => c.kind === pick.kind)) continue;
    chosen.push(pick);
  }
  return chosen.sort((a, b) => a.id - b.id);
}

/** A task's text for a player: %num% replaced by the amount needed. */
export function dailyTaskText(text: string, need: number): string {
  return text.split(DAILY_TASK_PLACEHOLDER).join(String(need));
}
