import { CATALOGUE } from "@cardrealm/content";
import { type BattleState, createBattle, type UnitState } from "@cardrealm/engine";
import { describe, expect, it } from "vitest";
import { heuristicFlags, race } from "./attack.ts";
import { makeEvaluator } from "./evaluate.ts";

const ev = makeEvaluator(CATALOGUE);
/** Mossling Scout, a 2/3 with no ability. */
const SCOUT = 1001;

function unit(uid: number): UnitState {
  return {
    uid,
    card: SCOUT,
    attack: 2,
    hp: 3,
    damage: 0,
    tempAttack: 0,
    tempHp: 0,
    sleep: false,
    stun: 0,
    exhausted: false,
    poison: 0,
    destroyed: false,
  };
}

/** Side 0 to move; a 2/3 facing a 2/3 in every lane (the lock of issue 15). */
function locked(myHp: number, foeHp: number, turn = 20): BattleState {
  const deck = Array.from({ length: 40 }, () => SCOUT);
  const s = createBattle(
    {
      seed: 1,
      opener: 0,
      sides: [
        { name: "A", deck },
        { name: "B", deck },
      ],
    },
    CATALOGUE,
  );
  s.turn = turn;
  s.sides[0].hp = myHp;
  s.sides[1].hp = foeHp;
  s.sides[0].table = [unit(901), unit(902), unit(903), unit(904), unit(905)];
  s.sides[1].table = [unit(911), unit(912), unit(913), unit(914), unit(915)];
  return s;
}

describe("attack flags on a locked board", () => {
  it("sees the lock", () => {
    expect(race(ev, locked(40, 40), 0).locked).toBe(true);
  });

  it("waits in an even lock while its castle is not behind", () => {
    expect(heuristicFlags(ev, locked(40, 40), 0)).toEqual([false, false, false, false, false]);
  });

  it("takes the even trades when its castle is behind (the cap would lose)", () => {
    expect(race(ev, locked(30, 40), 0).behind).toBe(true);
    expect(heuristicFlags(ev, locked(30, 40), 0)).toEqual([true, true, true, true, true]);
  });

  it("attacks an exhausted defender, which cannot strike back", () => {
    const s = locked(40, 40);
    const foe = s.sides[1].table[2];
    if (foe) foe.exhausted = true;
    expect(heuristicFlags(ev, s, 0)[2]).toBe(true);
  });
});
