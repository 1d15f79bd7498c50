import type {
  CpuPlayedCardMsg,
  EndGameMsg,
  PhaseMsg,
  PlayerPlayedCardMsg,
  StateMessage,
  UnitDamageToPlayerMsg,
  UnitFightMsg,
} from "@cardrealm/engine";
import { MESSAGES } from "@cardrealm/protocol";
import {
  type AttackFx,
  EMPTY_ATTACK,
  fxId,
  battleStore as store,
} from "../../stores/battle-store.ts";
import { playAbility } from "./ability-popups.ts";
import { printed } from "./battle-cards.ts";
import { fxElementOf } from "./battle-motion.ts";
import { paced } from "./battle-pace.ts";
import {
  type BoardWork,
  boardBusy,
  boardSettled,
  carryOn,
  currentTempo,
  QUEUE_GAP_MS,
  wait,
} from "./battle-queue.ts";
import { sounds } from "./battle-sounds.ts";
import { ARENA_BOT_ID, TIMINGS, TURN_SECONDS } from "./battle-timings.ts";
import { tutorialAfterEnemyTurn, tutorialCardPlayed } from "./battle-tutorial.ts";
import {
  backgroundFor,
  isSnapshot,
  otherSeat,
  provisionalUnit,
  shownFromSnapshot,
} from "./battle-view.ts";
import {
  changeHp,
  dispatch,
  fx,
  patchShown,
  patchSide,
  payCost,
  placeUnit,
  popup,
  replaying,
  resolveDeaths,
  serverPhase,
  showMessage,
  signed,
  unitCard,
  wake,
} from "./board-stage.ts";
import { clockForSettledTurn, msSinceTurnEnded, startTimer, stopTimer } from "./turn-clock.ts";

/**
 * Message playback: each server state message, applied and animated in
 * order (the one queue, battle-sync.ts, hands them here one at a time). The
 * events move the board as they happened (a card played, an ability, a
 * blow), then the closing snapshot makes it exactly the server's. A replay
 * plays the same messages the same way.
 */

async function onCpuStartTurn(turn: number): Promise<void> {
  dispatch({ type: "server", phase: "enemy_turn" });
  patchShown((b) => ({ ...b, active: "cpu", turn }));
  wake("cpu");
  startTimer("cpu", TURN_SECONDS.enemy, turn);
  // 1000 ms after the end of turn on the board's clock (the player's own blows count in it).
  await wait(paced(TIMINGS.enemyWait) - msSinceTurnEnded() * currentTempo());
  showMessage(MESSAGES.enemyTurn, "enemy_turn", onBoard(paced(TIMINGS.enemyMessage)));
  // The banner stays up its 1400 ms; the computer's first move comes in under it.
  await wait(paced(TIMINGS.enemyLead));
}

/** A length on the board's clock (the battle speed, a replay's tempo) as page milliseconds. */
function onBoard(ms: number): number {
  return ms / currentTempo();
}

/** The arena bot (21) waits like a person (product.md section 4): ms in [min, max]. */
function botWait(min: number, max: number): Promise<void> {
  const shown = store.get().shown;
  // In an arena game (isPvP) the server already waited before sending the bot's move;
  // a replay shows the move, not the bot's thinking.
  if (shown?.cpuId !== ARENA_BOT_ID || shown.isPvP || replaying()) return Promise.resolve();
  return wait(paced(min + Math.random() * (max - min)));
}

async function onCpuPlayed(msg: CpuPlayedCardMsg): Promise<void> {
  await botWait(1000, 2500);
  sounds.card(msg.card);
  const id = fxId();
  store.set({ cpuCard: { id, card: msg.card, target: msg.target } });
  payCost("cpu", msg.card);
  patchSide("cpu", (s) => ({ ...s, handCount: Math.max(0, s.handCount - 1) }));
  // The card stays up its 2000 ms while the board goes on under it (docs/battle-pace.md).
  setTimeout(
    () => {
      if (store.get().cpuCard?.id === id) store.set({ cpuCard: null });
    },
    onBoard(paced(TIMINGS.cpuCard)),
  );
  await wait(paced(TIMINGS.cpuCardLead));
  const cell = msg.result.cell;
  if (cell !== null && cell !== undefined) {
    const p = printed(msg.card);
    // It lands (450 ms) while the board goes on: it is asleep, nothing waits on it.
    placeUnit("cpu", cell, provisionalUnit(msg.card, p.attack, p.hp));
  }
}

