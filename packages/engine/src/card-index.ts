/**
 * A per-catalogue index of what the rules ask of a card, built once per card
 * and cached by catalogue (a WeakMap: no state, no leak). The catalogue must
 * not be changed after it is first used.
 */
import type { Ability, CardDef, Catalogue, Trigger } from "./card-types.ts";
import { compileKeywords, type UnitRules } from "./keywords.ts";

export interface CardInfo {
  def: CardDef;
  id: number;
  isUnit: boolean;
  attack: number;
  hp: number;
  /** Has the wall keyword (for ability filters `type: "wall"`). */
  wall: boolean;
  /** What its keywords do in combat and at turn start (keywords.ts). */
  rules: UnitRules;
  token: boolean;
  byTrigger: Record<Trigger, Ability[]>;
  hasAura: boolean;
  /** The on_play abilities that need a selected target (need_select_target = 1). */
  selecting: Ability[];
}

export interface CardIndex {
  catalogue: Catalogue;
  infos: Map<number, CardInfo>;
  /** The same infos by id in a dense array (fast lookups), when the ids are small. */
  dense: (CardInfo | null)[] | null;
  /** Some card of the catalogue has an aura (else derived stats skip the board scan). */
  anyAura: boolean;
}

const cache = new WeakMap<Catalogue, CardIndex>();

export function indexCatalogue(catalogue: Catalogue): CardIndex {
  let index = cache.get(catalogue);
  if (!index) {
    const infos = new Map<number, CardInfo>();
    let anyAura = false;
    for (const def of catalogue.values()) {
      const info = compile(def);
      infos.set(def.id, info);
      anyAura ||= info.hasAura;
    }
    let maxId = 0;
    for (const id of infos.keys()) maxId = Math.max(maxId, id);
    let dense: (CardInfo | null)[] | null = null;
    if (maxId < 1_000_000 && [...infos.keys()].every((id) => Number.isInteger(id) && id >= 0)) {
      dense = new Array<CardInfo | null>(maxId + 1).fill(null);
      for (const [id, info] of infos) dense[id] = info;
    }
    index = { catalogue, infos, dense, anyAura };
    cache.set(catalogue, index);
  }
  return index;
}

function compile(def: CardDef): CardInfo {
  const byTrigger: Record<Trigger, Ability[]> = {
    on_play: [],
    turn_start: [],
    turn_end: [],
    on_attack: [],
    on_damaged: [],
    on_death: [],
    aura: [],
  };
  for (const ability of def.abilities) byTrigger[ability.trigger].push(ability);
  const selecting = byTrigger.on_play.filter((a) => a.target === "selected");
  const k = def.keywords ?? {};
  return {
    def,
    id: def.id,
    isUnit: def.type === "unit",
    attack: def.attack ?? 0,
    hp: def.hp ?? 0,
    wall: k.wall === true,
    rules: compileKeywords(def.keywords),
    token: def.token === true,
    byTrigger,
    hasAura: byTrigger.aura.length > 0,
    selecting,
  };
}

/** The card's rules info; throws on an id the catalogue does not know (a data bug). */
export function cardInfo(index: CardIndex, id: number): CardInfo {
  const known = index.dense ? index.dense[id] : index.infos.get(id);
  if (known) return known;
  throw new Error(`card ${id} is not in the catalogue`);
}
