/**
 * Test helper: a replay recorded over the real engine, the way the server
 * rebuilds one (each step: one action and the messages the seat received
 * for it; step 0 the start snapshot), so the viewer's tests drive the
 * battle screen with real message lists. Only tests import it.
 */
import { CATALOGUE } from "@cardrealm/content";
import {
  type Action,
  createBattle,
  legalActions,
  messagesFor,
  readyAttackers,
  type StateMessage,
  snapshotMessage,
  step,
} from "@cardrealm/engine";
import type { Replay, ReplayStep, ReplaySummary } from "@cardrealm/protocol";

export const REPLAY_ID = "3b1f2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
export const SHARE_ID = "AbCdEfGhIjKlMnOpQrStUv";
const HUMAN = 0;

/** Plays a seeded battle (both sides play their first legal card, then attack with all) for `actions` actions. */
export function recordReplay({ actions = 24 }: { actions?: number } = {}): Replay {
  let state = createBattle(
    {
      seed: 11,
      opener: HUMAN,
      sides: [
        { name: "Morwen", deck: Array(40).fill(1001) },
        { name: "Air Elemental", hp: 30, deck: Array(40).fill(1015) },
      ],
    },
    CATALOGUE,
  );
  const decorate = (messages: StateMessage[]): StateMessage[] =>
    messages.map((m) =>
      m.game_data
        ? { ...m, game_data: { ...m.game_data, game_id: REPLAY_ID, cpu_id: 6, isPvP: false } }
        : m,
    );
  const steps: ReplayStep[] = [
    {
      kind: "start",
      by: "player",
      turn: state.turn,
      messages: decorate([snapshotMessage(state, HUMAN, CATALOGUE)]),
    },
  ];
  while (!state.over && steps.length <= actions) {
    const side = state.active;
    const legal = legalActions(state, CATALOGUE);
    let action: Action | undefined =
      legal.find((a) => a.type === "play_card") ?? legal.find((a) => a.type === "end_turn");
    if (!action) break;
    if (action.type === "end_turn") {
      const attack = [false, false, false, false, false];
      for (const c of readyAttackers(state, side, CATALOGUE)) attack[c] = true;
      action = { ...action, attack };
    }
    const turn = state.turn;
    const r = step(state, action, CATALOGUE);
    if (!r.ok) break;
    state = r.state;
    steps.push({
      kind: action.type === "play_card" ? "play_card" : "end_turn",
      by: side === HUMAN ? "player" : "cpu",
      turn,
      messages: decorate(messagesFor(r.events, state, HUMAN, CATALOGUE)),
    });
  }
  return {
    ...replaySummary(),
    turns: state.turn,
    engine_version: "test",
    catalogue_version: "test",
    steps,
  };
}

export function replaySummary(overrides: Partial<ReplaySummary> = {}): ReplaySummary {
  return {
    id: REPLAY_ID,
    mode: "story",
    player: { name: "Morwen", cpu_id: null, avatar: "/static/media/avatar-1.svg" },
    opponent: { name: "Air Elemental", cpu_id: 6, avatar: "/static/media/opponent-6.webp" },
    result: "win",
    turns: 7,
    finished_at: "2026-11-26T10:15:00.000Z",
    available: true,
    share_id: null,
    ...overrides,
  };
}
