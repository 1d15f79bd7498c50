import { CATALOGUE } from "@cardrealm/content";
import { type CombatPreview, previewCombat } from "@cardrealm/engine";
import type { BattleStoreState } from "../../stores/battle-store.ts";
import { canAct } from "./play-options.ts";

/**
 * The combat preview of the flags the player has set (issue #4): the engine's
 * previewCombat over the shown battle, which equals the last snapshot while
 * the player may act. Null when nothing would fight: not the player's move,
 * the discard prompt, or no ready unit flagged.
 */
let cache: {
  shown: BattleStoreState["shown"];
  attack: readonly boolean[];
  preview: CombatPreview | null;
} = { shown: null, attack: [], preview: null };

export function combatPreviewOf(s: BattleStoreState): CombatPreview | null {
  const b = s.shown;
  if (!b || !canAct(s) || s.phase === "discard_card") return null;
  if (!b.player.table.some((u, cell) => u?.ready && s.attack[cell])) return null;
  if (cache.shown === b && cache.attack === s.attack) return cache.preview;
  const preview = previewCombat(b, s.attack, CATALOGUE);
  cache = { shown: b, attack: s.attack, preview };
  return preview;
}

/** "-3", "-3?" or "?" for hp lost; null when nothing to say. */
export function lossText(amount: number, uncertain: boolean): string | null {
  if (amount > 0) return `-${amount}${uncertain ? "?" : ""}`;
  return uncertain ? "?" : null;
}

/** Words for a unit's cell label: "will take 2 damage and die". */
export function unitPreviewWords(
  outcome: { damageTaken: number; damageDealt: number; dies: boolean; uncertain: boolean } | null,
): string {
  if (!outcome) return "";
  const parts: string[] = [];
  if (outcome.damageDealt > 0) parts.push(`deals ${outcome.damageDealt}`);
  if (outcome.damageTaken > 0) parts.push(`takes ${outcome.damageTaken}`);
  if (outcome.dies) parts.push("dies");
  if (parts.length === 0 && !outcome.uncertain) return "";
  const text = parts.length > 0 ? parts.join(", ") : "unharmed";
  return `, combat preview: ${text}${outcome.uncertain ? ", may change by chance" : ""}`;
}