async function onPlayerPlayed(msg: PlayerPlayedCardMsg): Promise<void> {
  tutorialCardPlayed(msg.cell !== null);
  payCost("player", msg.card);
  patchShown((b) => ({
    ...b,
    cardsPlayed: b.cardsPlayed + 1,
    player: {
      ...b.player,
      hand: b.player.hand.filter((h) => h.key !== msg.handKey),
      handCount: Math.max(0, b.player.handCount - 1),
    },
  }));
  store.set({ pick: null });
  if (msg.cell !== null) {
    sounds.card(msg.card);
    const p = printed(msg.card);
    placeUnit("player", msg.cell, provisionalUnit(msg.card, p.attack, p.hp));
    await wait(TIMINGS.unitEnter);
  } else {
    sounds.spell();
    store.set({ playerCast: { id: fxId(), card: msg.card, target: msg.target } });
    await wait(TIMINGS.spellCast);
    store.set({ playerCast: null });
  }
}

/**
 * A blow: the attacker lunges (TIMINGS.attack) and the blow lands, its
 * damage numbers and its deaths with it. Blows overlap: the message is done
 * TIMINGS.blowStagger after the lunge starts (the queue's gap included), so
 * the next blow of the turn (another column's) starts while this one is on
 * its way; what lands is carried on (battle-queue.ts `carryOn`) and every
 * message but a blow waits for it.
 */
function strike(attacker: AttackFx, land: () => void): Promise<void> {
  store.set((s) => ({ attackFx: [...s.attackFx, attacker] }));
  const landed = wait(TIMINGS.attack).then(() => {
    sounds.hit();
    land();
    // The attacker goes back (300 ms) while the board goes on.
    store.set((s) => ({ attackFx: s.attackFx.filter((a) => a.id !== attacker.id) }));
    // The dead fade (400 ms) while the board goes on; what needs the board waits for it.
    carryOn("fade", resolveDeaths());
  });
  carryOn("impact", landed);
  return wait(TIMINGS.blowStagger - QUEUE_GAP_MS);
}

function onFight(msg: UnitFightMsg): Promise<void> {
  sounds.attack(msg.attacking);
  const attacker: AttackFx = { id: fxId(), seat: msg.sideA, cell: msg.tableKey, at: "unit" };
  return strike(attacker, () => {
    fx(
      { seat: msg.sideD, cell: msg.tableKey },
      "impact",
      fxElementOf(unitCard(msg.sideA, msg.tableKey)),
    );
    if (msg.pierce > 0) fx({ seat: msg.sideD, cell: null }, "impact", "neutral");
    changeHp({ seat: msg.sideD, cell: msg.tableKey }, -msg.attacking);
    changeHp({ seat: msg.sideA, cell: msg.tableKey }, -msg.defend);
    changeHp({ seat: msg.sideD, cell: null }, -msg.pierce);
  });
}

function onCastleHit(msg: UnitDamageToPlayerMsg): Promise<void> {
  sounds.attack(msg.damage);
  const attacker: AttackFx = { id: fxId(), seat: msg.side, cell: msg.tableKey, at: "castle" };
  return strike(attacker, () => {
    fx(
      { seat: otherSeat(msg.side), cell: null },
      "impact",
      fxElementOf(unitCard(msg.side, msg.tableKey)),
    );
    changeHp({ seat: otherSeat(msg.side), cell: null }, -msg.damage);
  });
}

async function onCpuEndTurn(): Promise<void> {
  await botWait(1000, 3000);
  tutorialAfterEnemyTurn();
  store.set({ attack: EMPTY_ATTACK.slice() });
  sounds.turnStart();
}

async function onPhase(phase: PhaseMsg): Promise<void> {
  dispatch({ type: "server", phase });
  if (phase === "play_card") {
    patchShown((b) => ({ ...b, active: "player" }));
    wake("player");
    // The board is the player's again while "Your turn!" shows.
    showMessage("Your turn!", "your_turn", onBoard(paced(TIMINGS.yourTurnMessage)));
  }
}

