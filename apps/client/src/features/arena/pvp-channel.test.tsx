// @vitest-environment happy-dom
import type { StateMessage } from "@cardrealm/engine";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setUnauthorizedHandler } from "../../lib/api.ts";
import type { SocketLike } from "../../lib/realtime/channel-client.ts";
import {
  deliverGameData,
  pvpStatusStore,
  setChannelDown,
} from "../../lib/realtime/pvp-game-channel.ts";
import { resetServerClock } from "../../lib/realtime/server-clock.ts";
import { appStore, resetSession } from "../../stores/app-store.ts";
import { battleStore } from "../../stores/battle-store.ts";
import { makeUser, resetAll } from "../../test/fixtures.ts";
import { disposeBattle, startBattle } from "../battle/battle-lifecycle.ts";
import { queueDrained } from "../battle/battle-sync.ts";
import { fakeBattleServer, GAME_ID } from "../battle/fake-battle-server.ts";
import {
  CHANNEL_REPLACED_TEXT,
  routeChannelMessage,
  SIGNED_OUT_TEXT,
  startRealtime,
} from "../shell/realtime.ts";
import { onChannelData } from "./arena-channel.ts";
import { PvpBanner } from "./pvp-banner.tsx";

afterEach(() => {
  disposeBattle();
  resetAll();
  setChannelDown(false);
  pvpStatusStore.set({ gameId: null, opponentAwayUntil: null, idleLeft: null });
  resetServerClock();
  vi.useRealTimers();
});

/** A PvP snapshot at this version with the player's castle at this hp. */
function pvpSnapshot(version: number, hp: number): StateMessage {
  const snap = fakeBattleServer().snapshot();
  const game = snap.game_data;
  const player = snap.player;
  if (!game || !player) throw new Error("no snapshot");
  return {
    ...snap,
    game_data: { ...game, isPvP: true, version, game_id: GAME_ID, cpu_id: 0 },
    player: { ...player, hp },
  };
}

const state = (seq: number, hp: number, extra: Record<string, unknown> = {}) => ({
  type: "state",
  game_id: GAME_ID,
  seq,
  resume: false,
  messages: [pvpSnapshot(seq, hp)],
  ...extra,
});

/** Fake timers at this device time, and the channel's registered answer stamped by the server. */
function registerWithClocks({ device, server }: { device: number; server: number }): void {
  vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
  vi.setSystemTime(device);
  routeChannelMessage({
    hash: `r${server}`,
    data: { type: "registered", user_id: 7, server_time: server },
  });
}

describe("PvP states from the channel in the battle", () => {
  it("applies a state list only when it is newer than anything applied, so none applies twice", async () => {
    startBattle([pvpSnapshot(5, 50)]);
    await queueDrained();
    expect(battleStore.get().shown?.player.hp).toBe(50);

    deliverGameData(state(5, 44)); // the same version again (a resend, a resume)
    await queueDrained();
    expect(battleStore.get().shown?.player.hp).toBe(50);

    deliverGameData(state(6, 44)); // the opponent's move
    await queueDrained();
    expect(battleStore.get().shown?.player.hp).toBe(44);
    expect(battleStore.get().shown?.version).toBe(6);

    deliverGameData(state(6, 30)); // the same move once more
    deliverGameData({ ...state(9, 10), game_id: "another-game" });
    await queueDrained();
    expect(battleStore.get().shown?.player.hp).toBe(44);
  });

  it("keeps states that come before the battle shows and applies the newer ones when it starts", async () => {
    deliverGameData(state(7, 41));
    deliverGameData(state(4, 20)); // older than the opening: dropped
    startBattle([pvpSnapshot(5, 50)]);
    await queueDrained();
    expect(battleStore.get().shown?.version).toBe(7);
    expect(battleStore.get().shown?.player.hp).toBe(41);
  });

  it("shows the opponent's reconnection countdown and our own reconnecting banner", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(1_000_000);
    startBattle([pvpSnapshot(5, 50)]);
    await queueDrained();
    render(<PvpBanner />);
    expect(screen.queryByTestId("pvp-opponent-away")).toBeNull();
    act(() => {
      deliverGameData({ type: "opponent_drop", game_id: GAME_ID, reconnect_until: 1_060_000 });
    });
    expect(screen.getByTestId("pvp-opponent-countdown").textContent).toBe("60");
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(screen.getByTestId("pvp-opponent-countdown").textContent).toBe("45");
    act(() => {
      deliverGameData({ type: "opponent_back", game_id: GAME_ID });
    });
    expect(screen.queryByTestId("pvp-opponent-away")).toBeNull();
    act(() => setChannelDown(true));
    expect(screen.getByTestId("pvp-reconnecting").textContent).toContain("Reconnecting");
  });

  it("runs a resumed turn's clock to the server's deadline, not a fresh full turn", async () => {
    // This device's clock is 90 s ahead of the server's.
    registerWithClocks({ device: 2_090_000, server: 2_000_000 });
    startBattle([pvpSnapshot(5, 50)]);
    deliverGameData(state(6, 50, { resume: true, turn_deadline: 2_012_000 }));
    await queueDrained();
    const shown = battleStore.get().shown;
    expect(shown?.active).toBe("player");
    // 12 s left on the server's clock, not the 25 s of a fresh first turn.
    expect(battleStore.get().timer).toMatchObject({ seat: "player", left: 12, turn: shown?.turn });
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(battleStore.get().timer?.left).toBe(10);
  });

  it("reads the clock off game_data's deadline and server time in any answer (no registered needed)", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    // This device's clock is 30 s behind the server's; the opening answer says so.
    vi.setSystemTime(3_000_000);
    const opening = pvpSnapshot(5, 50);
    startBattle([
      {
        ...opening,
        game_data: {
          ...(opening.game_data as NonNullable<StateMessage["game_data"]>),
          server_time: 3_030_000,
          turn_deadline: 3_030_000 + 21_000,
          idle_left: 3,
        },
      },
    ]);
    await queueDrained();
    expect(battleStore.get().timer).toMatchObject({ seat: "player", left: 21 });
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(battleStore.get().timer?.left).toBe(16);
  });

  it("tells the idle player how many more missed turns forfeit", async () => {
    startBattle([pvpSnapshot(5, 50)]);
    await queueDrained();
    render(<PvpBanner />);
    expect(screen.queryByTestId("pvp-idle-warning")).toBeNull();
    const snap = pvpSnapshot(6, 50);
    act(() => {
      deliverGameData({
        ...state(6, 50),
        messages: [
          {
            ...snap,
            game_data: {
              ...(snap.game_data as NonNullable<StateMessage["game_data"]>),
              idle_left: 2,
            },
          },
        ],
      });
    });
    expect(screen.getByTestId("pvp-idle-warning").textContent).toContain("2 more missed turns");
  });

  it("counts the opponent's reconnection window on the server's clock, not this device's", async () => {
    // This device's clock is 2 minutes behind the server's.
    registerWithClocks({ device: 1_000_000, server: 1_120_000 });
    startBattle([pvpSnapshot(5, 50)]);
    await queueDrained();
    render(<PvpBanner />);
    act(() => {
      deliverGameData({ type: "opponent_drop", game_id: GAME_ID, reconnect_until: 1_180_000 });
    });
    expect(screen.getByTestId("pvp-opponent-countdown").textContent).toBe("60");
  });
});

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: SocketLike["onopen"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onclose: SocketLike["onclose"] = null;
  onerror: SocketLike["onerror"] = null;
  closed = false;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.closed = true;
  }
}

