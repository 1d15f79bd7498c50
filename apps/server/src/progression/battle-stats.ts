import {
  type Action,
  type BattleEvent,
  type BattleSetup,
  type Catalogue,
  createBattle,
  type Side,
  step,
} from "@cardrealm/engine";

/** What one side did in a battle: the counts daily tasks use. */
export interface BattleStats {
  spells: number;
  units: number;
  /** Enemy units that died. */
  destroyed: number;
  /** Damage dealt to the enemy castle: unit hits, pierce, spells and abilities. */
  castleDamage: number;
}

export const NO_STATS: BattleStats = { spells: 0, units: 0, destroyed: 0, castleDamage: 0 };

/** Counts one side's deeds in a battle's events (absolute sides). */
export function battleStats(
  events: readonly BattleEvent[],
  side: Side,
  catalogue: Catalogue,
): BattleStats {
  const s = { ...NO_STATS };
  for (const e of events) {
    switch (e.type) {
      case "card_played": {
        if (e.side !== side) break;
        const type = catalogue.get(e.card)?.type;
        if (type === "spell") s.spells++;
        else if (type === "unit") s.units++;
        break;
      }
      case "unit_died":
        if (e.side !== side) s.destroyed++;
        break;
      case "unit_damage_to_player":
        if (e.side === side) s.castleDamage += Math.max(0, e.damage);
        break;
      case "unit_fight":
        if (e.side === side) s.castleDamage += Math.max(0, e.pierce);
        break;
      case "ability":
        if (e.side !== side) break;
        for (const r of e.results) {
          if (r.effect === "damage" && r.target.kind === "castle" && r.target.side !== side)
            s.castleDamage += Math.max(0, r.amount);
        }
        break;
      default:
        break;
    }
  }
  return s;
}

/**
 * Replays a stored battle (setup and every accepted action) to recover its
 * events: the battle row keeps the trace, not the events, and the engine is
 * deterministic, so the server counts what really happened.
 */
export function traceEvents(
  setup: BattleSetup,
  actions: readonly Action[],
  catalogue: Catalogue,
): BattleEvent[] {
  let state = createBattle(setup, catalogue);
  const events: BattleEvent[] = [];
  for (const action of actions) {
    const r = step(state, action, catalogue);
    if (!r.ok) throw new Error(`trace does not replay: ${r.error.code} ${r.error.message}`);
    state = r.state;
    events.push(...r.events);
  }
  return events;
}
