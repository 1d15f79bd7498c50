import { CATALOGUE, getOpponent, STARTER_DECK } from "@cardrealm/content";
import { createBattle, readyAttackers, step } from "@cardrealm/engine";
import { describe, expect, it } from "vitest";
import {
  ALL_POLICIES,
  advance,
  FIRST_OPPONENT,
  newPlayerDeck,
  playScripted,
  storySetup,
  winningPolicy,
} from "./story-battle.ts";

const E2E_SEED = 12345; // e2e/playwright.config.ts BATTLE_SEED default

describe("the scripted story battle", () => {
  it("builds the new player's deck as the server reads it back: by card id, 40 cards", () => {
    const deck = newPlayerDeck();
    expect(deck).toHaveLength(STARTER_DECK.reduce((n, c) => n + c.amount, 0));
    expect([...deck].sort((a, b) => a - b)).toEqual(deck);
  });

  it("replays the same battle for the same seed and policy, and differs with the seed", () => {
    const policy = ALL_POLICIES[0];
    if (!policy) throw new Error("no policies");
    const a = playScripted(E2E_SEED, policy);
    expect(playScripted(E2E_SEED, policy).turns).toEqual(a.turns);
    expect(playScripted(7, policy).turns[0]?.hand).not.toEqual(a.turns[0]?.hand);
  });

  it("makes only moves the engine takes, on the human's odd turns, flags only ready units", () => {
    const opponent = getOpponent(FIRST_OPPONENT);
    if (!opponent) throw new Error("no opponent 6");
    for (const policy of ALL_POLICIES.slice(0, 6)) {
      const battle = playScripted(99, policy);
      // Re-run the recorded moves against a fresh battle: each one must be legal.
      let state = createBattle(storySetup(99, opponent, "Player"), CATALOGUE);
      for (const t of battle.turns) {
        expect(t.turn % 2).toBe(1);
        expect(state.sides[0].hand).toEqual(t.hand);
        if (t.play) {
          const action = {
            type: "play_card" as const,
            side: 0 as const,
            handKey: t.play.handKey,
            ...(t.play.cell !== undefined ? { cell: t.play.cell } : {}),
            ...(t.play.target ? { target: t.play.target } : {}),
          };
          expect(step(state, action, CATALOGUE).ok).toBe(true);
          state = advance(state, action, opponent, CATALOGUE);
        }
        if (state.over) break;
        const ready = readyAttackers(state, 0, CATALOGUE);
        for (const cell of t.attack) expect(ready).toContain(cell);
        state = advance(
          state,
          {
            type: "end_turn",
            side: 0,
            attack: [0, 1, 2, 3, 4].map((c) => t.attack.includes(c)),
            ...(t.discard ? { discard: t.discard.handKey } : {}),
          },
          opponent,
          CATALOGUE,
        );
        expect(state.sides[0].hp).toBe(t.after.playerHp);
        expect(state.sides[1].hp).toBe(t.after.cpuHp);
      }
      expect(state.winner).toBe(battle.winner);
    }
  });

  it("has a policy that wins on the e2e seed (e2e/story-win.journey.ts needs one)", () => {
    const won = winningPolicy(E2E_SEED);
    expect(won?.winner).toBe(0);
    expect(won?.turns.some((t) => t.play !== undefined)).toBe(true);
  });
});
