// @vitest-environment happy-dom
import { CATALOGUE } from "@cardrealm/content";
import { playableFromSnapshot, type StateMessage } from "@cardrealm/engine";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appStore, setSoundEffectsOn } from "../../stores/app-store.ts";
import { battleStore } from "../../stores/battle-store.ts";
import { makeUser, mockFetch, resetAll } from "../../test/fixtures.ts";
import { dropPicked } from "./battle-hand.tsx";
import { cancelPick, pickCard, SURRENDER_TEXT } from "./battle-intents.ts";
import { disposeBattle } from "./battle-lifecycle.ts";
import BattleScreen from "./battle-screen.tsx";
import { displayName, shownFromSnapshot } from "./battle-view.ts";
import { type FakeServer, fakeBattleServer } from "./fake-battle-server.ts";
import { parseZone } from "./pointer.ts";
import {
  advance,
  FIRE_ELEMENTAL,
  GALE_SLASH,
  GEM_VEIN,
  hand,
  MOSSLING,
  mount,
  phase,
} from "./screen-fixture.tsx";

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  disposeBattle();
  resetAll();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function lastSnapshot(server: FakeServer): StateMessage {
  return server.snapshot();
}

describe("battle screen", () => {
  it("shows both sides: names without the text after @, castles, resources and counts", async () => {
    const server = fakeBattleServer({ playerName: "Morwen@kongregate" });
    await mount(server);
    expect(screen.getByTestId("player-name").textContent).toBe("Morwen");
    expect(screen.getByTestId("cpu-name").textContent).toBe("Air Elemental");
    expect(screen.getByTestId("player-hp").textContent).toBe("50");
    expect(screen.getByTestId("cpu-hp").textContent).toBe("30");
    expect(screen.getByTestId("player-res-fire").textContent).toBe("2+1");
    expect(screen.getByTestId("player-hand-count").textContent).toContain("5");
    expect(screen.getByTestId("cpu-deck-count").textContent).toContain("35");
    expect(appStore.get().pendingBattle).toBeNull();
    expect(displayName("Aria@partner@x")).toBe("Aria");
    expect(displayName("Plain")).toBe("Plain");
  });

  it("takes a battle handed over while one is on screen in its place (a rematch, a challenge again)", async () => {
    await mount(fakeBattleServer());
    expect(screen.getByTestId("player-name").textContent).toBe("Morwen");
    const next = fakeBattleServer({ playerName: "Aldric", cpuId: 7 });
    act(() => appStore.set({ pendingBattle: { cpuId: 7, messages: next.start() } }));
    await advance(0);
    expect(appStore.get().pendingBattle).toBeNull();
    expect(screen.getByTestId("player-name").textContent).toBe("Aldric");
    expect(battleStore.get().shown?.cpuId).toBe(7);
  });

  it("highlights exactly the hand cards the engine's playable function allows", async () => {
    const server = fakeBattleServer();
    const [unit, tooDear, noTarget, free] = server.setHand([
      MOSSLING,
      FIRE_ELEMENTAL,
      GALE_SLASH,
      GEM_VEIN,
    ]) as [number, number, number, number];
    await mount(server);
    const glowing = [unit, tooDear, noTarget, free].filter(
      (k) => hand(k).dataset.playable === "true",
    );
    expect(glowing).toEqual([unit, free]);
    const engine = playableFromSnapshot(lastSnapshot(server), CATALOGUE).map((p) => p.handKey);
    expect(glowing).toEqual(engine);
    expect(hand(unit).getAttribute("aria-label")).toContain("playable");
    expect(hand(tooDear).getAttribute("aria-label")).toContain("not playable");
  });

  it("plays a unit by click (card, then cell); the queue settles on the answer's snapshot", async () => {
    const server = fakeBattleServer();
    const [unit] = server.setHand([MOSSLING, GEM_VEIN]) as [number, number];
    await mount(server);
    fireEvent.click(hand(unit));
    expect(phase()).toBe("select_unit_target");
    expect(screen.getByTestId("pick-hint").textContent).toContain("empty cell");
    expect(screen.getByTestId("player-cell-2").dataset.place).toBe("true");
    fireEvent.click(screen.getByTestId("player-cell-2"));
    expect(phase()).toBe("play_unit");
    await advance(0);
    expect(server.calls.at(-1)).toMatchObject({
      path: "play-card",
      body: { hand_key: unit, key: "table_key", value: 2, side: "player" },
    });
    await advance(3000);
    expect(within(screen.getByTestId("player-cell-2")).getByTestId("player-unit-2")).toBeTruthy();
    expect(screen.queryByTestId(`hand-card-${unit}`)).toBeNull();
    expect(screen.getByTestId("player-res-diamond").textContent).toBe("0+1");
    expect(phase()).toBe("play_card");
    expect(battleStore.get().shown).toEqual(shownFromSnapshot(lastSnapshot(server)));
    // One card per turn: nothing glows any more.
    expect(screen.getAllByTestId(/^hand-card-/).every((c) => c.dataset.playable === "false")).toBe(
      true,
    );
  });

  it("casts a spell without a target at once when clicked", async () => {
    const server = fakeBattleServer();
    const [, free] = server.setHand([MOSSLING, GEM_VEIN]) as [number, number];
    await mount(server);
    fireEvent.click(hand(free));
    await advance(0);
    expect(server.calls.at(-1)).toEqual({
      path: "play-card",
      body: { game_id: expect.any(String), hand_key: free, version: expect.any(Number) },
    });
    await advance(400);
    expect(screen.getByTestId("player-cast")).toBeTruthy();
    await advance(2000);
    // Gem Vein pays in fire and pow (docs/balance.md, issue 26): the diamond
    // stock stays at 2 and its income rises to 2.
    expect(screen.getByTestId("player-res-diamond").textContent).toBe("2+2");
    expect(battleStore.get().shown).toEqual(shownFromSnapshot(lastSnapshot(server)));
  });

  it("runs the enemy turn through the queue in order and settles on the last snapshot", async () => {
    const server = fakeBattleServer({ cpuPlays: true });
    await mount(server);
    fireEvent.click(screen.getByTestId("end-turn"));
    expect(phase()).toBe("end_turn");
    await advance(1100);
    expect(screen.getByTestId("battle-message").textContent).toBe("Enemy turn!");
    expect(phase()).toBe("enemy_turn");
    expect(screen.getByTestId("end-turn")).toHaveProperty("disabled", true);
    expect(screen.queryByTestId("cpu-played-card")).toBeNull();
    await advance(1500);
    expect(screen.getByTestId("cpu-played-card").getAttribute("aria-label")).toBe(
      "Enemy plays Shambling Corpse",
    );
    await advance(6000);
    expect(screen.queryByTestId("cpu-played-card")).toBeNull();
    expect(screen.getByTestId("cpu-unit-0")).toBeTruthy();
    expect(phase()).toBe("play_card");
    expect(battleStore.get().animating).toBe(false);
    expect(battleStore.get().shown).toEqual(shownFromSnapshot(lastSnapshot(server)));
    expect(screen.getByTestId("turn-timer").dataset.seat).toBe("player");
  });

  it("a test server's pace (BATTLE_PACE_PERCENT 10) shortens the reading pauses of the enemy turn, not its outcome", async () => {
    const server = fakeBattleServer({ cpuPlays: true });
    await mount(server, {
      settings: {
        partner: "local",
        supporterUrl: "https://example.com/s",
        patronUrl: "https://example.com/p",
        communityUrl: "https://example.com/c",
        version: "test",
        battlePacePercent: "10",
      },
    });
    fireEvent.click(screen.getByTestId("end-turn"));
    // "Enemy turn!" after 100 ms instead of 1000, shown 140 ms instead of 1400.
    await advance(150);
    expect(screen.getByTestId("battle-message").textContent).toBe("Enemy turn!");
    await advance(200);
    expect(screen.getByTestId("cpu-played-card").getAttribute("aria-label")).toBe(
      "Enemy plays Shambling Corpse",
    );
    // The played card is shown 200 ms instead of 2000; the unit's entry keeps its 450 ms.
    await advance(250);
    expect(screen.queryByTestId("cpu-played-card")).toBeNull();
    await advance(1500);
    expect(screen.getByTestId("cpu-unit-0")).toBeTruthy();
    expect(phase()).toBe("play_card");
    expect(battleStore.get().animating).toBe(false);
    expect(battleStore.get().shown).toEqual(shownFromSnapshot(lastSnapshot(server)));
  });

  it("asks for a discard above 6 cards, then ends the turn discarding the card clicked", async () => {
    const server = fakeBattleServer();
    const keys = server.setHand(Array(7).fill(FIRE_ELEMENTAL));
    await mount(server);
    fireEvent.click(screen.getByTestId("end-turn"));
    expect(phase()).toBe("discard_card");
    expect(screen.getByTestId("battle-message").textContent).toBe("Discard a card!");
    expect(screen.getByTestId("pick-hint").textContent).toContain("discard");
    await advance(0);
    expect(server.calls.some((c) => c.path === "end-turn")).toBe(false);
    const third = keys[2] as number;
    expect(hand(third).getAttribute("aria-label")).toContain("Discard");
    fireEvent.click(hand(third));
    await advance(0);
    expect(server.calls.at(-1)).toMatchObject({
      path: "end-turn",
      body: { discard_card: third, player_attack: [0, 0, 0, 0, 0] },
    });
    expect(screen.queryByTestId("battle-message")?.textContent).not.toBe("Discard a card!");
    await advance(8000);
    expect(screen.queryByTestId(`hand-card-${third}`)).toBeNull();
    expect(phase()).toBe("play_card");
  });

  it("clears the discard message after 3000 ms and lets Escape back out", async () => {
    const server = fakeBattleServer();
    server.setHand(Array(7).fill(FIRE_ELEMENTAL));
    await mount(server);
    fireEvent.click(screen.getByTestId("end-turn"));
    await advance(2900);
    expect(screen.getByTestId("battle-message")).toBeTruthy();
    await advance(200);
    expect(screen.queryByTestId("battle-message")).toBeNull();
    fireEvent.keyDown(screen.getByTestId("hand"), { key: "Escape" });
    expect(phase()).toBe("play_card");
  });

  it("surrenders only after the confirm dialog, then shows the end panel and goes home", async () => {
    const server = fakeBattleServer();
    await mount(server);
    fireEvent.click(screen.getByTestId("battle-menu"));
    fireEvent.click(screen.getByTestId("surrender"));
    expect(screen.getByTestId("system-dialog").textContent).toContain(SURRENDER_TEXT);
    fireEvent.click(screen.getByTestId("system-dialog-cancel"));
    await advance(0);
    expect(server.calls.some((c) => c.path === "giveup")).toBe(false);
    expect(phase()).toBe("play_card");

    fireEvent.click(screen.getByTestId("battle-menu"));
    fireEvent.click(screen.getByTestId("surrender"));
    fireEvent.click(screen.getByTestId("system-dialog-ok"));
    expect(phase()).toBe("give_up");
    await advance(2000);
    const panel = screen.getByTestId("end-game-panel");
    expect(within(panel).getByRole("heading").textContent).toBe("Defeat");
    expect(within(panel).getByTestId("end-game-reward").textContent).toContain("+5");
    expect(within(panel).getByTestId("end-game-bonus").textContent).toBe("With Season Pass: 10");
    fireEvent.click(screen.getByTestId("battle-menu"));
    expect(screen.getByTestId("surrender")).toHaveProperty("disabled", true);

    fireEvent.click(screen.getByTestId("end-game-ok"));
    await advance(0);
    expect(appStore.get().route).toBe("home");
    expect(appStore.get().user?.silver).toBe(1005);
    expect(appStore.get().cpuStory).toMatchObject({ action: "after", winner: "cpu", cpuId: 6 });
    expect(battleStore.get().status).toBe("empty");
  });

  it("hides the season pass line from a premium player", async () => {
    const server = fakeBattleServer();
    await mount(server, { user: makeUser({ premium: true }) });
    fireEvent.click(screen.getByTestId("battle-menu"));
    fireEvent.click(screen.getByTestId("surrender"));
    fireEvent.click(screen.getByTestId("system-dialog-ok"));
    await advance(2000);
    expect(screen.getByTestId("end-game-panel")).toBeTruthy();
    expect(screen.queryByTestId("end-game-bonus")).toBeNull();
  });

  it("has the top bar's sound-effects switch in its menu: one setting, both places agree", async () => {
    // Switched off on the map's top bar (cardrealm.sfx) before the battle.
    setSoundEffectsOn(false);
    await mount(fakeBattleServer());
    fireEvent.click(screen.getByTestId("battle-menu"));
    const sfx = screen.getByTestId("battle-sfx");
    expect(sfx.getAttribute("aria-checked")).toBe("false");
    expect(sfx.textContent).toBe("Sound effects: Off");
    fireEvent.click(sfx);
    expect(screen.getByTestId("battle-sfx").getAttribute("aria-checked")).toBe("true");
    expect(appStore.get().soundEffects).toBe(true);
    expect(localStorage.getItem("cardrealm.sfx")).toBe("on");
    fireEvent.click(screen.getByTestId("battle-sfx"));
    expect(appStore.get().soundEffects).toBe(false);
    expect(localStorage.getItem("cardrealm.sfx")).toBe("off");
    // The music switch beside it is another setting.
    expect(appStore.get().music.playMusic).toBe(true);
    setSoundEffectsOn(true);
  });

  it("blocks surrender during the tutorial", async () => {
    const server = fakeBattleServer();
    await mount(server, { tutorial: { isActive: true, step: "PlayFirstCard40" } });
    fireEvent.click(screen.getByTestId("battle-menu"));
    expect(screen.getByTestId("surrender")).toHaveProperty("disabled", true);
  });

  it("moves the tutorial's battle steps: first card, end of turn, back after the enemy's turn", async () => {
    const server = fakeBattleServer();
    const [unit] = server.setHand([MOSSLING]) as [number];
    await mount(server, { tutorial: { isActive: true, step: "PlayFirstCard40" } });
    fireEvent.click(hand(unit));
    fireEvent.click(screen.getByTestId("player-cell-0"));
    await advance(3000);
    expect(appStore.get().tutorial).toEqual({ isActive: true, step: "EndTurnBattle45" });
    fireEvent.click(screen.getByTestId("end-turn"));
    expect(appStore.get().tutorial.isActive).toBe(false);
    await advance(10_000);
    expect(appStore.get().tutorial).toEqual({ isActive: true, step: "PlaySecondCard50" });
  });

  it("warns at 6 s left and ends the turn when the timer runs out", async () => {
    const server = fakeBattleServer();
    await mount(server);
    const timer = () => screen.getByTestId("turn-timer");
    expect(timer().textContent).toBe("0:25");
    await advance(18_000);
    expect(timer().textContent).toBe("0:07");
    expect(timer().dataset.warning).toBe("false");
    await advance(1000);
    expect(timer().textContent).toBe("0:06");
    expect(timer().dataset.warning).toBe("true");
    expect(timer().getAttribute("aria-label")).toBe("Your turn: 6 seconds left");
    expect(server.calls.some((c) => c.path === "end-turn")).toBe(false);
    await advance(6000);
    expect(server.calls.at(-1)?.path).toBe("end-turn");
  });

  it("plays from the keyboard: Enter picks, arrows move, Enter places, E ends the turn", async () => {
    const server = fakeBattleServer();
    const [unit] = server.setHand([MOSSLING]) as [number];
    await mount(server);
    hand(unit).focus();
    fireEvent.click(hand(unit), { detail: 0 });
    expect(phase()).toBe("select_unit_target");
    // The pick moves the focus to the first legal cell; arrows move along the row.
    expect(document.activeElement?.getAttribute("data-nav")).toBe("1:1");
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowRight" });
    expect(document.activeElement?.getAttribute("data-nav")).toBe("1:2");
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowLeft" });
    fireEvent.click(screen.getByTestId("player-cell-0"));
    await advance(3000);
    expect(screen.getByTestId("player-unit-0")).toBeTruthy();
    fireEvent.keyDown(screen.getByTestId("player-cell-0"), { key: "e" });
    expect(phase()).toBe("end_turn");
  });

  it("flags attack and defence by click, swipe up and swipe down, and all attack", async () => {
    const server = fakeBattleServer();
    server.putUnit(0, 1, MOSSLING);
    server.putUnit(0, 3, MOSSLING);
    server.putUnit(1, 3, 1015);
    await mount(server);
    const flag = (cell: number) => screen.getByTestId(`player-flag-${cell}`).dataset.flag;
    expect(flag(1)).toBe("defence");
    fireEvent.click(screen.getByTestId("player-cell-1"));
    expect(flag(1)).toBe("attack");
    fireEvent.click(screen.getByTestId("player-cell-1"));
    expect(flag(1)).toBe("defence");
    const cell3 = screen.getByTestId("player-cell-3");
    fireEvent.pointerDown(cell3, { pointerId: 4, button: 0, clientX: 100, clientY: 300 });
    fireEvent.pointerMove(cell3, { pointerId: 4, clientX: 101, clientY: 285 });
    fireEvent.pointerUp(cell3, { pointerId: 4, clientX: 101, clientY: 285 });
    fireEvent.click(cell3);
    expect(flag(3)).toBe("attack");
    fireEvent.pointerDown(cell3, { pointerId: 5, button: 0, clientX: 100, clientY: 300 });
    fireEvent.pointerMove(cell3, { pointerId: 5, clientX: 100, clientY: 312 });
    fireEvent.pointerUp(cell3, { pointerId: 5, clientX: 100, clientY: 312 });
    expect(flag(3)).toBe("defence");
    fireEvent.click(screen.getByTestId("all-attack"));
    await advance(0);
    expect(flag(1)).toBe("attack");
    expect(flag(3)).toBe("defence");
    await advance(100);
    expect(flag(3)).toBe("attack");
    fireEvent.click(screen.getByTestId("end-turn"));
    await advance(0);
    expect(server.calls.at(-1)).toMatchObject({
      path: "end-turn",
      body: { player_attack: [0, 1, 0, 1, 0] },
    });
    await advance(1000);
    expect(screen.getAllByTestId("hp-popup").length).toBeGreaterThan(0);
    await advance(10_000);
    expect(battleStore.get().shown).toEqual(shownFromSnapshot(lastSnapshot(server)));
    expect(screen.getByTestId("cpu-hp").textContent).toBe("28");
  });

  it("drops a dragged spell on its target and a unit on an empty own cell", async () => {
    const server = fakeBattleServer();
    server.putUnit(1, 4, 1015);
    const [unit, slash] = server.setHand([MOSSLING, GALE_SLASH]) as [number, number];
    await mount(server);
    act(() => {
      expect(pickCard(slash, "drag")).toBe(true);
    });
    expect(phase()).toBe("select_spell_target");
    expect(screen.getByTestId("cpu-cell-4").dataset.target).toBe("true");
    expect(screen.getByTestId("cpu-cell-0").dataset.target).toBeUndefined();
    act(() => {
      expect(dropPicked(parseZone("cpu-cell-0"))).toBe(false);
    });
    act(() => cancelPick());
    expect(phase()).toBe("play_card");
    act(() => {
      pickCard(unit, "drag");
    });
    act(() => {
      expect(dropPicked(parseZone("player-cell-4"))).toBe(true);
    });
    await advance(0);
    expect(server.calls.at(-1)).toMatchObject({
      path: "play-card",
      body: { hand_key: unit, key: "table_key", value: 4, side: "player" },
    });
  });

  it("re-syncs after a refused play and only logs it", async () => {
    const server = fakeBattleServer();
    const [unit] = server.setHand([MOSSLING]) as [number];
    await mount(server);
    server.routes["POST /api/game/cpu/play-card"] = () => ({
      status: 400,
      body: { error: { code: "bad_request", message: "cell 2 is occupied" } },
    });
    mockFetch({ ...server.routes });
    fireEvent.click(hand(unit));
    fireEvent.click(screen.getByTestId("player-cell-2"));
    await advance(500);
    expect(console.warn).toHaveBeenCalled();
    expect(screen.queryByTestId("system-dialog")).toBeNull();
    expect(server.calls.at(-1)?.path).toBe("current");
    expect(phase()).toBe("play_card");
    expect(battleStore.get().awaiting).toBe(false);
    expect(hand(unit).dataset.playable).toBe("true");
  });

  it("goes back to the map when there is no battle to resume", async () => {
    // No story battle and no arena battle (battleApi.current asks both).
    mockFetch({
      "GET /api/game/cpu/current": () => ({ status: 200, body: { data: null } }),
      "GET /api/game/pvp/current": () => ({ status: 200, body: { data: null } }),
    });
    act(() => appStore.set({ isAuth: true, user: makeUser(), route: "game" }));
    render(<BattleScreen />);
    await advance(0);
    expect(appStore.get().route).toBe("home");
  });

  it("resumes the active battle after a reload", async () => {
    const server = fakeBattleServer();
    mockFetch(server.routes);
    act(() => appStore.set({ isAuth: true, user: makeUser(), route: "game" }));
    render(<BattleScreen />);
    await advance(0);
    expect(screen.getByTestId("cpu-hp").textContent).toBe("30");
    expect(server.calls[0]?.path).toBe("current");
  });
});
