/**
 * Test helper: a battle server in memory over the real engine, answering the
 * battle calls the way apps/server does (decorated state messages), so the
 * screen's tests see real message lists. Only tests import it.
 */
import { CATALOGUE } from "@cardrealm/content";
import {
  type Action,
  type BattleState,
  createBattle,
  legalActions,
  messagesFor,
  readyAttackers,
  type StateMessage,
  snapshotMessage,
  step,
} from "@cardrealm/engine";

export const GAME_ID = "0f6d3c1e-8a3b-4c55-9a8e-2b1f6c7d9e01";
const HUMAN = 0;
const COMPUTER = 1;

export interface FakeServer {
  state: BattleState;
  cpuId: number;
  calls: { path: string; body: Record<string, unknown> | null }[];
  /** The routes for mockFetch. */
  routes: Record<string, (init: RequestInit | undefined) => { status: number; body: unknown }>;
  /** The start call's answer. */
  start(): StateMessage[];
  /** Replace the human's hand (card ids, new hand keys). */
  setHand(cards: number[]): number[];
  /** Put an awake unit on a table (side 0: the human, 1: the computer). */
  putUnit(side: 0 | 1, cell: number, card: number): void;
  snapshot(): StateMessage;
}

/** The engine action a play-card call's body asks for. */
function playAction(state: BattleState, b: Record<string, unknown>): Action {
  const inHand = state.sides[HUMAN].hand.find((h) => h.key === b.hand_key);
  const isUnit = inHand ? CATALOGUE.get(inHand.card)?.type === "unit" : false;
  const target =
    b.key !== undefined
      ? {
          key: b.key as "table_key",
          value: Number(b.value ?? 0),
          side: (b.side ?? "cpu") as "player" | "cpu",
        }
      : undefined;
  const cell =
    typeof b.cell === "number"
      ? b.cell
      : isUnit && target?.side === "player"
        ? target.value
        : undefined;
  return {
    type: "play_card",
    side: HUMAN,
    handKey: Number(b.hand_key),
    ...(cell !== undefined ? { cell } : {}),
    ...(target && (!isUnit || typeof b.cell === "number") ? { target } : {}),
  };
}

export function fakeBattleServer(
  options: {
    playerName?: string;
    cpuId?: number;
    playerDeck?: number[];
    cpuDeck?: number[];
    /** Let the computer play its first legal card each turn. */
    cpuPlays?: boolean;
  } = {},
): FakeServer {
  const cpuId = options.cpuId ?? 6;
  let state = createBattle(
    {
      seed: 7,
      opener: HUMAN,
      sides: [
        { name: options.playerName ?? "Morwen", deck: options.playerDeck ?? Array(40).fill(1001) },
        { name: "Air Elemental", hp: 30, deck: options.cpuDeck ?? Array(40).fill(1015) },
      ],
    },
    CATALOGUE,
  );
  const calls: FakeServer["calls"] = [];

  const decorate = (messages: StateMessage[]): StateMessage[] =>
    messages.map((m) =>
      m.game_data
        ? { ...m, game_data: { ...m.game_data, game_id: GAME_ID, cpu_id: cpuId, isPvP: false } }
        : m,
    );

  const run = (action: Action): { status: number; body: unknown } => {
    const first = step(state, action, CATALOGUE);
    if (!first.ok) {
      return {
        status: 400,
        body: { error: { code: "bad_request", message: first.error.message } },
      };
    }
    state = first.state;
    server.state = state;
    const events = [...first.events];
    for (let guard = 0; guard < 10 && !state.over && state.active === COMPUTER; guard++) {
      const legal = legalActions(state, CATALOGUE);
      const play = options.cpuPlays ? legal.find((a) => a.type === "play_card") : undefined;
      const end = legal.find((a) => a.type === "end_turn");
      let next: Action | undefined = play ?? end;
      if (next?.type === "end_turn") {
        const attack = [false, false, false, false, false];
        for (const c of readyAttackers(state, COMPUTER, CATALOGUE)) attack[c] = true;
        next = { ...next, attack };
      }
      if (!next) break;
      const r = step(state, next, CATALOGUE);
      if (!r.ok) break;
      state = r.state;
      server.state = state;
      events.push(...r.events);
    }
    return {
      status: 200,
      body: { data: decorate(messagesFor(events, state, HUMAN, CATALOGUE)) },
    };
  };

  const body = (init: RequestInit | undefined): Record<string, unknown> =>
    init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};

  const server: FakeServer = {
    state,
    cpuId,
    calls,
    start: () => decorate([snapshotMessage(state, HUMAN, CATALOGUE)]),
    snapshot: () => decorate([snapshotMessage(state, HUMAN, CATALOGUE)])[0] as StateMessage,
    setHand(cards) {
      const keys: number[] = [];
      state.sides[HUMAN].hand = cards.map((card) => {
        const key = state.nextId;
        state.nextId += 1;
        keys.push(key);
        return { key, card };
      });
      return keys;
    },
    putUnit(side, cell, card) {
      const def = CATALOGUE.get(card);
      state.sides[side].table[cell] = {
        uid: state.nextId,
        card,
        attack: def?.attack ?? 0,
        hp: def?.hp ?? 1,
        damage: 0,
        tempAttack: 0,
        tempHp: 0,
        sleep: false,
        stun: 0,
        exhausted: false,
        poison: 0,
        destroyed: false,
      };
      state.nextId += 1;
    },
    routes: {
      "GET /api/game/cpu/current": () => {
        calls.push({ path: "current", body: null });
        return {
          status: 200,
          body: { data: state.over ? null : decorate([snapshotMessage(state, HUMAN, CATALOGUE)]) },
        };
      },
      "POST /api/game/cpu/play-card": (init) => {
        const b = body(init);
        calls.push({ path: "play-card", body: b });
        return run(playAction(state, b));
      },
      "POST /api/game/cpu/end-turn": (init) => {
        const b = body(init);
        calls.push({ path: "end-turn", body: b });
        const flags = (b.player_attack as number[]).map((f) => f === 1);
        const ready = new Set(readyAttackers(state, HUMAN, CATALOGUE));
        return run({
          type: "end_turn",
          side: HUMAN,
          attack: flags.map((f, c) => f && ready.has(c)),
          ...(typeof b.discard_card === "number" ? { discard: b.discard_card } : {}),
        });
      },
      "POST /api/game/cpu/giveup": (init) => {
        calls.push({ path: "giveup", body: body(init) });
        const r = run({ type: "give_up", side: HUMAN });
        const data = (r.body as { data?: StateMessage[] }).data;
        const end = data?.find((m) => m.end_game);
        if (end?.end_game) end.end_game.result = { rewards: { silver: 5 }, sesason_pass_bonus: 10 };
        return r;
      },
    },
  };
  return server;
}