/** The closing snapshot: units that left fade out, changed hp floats, then the state is exactly it. */
async function settle(msg: StateMessage): Promise<void> {
  const next = shownFromSnapshot(msg);
  if (!next) return;
  const prev = store.get().shown;
  const first = store.get().status !== "ready" || !prev || prev.gameId !== next.gameId;
  if (!first && prev) {
    const leaving: string[] = [];
    for (const seat of ["player", "cpu"] as const) {
      const hpDelta = next[seat].hp - prev[seat].hp;
      if (hpDelta !== 0)
        popup({ seat, cell: null }, signed(hpDelta), hpDelta > 0 ? "heal" : "damage");
      prev[seat].table.forEach((before, cell) => {
        const after = next[seat].table[cell];
        if (!before) return;
        if (!after || after.card !== before.card) leaving.push(`${seat}-${cell}`);
        else if (after.hp !== before.hp) {
          const d = after.hp - before.hp;
          popup({ seat, cell }, signed(d), d > 0 ? "heal" : "damage");
        }
      });
    }
    if (leaving.length > 0) {
      store.set({ dying: leaving });
      await wait(TIMINGS.removal);
    }
  }
  const state = store.get();
  store.set({
    shown: next,
    snapshot: msg,
    status: "ready",
    dying: [],
    attack: state.attack.map((on, cell) => on && next.player.table[cell]?.ready === true),
    background: first ? backgroundFor(next.cpuId, next.gameId) : state.background,
  });
}

const ALL_WORK: BoardWork[] = ["impact", "fade", "ability"];

/** The message fields that may go on while earlier blows land or the dead fade. */
const WITH_BLOWS_UNDER_WAY: Partial<Record<keyof StateMessage, BoardWork[]>> = {
  // Another column's blow, while the blows before it land and their dead fade;
  // not through an ability's dead (one may have stood in this blow's way).
  unit_fight: ["ability"],
  unit_damage_to_player: ["ability"],
  // The turn ends and the next begins while the last dead fade: neither touches a table cell.
  cpu_end_turn: ["impact"],
  phase: ["impact"],
};

/**
 * What a message waits for before it plays: the board as it stands (every
 * blow landed, the dead gone), except for the fields above. A snapshot waits
 * for all of it.
 */
function waitsFor(msg: StateMessage): BoardWork[] {
  const kinds = new Set<BoardWork>();
  for (const key of Object.keys(msg) as (keyof StateMessage)[]) {
    if (msg[key] === undefined) continue;
    for (const kind of WITH_BLOWS_UNDER_WAY[key] ?? ALL_WORK) kinds.add(kind);
  }
  return [...kinds];
}

/** Applies one state message, its animations included; resolves when it is done. */
export async function applyMessage(msg: StateMessage): Promise<void> {
  const waits = waitsFor(msg);
  // Only when something is under way: with nothing to wait for, the message plays at once.
  if (boardBusy(waits)) await boardSettled(waits);
  if (msg.skip_turn) dispatch({ type: "skip_turn" });
  if (msg.cpu_start_turn) await onCpuStartTurn(msg.cpu_start_turn.turn);
  if (msg.cpu_played_card) await onCpuPlayed(msg.cpu_played_card);
  if (msg.player_played_card) await onPlayerPlayed(msg.player_played_card);
  if (msg.middleware_ability) await playAbility(msg.middleware_ability);
  if (msg.unit_fight) await onFight(msg.unit_fight);
  if (msg.unit_damage_to_player) await onCastleHit(msg.unit_damage_to_player);
  if (msg.cpu_end_turn) await onCpuEndTurn();
  if (msg.end_game) {
    store.set({ endGame: mergeEndGame(store.get().endGame, msg.end_game) });
    dispatch({ type: "server", phase: "end_game" });
  }
  if (isSnapshot(msg)) await settle(msg);
  else if (msg.phase) await onPhase(msg.phase);
}

/** A later end_game without the result keeps the result an earlier one brought. */
export function mergeEndGame(prev: EndGameMsg | null, next: EndGameMsg): EndGameMsg {
  return prev?.result && !next.result ? { ...next, result: prev.result } : next;
}

/**
 * Everything is applied: the board is idle on the server's phase. A live
 * battle that ended shows its end panel (with its sting); one that goes on
 * starts the clock of the turn it settled on. A replay does neither.
 */
export function afterDrain(): void {
  store.set({ animating: false });
  const s = store.get();
  if (s.status !== "ready" || !s.shown) return;
  if (replaying(s)) {
    // The viewer's own bar says how it ended: no end panel, no sting, no clock.
    if (s.endGame) store.set({ phase: "end_game", pick: null });
    else dispatch({ type: "server", phase: serverPhase() });
    return;
  }
  if (s.endGame) {
    stopTimer();
    store.set({ phase: "end_game", pick: null, showEndPanel: true, menuOpen: false });
    if (s.endGame.winner === "player") sounds.win();
    else sounds.lose();
    return;
  }
  dispatch({ type: "server", phase: serverPhase() });
  clockForSettledTurn();
}