describe("the channel follows the session and routes messages", () => {
  /** startRealtime with fake sockets: each one it opens lands in `sockets`. */
  function realtimeOnFakeSockets() {
    const sockets: FakeSocket[] = [];
    const stop = startRealtime({
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
    });
    return { sockets, stop };
  }

  /** Signs player 17 in, opens its first socket and closes it with `code`. */
  function closeFirstSocket(sockets: FakeSocket[], code: number, route: "home" | "game") {
    localStorage.setItem("jwtToken", "tok");
    appStore.set({ isAuth: true, user: makeUser({ id: 17 }), route });
    const first = sockets[0] as FakeSocket;
    first.readyState = 1;
    first.onopen?.({});
    first.readyState = 3;
    first.onclose?.({ code });
  }

  it("opens after sign-in, feeds the queue and the battle, brings a returning player to the game, closes on logout", () => {
    vi.useFakeTimers();
    const { sockets, stop } = realtimeOnFakeSockets();
    expect(sockets).toHaveLength(0); // nobody signed in
    localStorage.setItem("jwtToken", "tok");
    appStore.set({ isAuth: true, user: makeUser({ id: 17 }), route: "home" });
    expect(sockets).toHaveLength(1);
    const socket = sockets[0] as FakeSocket;
    // The token travels in the register, never in the URL (servers log URLs).
    expect(socket.url).toMatch(/\/wss$/);
    socket.readyState = 1;
    socket.onopen?.({});
    expect(JSON.parse(socket.sent[0] ?? "{}")).toMatchObject({
      action: "register",
      data: { user_id: 17, token: "tok" },
    });

    const queued: string[] = [];
    const off = onChannelData((d) => queued.push(d.type));
    const frame = (hash: string, data: Record<string, unknown>) =>
      socket.onmessage?.({ data: JSON.stringify({ hash, data }) });
    frame("h1", {
      type: "confirm_start_game",
      players: "m1",
      opponent: { nickname: "x", rank: "bronze" },
    });
    frame("h1", {
      type: "confirm_start_game",
      players: "m1",
      opponent: { nickname: "x", rank: "bronze" },
    });
    expect(queued).toEqual(["confirm_start_game"]);

    frame("h2", { type: "opponent_drop", game_id: GAME_ID, reconnect_until: 5 });
    expect(pvpStatusStore.get().opponentAwayUntil).toBe(5);

    frame("h3", { ...state(3, 50), resume: true });
    expect(appStore.get().route).toBe("game");
    off();

    appStore.set({ isAuth: false, user: null });
    expect(socket.closed).toBe(true);
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(1);
    stop();
  });

  it("tells a tab that another tab took over, and takes the channel back when asked", () => {
    vi.useFakeTimers();
    const { sockets, stop } = realtimeOnFakeSockets();
    closeFirstSocket(sockets, 4409, "home");
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(1); // no reconnect fight with the other tab
    const message = appStore.get().systemMessage;
    expect(message).toMatchObject({ isVisible: true, type: "dialog", text: CHANNEL_REPLACED_TEXT });

    message.action?.(); // "OK": play here
    expect(sockets).toHaveLength(2);
    expect(sockets[1]?.url).toMatch(/\/wss$/);
    stop();
  });

  it("signs out for good when the server ended the session (4410): the sign-in screen says why", () => {
    vi.useFakeTimers();
    setUnauthorizedHandler(resetSession);
    const { sockets, stop } = realtimeOnFakeSockets();
    closeFirstSocket(sockets, 4410, "game");
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1); // no reconnect loop
    expect(localStorage.getItem("jwtToken")).toBeNull();
    expect(appStore.get()).toMatchObject({ isAuth: false, user: null });
    expect(appStore.get().systemMessage).toMatchObject({ isVisible: true, text: SIGNED_OUT_TEXT });
    setUnauthorizedHandler(() => {});
    stop();
  });
});
