import { CATALOGUE, chapterOfOpponent } from "@cardrealm/content";
import {
  type CardPlay,
  type EndGameMsg,
  MAX_HAND_AT_END_TURN,
  type MiddlewareAbilityMsg,
  type PhaseMsg,
  type PlayerPlayedCardMsg,
  type PlayTarget,
  playableFromSnapshot,
  type StateMessage,
  type UnitDamageToPlayerMsg,
  type UnitFightMsg,
  type UnitMsg,
  type ViewSide,
} from "@cardrealm/engine";
import { MESSAGES } from "@cardrealm/protocol";
import { api } from "../../lib/api.ts";
import {
  type PvpStateData,
  pvpStatusStore,
  resetPvpStatus,
  setPvpGameHandler,
  takeBufferedStates,
} from "../../lib/realtime/pvp-game-channel.ts";
import { noteServerTime, secondsUntil } from "../../lib/realtime/server-clock.ts";
import {
  appStore,
  setCpuStory,
  setPendingBattle,
  setPractice,
  setReplay,
  setRoute,
  setUser,
  showSystemMessage,
} from "../../stores/app-store.ts";
import {
  type BattleMessageKind,
  type BattleStoreState,
  type BoardSpot,
  battleStore,
  clearBattleStore,
  EMPTY_ATTACK,
  fxId,
  initialBattleState,
  type PopupTone,
  type ShownBattle,
  type ShownSide,
} from "../../stores/battle-store.ts";
import { tutorialRunning } from "../tutorial/tutorial-state.ts";
import { battleApi } from "./battle-api.ts";
import { printed } from "./battle-cards.ts";
import { isPlayerActing, isSelecting, type MachineEvent, transition } from "./battle-machine.ts";
import {
  FX_MS,
  type FxElement,
  type FxKind,
  fxElementOf,
  fxKindOf,
  motionAllowed,
} from "./battle-motion.ts";
import { paced } from "./battle-pace.ts";
import { cancelWaits, createMessageQueue, setTempo, wait } from "./battle-queue.ts";
import { sounds } from "./battle-sounds.ts";
import {
  backgroundFor,
  isSnapshot,
  lastSnapshot,
  otherSeat,
  provisionalUnit,
  shownFromSnapshot,
  spotOf,
} from "./battle-view.ts";

/** Animation timings of product.md section 4 (ms). */
export const TIMINGS = {
  cpuCard: 2000,
  ability: 700,
  attack: 500,
  attackBack: 300,
  removal: 400,
  popup: 700,
  enemyWait: 1000,
  enemyMessage: 1400,
  discardMessage: 3000,
  yourTurnMessage: 1300,
  unitEnter: 450,
  spellCast: 700,
  allAttackGap: 100,
} as const;

/** Turn timers of product.md section 4 (seconds). */
export const TURN_SECONDS = {
  player: 50,
  playerFirst: 25,
  enemy: 50,
  warning: 6,
  /** After a player timeout in a computer game the timer restarts here (50 in PvP and vs 21). */
  afterTimeout: 10,
} as const;

export const SURRENDER_TEXT = MESSAGES.surrenderConfirm;
export const ARENA_BOT_ID = 21;

const store = battleStore;

// --- the state machine --------------------------------------------------------

/** A finished battle is being watched (features/replay): nothing acts, nothing counts down. */
function replaying(s: BattleStoreState = store.get()): boolean {
  return s.mode === "replay";
}

function dispatch(event: MachineEvent): void {
  const { phase, pick } = store.get();
  const next = transition(phase, event);
  if (next === phase) return;
  store.set({
    phase: next,
    // A pick lives only while its cell or target is being chosen, or its play is on its way.
    pick: isSelecting(next) || next === "play_unit" || next === "play_spell" ? pick : null,
  });
}

function serverPhase(): PhaseMsg {
  return store.get().snapshot?.phase ?? "play_card";
}

// --- the tutorial's battle steps (rules of product.md section 4, Tutorial) ----------

/** Moves the tutorial from one step to the next (nothing when it is elsewhere). */
function tutorialStep(from: string, to: string, isActive?: boolean): void {
  if (replaying()) return;
  const { tutorial } = appStore.get();
  if (tutorial.step !== from) return;
  appStore.set({ tutorial: { step: to, isActive: isActive ?? tutorial.isActive } });
}

/** After the opponent's turn the tutorial reactivates one step further. */
const TUTORIAL_AFTER_ENEMY: Record<string, string> = {
  EndTurnBattle45: "PlaySecondCard50",
  EndTurnBattle55: "SelectAttack60",
  EndTurnBattle65: "PlaySpellCard70",
};

// --- the queue ------------------------------------------------------------------

const queue = createMessageQueue({
  apply: applyMessage,
  onBusy: () => store.set({ animating: true }),
  onDrain: settleAfterDrain,
  onError: (error) => console.error("[battle] a state message failed to apply", error),
});

/** When the player last ended a turn (the "Enemy turn!" message waits 1000 ms from it). */
let endTurnAt = 0;

function patchShown(fn: (b: ShownBattle) => ShownBattle): void {
  const b = store.get().shown;
  if (b) store.set({ shown: fn(b) });
}

function patchSide(seat: ViewSide, fn: (s: ShownSide) => ShownSide): void {
  patchShown((b) =>
    seat === "player"
      ? { ...b, player: { ...b.player, ...fn(b.player) } }
      : { ...b, cpu: fn(b.cpu) },
  );
}

function patchUnit(seat: ViewSide, cell: number, fn: (u: UnitMsg) => UnitMsg | null): void {
  patchSide(seat, (s) => {
    const unit = s.table[cell];
    if (!unit) return s;
    const table = s.table.slice();
    table[cell] = fn(unit);
    return { ...s, table };
  });
}

function placeUnit(seat: ViewSide, cell: number, unit: UnitMsg): void {
  patchSide(seat, (s) => {
    const table = s.table.slice();
    table[cell] = unit;
    return { ...s, table };
  });
}

function payCost(seat: ViewSide, card: number): void {
  const cost = printed(card);
  patchSide(seat, (s) => ({
    ...s,
    fire: { ...s.fire, amount: Math.max(0, s.fire.amount - cost.fire) },
    diamond: { ...s.diamond, amount: Math.max(0, s.diamond.amount - cost.diamond) },
    pow: { ...s.pow, amount: Math.max(0, s.pow.amount - cost.pow) },
  }));
}

function popup(spot: BoardSpot, text: string, tone: PopupTone): void {
  const id = fxId();
  store.set((s) => ({ popups: [...s.popups, { id, text, tone, ...spot }] }));
  setTimeout(() => {
    store.set((s) => ({ popups: s.popups.filter((p) => p.id !== id) }));
  }, TIMINGS.popup);
}

/** A board effect on a spot for FX_MS (nothing under prefers-reduced-motion). */
function fx(spot: BoardSpot, kind: FxKind, element: FxElement): void {
  if (!motionAllowed()) return;
  const id = fxId();
  store.set((s) => ({ spotFx: [...s.spotFx, { id, kind, element, ...spot }] }));
  setTimeout(() => {
    store.set((s) => ({ spotFx: s.spotFx.filter((f) => f.id !== id) }));
  }, FX_MS);
}

function showMessage(text: string, kind: BattleMessageKind, ms: number): void {
  const id = fxId();
  store.set({ message: { id, text, kind } });
  setTimeout(() => {
    if (store.get().message?.id === id) store.set({ message: null });
  }, ms);
}

/** Changes hp (a unit's or a castle's) by delta, with its floating number. */
function changeHp(spot: BoardSpot, delta: number, tone?: PopupTone): void {
  if (delta === 0) return;
  const text = delta > 0 ? `+${delta}` : `${delta}`;
  popup(spot, text, tone ?? (delta > 0 ? "heal" : "damage"));
  if (spot.cell === null) {
    patchSide(spot.seat, (s) => ({ ...s, hp: s.hp + delta }));
  } else {
    patchUnit(spot.seat, spot.cell, (u) => ({ ...u, hp: u.hp + delta }));
  }
}

/** Units at 0 hp fade out (400 ms) and leave the table. */
async function resolveDeaths(extra: readonly string[] = []): Promise<void> {
  const b = store.get().shown;
  if (!b) return;
  const dying = [...extra];
  for (const seat of ["player", "cpu"] as const) {
    b[seat].table.forEach((u, cell) => {
      const key = `${seat}-${cell}`;
      if (u && u.hp <= 0 && !dying.includes(key)) dying.push(key);
    });
  }
  if (dying.length === 0) return;
  sounds.unitDead();
  store.set({ dying });
  await wait(TIMINGS.removal);
  patchShown((s) => {
    const clear = (seat: ViewSide, side: ShownSide): ShownSide => ({
      ...side,
      table: side.table.map((u, cell) => (dying.includes(`${seat}-${cell}`) ? null : u)),
    });
    return {
      ...s,
      player: { ...s.player, ...clear("player", s.player) },
      cpu: clear("cpu", s.cpu),
    };
  });
  store.set({ dying: [] });
}

/** A side's units wake at its turn start (shown at once; the closing snapshot has the rest). */
function wake(seat: ViewSide): void {
  patchSide(seat, (side) => ({
    ...side,
    table: side.table.map((u) => (u ? { ...u, sleep: false, exhausted: false } : null)),
  }));
}

async function onCpuStartTurn(turn: number): Promise<void> {
  dispatch({ type: "server", phase: "enemy_turn" });
  patchShown((b) => ({ ...b, active: "cpu", turn }));
  wake("cpu");
  startTimer("cpu", TURN_SECONDS.enemy, turn);
  const since = Date.now() - endTurnAt;
  await wait(paced(TIMINGS.enemyWait) - since);
  showMessage(MESSAGES.enemyTurn, "enemy_turn", paced(TIMINGS.enemyMessage));
  await wait(paced(TIMINGS.enemyMessage));
}

/** The arena bot (21) waits like a person (product.md section 4): ms in [min, max]. */
function botWait(min: number, max: number): Promise<void> {
  const shown = store.get().shown;
  // In an arena game (isPvP) the server already waited before sending the bot's move;
  // a replay shows the move, not the bot's thinking.
  if (shown?.cpuId !== ARENA_BOT_ID || shown.isPvP || replaying()) return Promise.resolve();
  return wait(paced(min + Math.random() * (max - min)));
}

async function onCpuPlayed(msg: NonNullable<StateMessage["cpu_played_card"]>): Promise<void> {
  await botWait(1000, 2500);
  sounds.card(msg.card);
  store.set({ cpuCard: { id: fxId(), card: msg.card, target: msg.target } });
  payCost("cpu", msg.card);
  patchSide("cpu", (s) => ({ ...s, handCount: Math.max(0, s.handCount - 1) }));
  await wait(paced(TIMINGS.cpuCard));
  store.set({ cpuCard: null });
  const cell = msg.result.cell;
  if (cell !== null && cell !== undefined) {
    const p = printed(msg.card);
    placeUnit("cpu", cell, provisionalUnit(msg.card, p.attack, p.hp));
    await wait(TIMINGS.unitEnter);
  }
}

async function onPlayerPlayed(msg: PlayerPlayedCardMsg): Promise<void> {
  tutorialStep("PlayFirstCard40", "EndTurnBattle45");
  tutorialStep("PlaySecondCard50", "EndTurnBattle55");
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

const RESOURCE_EFFECT_TEXT: Record<string, (n: number) => string> = {
  gain_resource: (n) => `+${n} resources`,
  gain_inc: (n) => `+${n} per turn`,
  drain_resource: (n) => `-${n} resources`,
  drain_inc: (n) => `-${n} per turn`,
  draw: (n) => `+${n} card${n === 1 ? "" : "s"}`,
  discard: (n) => `-${n} card${n === 1 ? "" : "s"}`,
};

async function onAbility(msg: MiddlewareAbilityMsg): Promise<void> {
  store.set({ abilityFx: { id: fxId(), seat: msg.side, cell: msg.tableKey, card: msg.card_id } });
  const leaving: string[] = [];
  for (const r of msg.result) {
    const spot = spotOf(r.target);
    fx(spot, fxKindOf(r.effect), fxElementOf(msg.card_id, r.effect));
    switch (r.effect) {
      case "damage":
        changeHp(spot, -r.amount);
        break;
      case "heal":
        changeHp(spot, r.amount);
        break;
      case "buff":
        if (r.amount !== 0) popup(spot, `+${r.amount}`, "buff");
        break;
      case "stun":
        popup(spot, "Stunned", "info");
        if (spot.cell !== null) {
          patchUnit(spot.seat, spot.cell, (u) => ({
            ...u,
            ready: false,
            effect: { stun: Math.max(u.effect.stun, r.amount) },
          }));
        }
        break;
      case "destroy":
        popup(spot, "Destroyed", "damage");
        if (spot.cell !== null) leaving.push(`${spot.seat}-${spot.cell}`);
        break;
      case "return_to_hand":
        popup(spot, "Returned", "info");
        if (spot.cell !== null) leaving.push(`${spot.seat}-${spot.cell}`);
        break;
      case "summon":
        popup(spot, "Summon", "buff");
        break;
      case "swap_cells":
        popup(spot, "Swap", "info");
        break;
      default: {
        const text = RESOURCE_EFFECT_TEXT[r.effect];
        if (text && r.amount !== 0) {
          popup(spot, text(r.amount), r.effect.startsWith("drain") ? "damage" : "buff");
        }
      }
    }
  }
  await wait(TIMINGS.ability);
  store.set({ abilityFx: null });
  await resolveDeaths(leaving);
}

/** The card of the unit in a cell as shown (0 when empty). */
function unitCard(seat: ViewSide, cell: number): number {
  return store.get().shown?.[seat].table[cell]?.card ?? 0;
}

async function onFight(msg: UnitFightMsg): Promise<void> {
  sounds.attack(msg.attacking);
  store.set({ attackFx: { id: fxId(), seat: msg.sideA, cell: msg.tableKey, at: "unit" } });
  await wait(TIMINGS.attack);
  sounds.hit();
  fx(
    { seat: msg.sideD, cell: msg.tableKey },
    "impact",
    fxElementOf(unitCard(msg.sideA, msg.tableKey)),
  );
  if (msg.pierce > 0) fx({ seat: msg.sideD, cell: null }, "impact", "neutral");
  changeHp({ seat: msg.sideD, cell: msg.tableKey }, -msg.attacking);
  changeHp({ seat: msg.sideA, cell: msg.tableKey }, -msg.defend);
  changeHp({ seat: msg.sideD, cell: null }, -msg.pierce);
  store.set({ attackFx: null });
  await wait(TIMINGS.attackBack);
  await resolveDeaths();
}

async function onCastleHit(msg: UnitDamageToPlayerMsg): Promise<void> {
  sounds.attack(msg.damage);
  store.set({ attackFx: { id: fxId(), seat: msg.side, cell: msg.tableKey, at: "castle" } });
  await wait(TIMINGS.attack);
  sounds.hit();
  fx(
    { seat: otherSeat(msg.side), cell: null },
    "impact",
    fxElementOf(unitCard(msg.side, msg.tableKey)),
  );
  changeHp({ seat: otherSeat(msg.side), cell: null }, -msg.damage);
  store.set({ attackFx: null });
  await wait(TIMINGS.attackBack);
}

async function onCpuEndTurn(): Promise<void> {
  await botWait(1000, 3000);
  const next = TUTORIAL_AFTER_ENEMY[appStore.get().tutorial.step];
  if (next) tutorialStep(appStore.get().tutorial.step, next, true);
  store.set({ attack: EMPTY_ATTACK.slice() });
  sounds.turnStart();
  await wait(100);
}

async function onPhase(phase: PhaseMsg): Promise<void> {
  dispatch({ type: "server", phase });
  if (phase === "play_card") {
    patchShown((b) => ({ ...b, active: "player" }));
    wake("player");
    showMessage("Your turn!", "your_turn", paced(TIMINGS.yourTurnMessage));
    await wait(paced(500));
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
        popup(
          { seat, cell: null },
          hpDelta > 0 ? `+${hpDelta}` : `${hpDelta}`,
          hpDelta > 0 ? "heal" : "damage",
        );
      prev[seat].table.forEach((before, cell) => {
        const after = next[seat].table[cell];
        if (!before) return;
        if (!after || after.card !== before.card) leaving.push(`${seat}-${cell}`);
        else if (after.hp !== before.hp) {
          const d = after.hp - before.hp;
          popup({ seat, cell }, d > 0 ? `+${d}` : `${d}`, d > 0 ? "heal" : "damage");
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

async function applyMessage(msg: StateMessage): Promise<void> {
  if (msg.skip_turn) dispatch({ type: "skip_turn" });
  if (msg.cpu_start_turn) await onCpuStartTurn(msg.cpu_start_turn.turn);
  if (msg.cpu_played_card) await onCpuPlayed(msg.cpu_played_card);
  if (msg.player_played_card) await onPlayerPlayed(msg.player_played_card);
  if (msg.middleware_ability) await onAbility(msg.middleware_ability);
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

function mergeEndGame(prev: EndGameMsg | null, next: EndGameMsg): EndGameMsg {
  return prev?.result && !next.result ? { ...next, result: prev.result } : next;
}

function settleAfterDrain(): void {
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
  const after = store.get();
  if (after.phase === "play_card" && after.shown?.active === "player") {
    const turn = after.shown.turn;
    if (after.timer?.seat !== "player" || after.timer.turn !== turn) {
      const full = turn <= 1 ? TURN_SECONDS.playerFirst : TURN_SECONDS.player;
      startTimer("player", after.shown.isPvP ? pvpSecondsLeft(turn, full) : full, turn);
    } else if (after.shown.isPvP) followPvpDeadline("player", turn);
  } else if (after.shown?.isPvP && after.shown.active === "cpu") {
    // PvP: the opponent opens, or we came back mid-turn: their clock runs too.
    const turn = after.shown.turn;
    if (after.timer?.seat !== "cpu" || after.timer.turn !== turn) {
      startTimer("cpu", pvpSecondsLeft(turn, TURN_SECONDS.enemy), turn);
    } else followPvpDeadline("cpu", turn);
  }
}

// --- PvP turn clocks: the server's deadline, not a fixed count (docs/realtime.md) ---

/** The server's deadline for one turn, from the channel's state lists (server clock). */
let pvpDeadline: { turn: number; at: number } | null = null;

function notePvpDeadline(data: PvpStateData): void {
  if (typeof data.turn_deadline !== "number") return;
  const turn = lastSnapshot(data.messages)?.game_data?.turn;
  if (typeof turn === "number") pvpDeadline = { turn, at: data.turn_deadline };
}

/**
 * Seconds left of a PvP turn: counted to the server's deadline when we know
 * it (a resume mid-turn, the opponent's move or end of turn), else the full
 * turn (our own end of turn just started theirs on the server's clock too).
 */
function pvpSecondsLeft(turn: number, full: number): number {
  if (pvpDeadline?.turn !== turn) return full;
  return Math.min(full, secondsUntil(pvpDeadline.at));
}

/** A running PvP clock follows a deadline that arrived after it started. */
function followPvpDeadline(seat: ViewSide, turn: number): void {
  const timer = store.get().timer;
  if (pvpDeadline?.turn !== turn || !timer || timer.seat !== seat || timer.turn !== turn) return;
  const left = Math.min(timer.left, secondsUntil(pvpDeadline.at));
  if (left !== timer.left) store.set({ timer: { ...timer, left } });
}

// --- turn timers ------------------------------------------------------------------

let timerHandle: ReturnType<typeof setInterval> | null = null;

function stopTimer(): void {
  if (timerHandle !== null) clearInterval(timerHandle);
  timerHandle = null;
  store.set({ timer: null });
}

function startTimer(seat: ViewSide, seconds: number, turn: number): void {
  if (timerHandle !== null) clearInterval(timerHandle);
  timerHandle = null;
  if (replaying()) return;
  store.set({ timer: { seat, left: seconds, turn } });
  timerHandle = setInterval(tick, 1000);
}

function tick(): void {
  const timer = store.get().timer;
  if (!timer) return;
  // The player's clock waits while the tutorial's guide is teaching (docs/decisions.md).
  if (timer.seat === "player" && tutorialRunning() && appStore.get().tutorial.isActive) return;
  // PvP: the time left is read off the server's deadline each second, not counted down.
  const pvp = store.get().shown?.isPvP === true && pvpDeadline?.turn === timer.turn;
  const left =
    pvp && pvpDeadline && expiredTurn !== timer.turn
      ? secondsUntil(pvpDeadline.at)
      : Math.max(0, timer.left - 1);
  store.set({ timer: { ...timer, left } });
  if (timer.seat === "player" && left > 0 && left <= TURN_SECONDS.warning) sounds.lowTime();
  if (left > 0) return;
  if (timer.seat === "player") onPlayerTimeout(timer.turn);
  else if (store.get().shown?.isPvP) onEnemyTimeout(timer.turn);
  else if (timerHandle !== null) {
    // The computer's turn resolves on the server; its clock just stops at zero.
    clearInterval(timerHandle);
    timerHandle = null;
  }
}

/** product.md section 4: the turn ends (discarding the last card above 6); the timer restarts. */
function onPlayerTimeout(turn: number): void {
  expiredTurn = turn;
  const s = store.get();
  if (s.pick) dispatch({ type: "cancel" });
  const hand = s.shown?.player.hand ?? [];
  const last = hand[hand.length - 1];
  if (canAct()) {
    if (store.get().phase === "discard_card" && last) discard(last.key);
    else endTurn(hand.length > MAX_HAND_AT_END_TURN && last ? last.key : undefined);
  }
  const special = s.shown?.isPvP === true || s.shown?.cpuId === ARENA_BOT_ID;
  if (store.get().phase !== "end_game") {
    startTimer("player", special ? TURN_SECONDS.player : TURN_SECONDS.afterTimeout, turn);
  }
}

// --- server calls ------------------------------------------------------------------

let chain: Promise<void> = Promise.resolve();

function request(label: string, run: () => Promise<StateMessage[]>): void {
  store.set({ awaiting: true });
  const next = chain.then(run).then(
    (messages) => {
      store.set({ awaiting: false });
      pushStates(messages);
    },
    (error: unknown) => {
      // product.md section 8: a refused action is only logged; loading clears and we re-sync.
      console.warn(`[battle] ${label} failed:`, error instanceof Error ? error.message : error);
      store.set({ awaiting: false, pick: null });
      dispatch({ type: "failed", phase: serverPhase() });
      void resync();
    },
  );
  chain = next.catch(() => {});
}

async function resync(): Promise<void> {
  try {
    const messages = await battleApi.current();
    if (messages && messages.length > 0) pushStates(messages);
    else if (!store.get().endGame) leaveTo("home");
  } catch (error) {
    console.warn("[battle] re-sync failed:", error instanceof Error ? error.message : error);
  }
}

// --- PvP: the channel's states (lib/realtime/pvp-game-channel.ts, docs/realtime.md) ---

/** The newest game_data.version handed to the queue, and its game: older lists are not applied. */
let pushedVersion = -1;
let pushedGameId = "";

function pushStates(messages: readonly StateMessage[]): void {
  const receivedAt = Date.now();
  for (const m of messages) {
    if (m.game_data?.game_id) pushedGameId = m.game_data.game_id;
    if (typeof m.game_data?.version === "number")
      pushedVersion = Math.max(pushedVersion, m.game_data.version);
    notePvpClock(m, receivedAt);
  }
  queue.push(messages);
}

/**
 * PvP snapshots carry the turn's deadline and the server's time (any answer,
 * channel frame or reconnect snapshot): the clock counts to that deadline on
 * the server's clock, and the idle banner shows the forfeit count.
 */
function notePvpClock(m: StateMessage, receivedAt: number): void {
  const d = m.game_data;
  if (!d?.isPvP) return;
  if (typeof d.server_time === "number") noteServerTime(d.server_time, receivedAt);
  if (typeof d.turn_deadline === "number") pvpDeadline = { turn: d.turn, at: d.turn_deadline };
  if (typeof d.idle_left === "number") pvpStatusStore.set({ idleLeft: d.idle_left });
}

function versionOf(messages: readonly StateMessage[]): number {
  let v = -1;
  for (const m of messages) if (typeof m.game_data?.version === "number") v = m.game_data.version;
  return v;
}

/** A resync's answer: applied only when it moved the game on. */
function pushIfNewer(messages: readonly StateMessage[] | null): void {
  if (messages && messages.length > 0 && versionOf(messages) > pushedVersion) pushStates(messages);
}

/** A channel state list: applied only when it is this game's and newer than anything applied. */
function receivePvpState(data: PvpStateData): boolean {
  const s = store.get();
  // A replay on screen takes no live frame (a late one of the game just watched included).
  if (s.status === "empty" || replaying(s) || data.game_id !== pushedGameId) return false;
  if (data.seq > pushedVersion) {
    notePvpDeadline(data);
    pushStates(data.messages);
  }
  return true;
}

/** product.md section 4: after an enemy timeout in PvP the warning call is sent; the counter restarts at 5. */
function onEnemyTimeout(turn: number): void {
  const b = store.get().shown;
  if (!b) return;
  expiredTurn = turn;
  startTimer("cpu", 5, turn);
  // Sent a moment after the deadline on the server's clock (the offset is
  // trusted to within a second), and only if that turn is still on: the
  // server's own timer usually ends it first, and then nothing is sent.
  setTimeout(() => {
    const now = store.get().shown;
    if (now?.gameId !== b.gameId || now.turn !== turn || now.active !== "cpu") return;
    battleApi.warning(b.gameId).then(
      (messages) => pushIfNewer(messages),
      () => undefined,
    );
  }, WARNING_GRACE_MS);
}

/** How long after the enemy's deadline the warning waits for the server's own timer. */
const WARNING_GRACE_MS = 1_500;
/**
 * The turn whose clock already ran out here: its restart (5 s for the enemy,
 * the full turn for us) counts down on its own, not to the passed deadline
 * (which would end the turn again every second).
 */
let expiredTurn = -1;

setPvpGameHandler({
  state: receivePvpState,
  cancelWarning(gameId) {
    if (replaying() || store.get().shown?.gameId !== gameId) return;
    battleApi.cancelWarning().then(
      (messages) => pushIfNewer(messages),
      () => undefined,
    );
  },
});

// --- starting and leaving ------------------------------------------------------------

let disposeTimer: ReturnType<typeof setTimeout> | null = null;

/** Starts showing a battle from its first messages (the start call's answer, or a resume). */
export function startBattle(messages: readonly StateMessage[]): void {
  queue.clear();
  stopTimer();
  setTempo(1);
  battleStore.reset({ ...initialBattleState(), status: "loading" });
  pushedVersion = -1;
  pvpDeadline = null;
  expiredTurn = -1;
  pushStates(messages);
  resetPvpStatus(pushedGameId || null);
  // The opponent's moves that came over the channel before this screen did.
  for (const data of takeBufferedStates(pushedGameId)) receivePvpState(data);
}

/**
 * On mount: take the pending battle the story started (and clear it), or
 * resume the active one (GET current); with none, back to the map.
 */
export function ensureBattle(): void {
  if (disposeTimer !== null) {
    clearTimeout(disposeTimer);
    disposeTimer = null;
  }
  if (store.get().status !== "empty" || replaying()) return;
  const pending = appStore.get().pendingBattle;
  if (pending) {
    setPendingBattle(null);
    startBattle(pending.messages);
    return;
  }
  store.set({ status: "loading" });
  battleApi.current().then(
    (messages) => {
      if (store.get().status !== "loading") return;
      if (messages && messages.length > 0) startBattle(messages);
      else leaveTo("home");
    },
    (error: unknown) => {
      console.warn("[battle] resume failed:", error instanceof Error ? error.message : error);
      store.set({ status: "gone" });
    },
  );
}

/** On unmount (deferred, so a remount in React's strict mode keeps the battle). */
export function releaseBattle(): void {
  if (disposeTimer !== null) clearTimeout(disposeTimer);
  disposeTimer = setTimeout(() => {
    disposeTimer = null;
    disposeBattle();
  }, 0);
}

/** Stops the queue and the timers and forgets the battle. */
export function disposeBattle(): void {
  queue.clear();
  stopTimer();
  cancelAllAttack();
  if (replaying()) {
    // A replay's half-played animation stops with it; live battles keep the queue's rule.
    cancelWaits();
    setTempo(1);
  }
  clearBattleStore();
}

/** Keeps the deferred dispose of an unmount from taking a replay the screen remounted into. */
export function keepBattle(): void {
  if (disposeTimer !== null) {
    clearTimeout(disposeTimer);
    disposeTimer = null;
  }
}

// --- replays (features/replay drives these) -------------------------------------------

/**
 * Shows a replay's board as it stood after `messages` (every step up to the
 * one shown, in order), at once and without animation: the last snapshot,
 * and the end of the battle if it came. Stepping back and the scrubber
 * rebuild this way; whatever was animating stops where it was.
 */
export function showReplayFrame(messages: readonly StateMessage[]): void {
  queue.clear();
  cancelWaits();
  stopTimer();
  const snapshot = lastSnapshot(messages);
  const shown = snapshot ? shownFromSnapshot(snapshot) : null;
  if (!snapshot || !shown) return;
  let endGame: EndGameMsg | null = null;
  for (const m of messages) if (m.end_game) endGame = mergeEndGame(endGame, m.end_game);
  const before = store.get();
  battleStore.reset({
    ...initialBattleState(),
    mode: "replay",
    status: "ready",
    shown,
    snapshot,
    endGame,
    phase: endGame ? "end_game" : (snapshot.phase ?? "play_card"),
    background:
      before.shown?.gameId === shown.gameId
        ? before.background
        : backgroundFor(shown.cpuId, shown.gameId),
  });
}

/** Animates one replay step's messages as the live battle would; resolves when they are applied. */
export function playReplayMessages(messages: readonly StateMessage[]): Promise<void> {
  if (!replaying()) return Promise.resolve();
  queue.push(messages);
  return queue.drained();
}

function leaveTo(route: "home" | "arena"): void {
  disposeBattle();
  setRoute(route);
}

// --- player actions ------------------------------------------------------------------

/** The player may act: a battle on screen, their phase, no call on its way, no animation playing. */
export function canAct(s: BattleStoreState = store.get()): boolean {
  return (
    s.mode === "live" &&
    s.status === "ready" &&
    !s.awaiting &&
    !s.animating &&
    !s.showEndPanel &&
    s.shown?.active === "player" &&
    isPlayerActing(s.phase)
  );
}

let playsCache: { from: StateMessage | null; plays: CardPlay[] } = { from: null, plays: [] };

/** The playable hand cards of the last snapshot (engine playable.ts). */
export function currentPlays(s: BattleStoreState = store.get()): CardPlay[] {
  if (playsCache.from !== s.snapshot) {
    playsCache = {
      from: s.snapshot,
      plays: s.snapshot ? playableFromSnapshot(s.snapshot, CATALOGUE) : [],
    };
  }
  return playsCache.plays;
}

export function playFor(handKey: number, s: BattleStoreState = store.get()): CardPlay | null {
  return currentPlays(s).find((p) => p.handKey === handKey) ?? null;
}

export function sameTarget(a: PlayTarget, b: PlayTarget): boolean {
  return a.key === b.key && a.side === b.side && (a.key !== "table_key" || a.value === b.value);
}

function sendPlay(handKey: number, cell: number | null, target: PlayTarget | null): void {
  const b = store.get().shown;
  if (!b) return;
  request("play-card", () =>
    battleApi.playCard({
      gameId: b.gameId,
      isPvP: b.isPvP,
      handKey,
      version: b.version,
      cell,
      target,
    }),
  );
}

/**
 * A hand card was clicked, dragged or chosen with Enter. In discard_card it
 * is the discard. A spell without a target is sent at once when clicked; a
 * dragged one waits for its drop on the board. Returns whether it was taken.
 */
export function pickCard(handKey: number, via: "click" | "drag" | "key"): boolean {
  const s = store.get();
  if (!canAct(s)) return false;
  if (s.phase === "discard_card") {
    if (via === "drag") return false;
    discard(handKey);
    return true;
  }
  if (s.pick?.handKey === handKey && via !== "drag") {
    cancelPick();
    return false;
  }
  const play = playFor(handKey, s);
  if (!play) return false;
  const instant = !play.isUnit && !play.needsTarget && via !== "drag";
  dispatch({
    type: "pick",
    kind: play.isUnit ? "unit" : play.needsTarget || via === "drag" ? "spell_target" : "spell_free",
  });
  store.set({ pick: { handKey, card: play.card, isUnit: play.isUnit, via, cell: null } });
  if (!play.isUnit) tutorialStep("PlaySpellCard70", "SpellTarget75");
  if (instant) sendPlay(handKey, null, null);
  return true;
}

export function cancelPick(): void {
  const s = store.get();
  if (!isSelecting(s.phase) && s.phase !== "discard_card") return;
  dispatch({ type: "cancel" });
  store.set({ pick: null });
}

/** An own cell was chosen for the picked unit. */
export function placeAt(cell: number): boolean {
  const s = store.get();
  if (!canAct(s) || s.phase !== "select_unit_target" || !s.pick?.isUnit) return false;
  const play = playFor(s.pick.handKey, s);
  if (!play?.cells.includes(cell)) return false;
  dispatch({ type: "place", thenAim: play.needsTarget });
  if (play.needsTarget) {
    store.set({ pick: { ...s.pick, cell } });
    return true;
  }
  sendPlay(play.handKey, cell, null);
  return true;
}

/** Targets the picked card may take now (none unless a target is being chosen). */
export function currentTargets(s: BattleStoreState = store.get()): PlayTarget[] {
  if (s.phase !== "select_spell_target" || !s.pick) return [];
  return playFor(s.pick.handKey, s)?.targets ?? [];
}

/** A target (a unit or a castle) was chosen for the picked card. */
export function aimAt(target: PlayTarget): boolean {
  const s = store.get();
  if (!canAct(s) || s.phase !== "select_spell_target" || !s.pick) return false;
  const play = playFor(s.pick.handKey, s);
  if (!play) return false;
  if (!play.needsTarget) return dropOnBoard();
  if (!play.targets.some((t) => sameTarget(t, target))) return false;
  dispatch({ type: "aim", unit: play.isUnit });
  if (target.key !== "table_key") tutorialStep("SpellTarget75", "BattleFinish80");
  sendPlay(play.handKey, play.isUnit ? s.pick.cell : null, target);
  return true;
}

/** A spell that takes no target was dropped (or clicked) anywhere on the board. */
export function dropOnBoard(): boolean {
  const s = store.get();
  if (!canAct(s) || s.phase !== "select_spell_target" || !s.pick || s.pick.isUnit) return false;
  const play = playFor(s.pick.handKey, s);
  if (!play || play.needsTarget) return false;
  dispatch({ type: "aim", unit: false });
  sendPlay(play.handKey, null, null);
  return true;
}

/** May this own unit be flagged attack now? */
export function mayFlag(cell: number, s: BattleStoreState = store.get()): boolean {
  return canAct(s) && s.phase !== "discard_card" && s.shown?.player.table[cell]?.ready === true;
}

/** Attack (true) or defence (false) for an own unit; without a value, a click: flips it. */
export function setAttack(cell: number, value?: boolean): boolean {
  const s = store.get();
  if (!mayFlag(cell, s)) return false;
  const attack = s.attack.slice();
  attack[cell] = value ?? !attack[cell];
  if (attack[cell] === s.attack[cell]) return false;
  store.set({ attack });
  if (attack[cell]) tutorialStep("SelectAttack60", "EndTurnBattle65");
  return true;
}

let allAttackTimers: ReturnType<typeof setTimeout>[] = [];

function cancelAllAttack(): void {
  for (const t of allAttackTimers) clearTimeout(t);
  allAttackTimers = [];
}

/** Every eligible unit to attack, one after another 100 ms apart. */
export function allAttack(): void {
  const s = store.get();
  if (!canAct(s)) return;
  cancelAllAttack();
  const cells = (s.shown?.player.table ?? [])
    .map((u, cell) => (u?.ready && !s.attack[cell] ? cell : -1))
    .filter((c) => c >= 0);
  cells.forEach((cell, i) => {
    allAttackTimers.push(setTimeout(() => setAttack(cell, true), i * TIMINGS.allAttackGap));
  });
}

/**
 * The end-turn button, E or the timer. Above 6 cards without a discard named
 * it asks for one ("Discard a card!"); otherwise the end-turn call carries the
 * attack flags.
 */
export function endTurn(discardKey?: number): void {
  const s = store.get();
  if (!canAct(s) || s.phase === "discard_card" || !s.shown) return;
  const mustDiscard = s.shown.player.hand.length > MAX_HAND_AT_END_TURN && discardKey === undefined;
  if (s.pick) dispatch({ type: "cancel" });
  dispatch({ type: "end_turn", mustDiscard });
  if (mustDiscard) {
    showMessage(MESSAGES.discardCard, "discard", TIMINGS.discardMessage);
    return;
  }
  sendEndTurn(discardKey ?? null);
}

/** In discard_card: this card is discarded and the turn ends. */
export function discard(handKey: number): void {
  const s = store.get();
  if (!canAct(s) || s.phase !== "discard_card") return;
  if (!s.shown?.player.hand.some((h) => h.key === handKey)) return;
  dispatch({ type: "discard" });
  if (s.message?.kind === "discard") store.set({ message: null });
  sendEndTurn(handKey);
}

function sendEndTurn(discardKey: number | null): void {
  const s = store.get();
  const b = s.shown;
  if (!b) return;
  cancelAllAttack();
  stopTimer();
  sounds.endTurn();
  endTurnAt = Date.now();
  // Ending a turn switches the tutorial off until the opponent's turn is over.
  const { tutorial } = appStore.get();
  if (tutorial.isActive) appStore.set({ tutorial: { ...tutorial, isActive: false } });
  const attack = s.attack.map((on, cell) => on && b.player.table[cell]?.ready === true);
  request("end-turn", () =>
    battleApi.endTurn({
      gameId: b.gameId,
      isPvP: b.isPvP,
      attack,
      discard: discardKey,
      version: b.version,
    }),
  );
}

/** Surrender is blocked in give_up and end_game and while the tutorial runs (product.md section 5; the live flag of the app state). */
export function surrenderBlocked(s: BattleStoreState = store.get()): boolean {
  const app = appStore.get();
  return (
    s.mode === "replay" ||
    s.status !== "ready" ||
    s.phase === "give_up" ||
    s.phase === "end_game" ||
    s.showEndPanel ||
    app.tutorial.isActive ||
    tutorialRunning()
  );
}

/** Asks "Are you sure want to surrender?"; OK gives up. */
export function surrender(): void {
  if (surrenderBlocked()) return;
  store.set({ menuOpen: false });
  showSystemMessage(SURRENDER_TEXT, "dialog", () => {
    const s = store.get();
    if (surrenderBlocked(s) || !s.shown) return;
    const { gameId, isPvP } = s.shown;
    cancelAllAttack();
    stopTimer();
    dispatch({ type: "give_up" });
    request("giveup", () => battleApi.giveUp({ gameId, isPvP }));
  });
}

export function setMenuOpen(menuOpen: boolean): void {
  store.set({ menuOpen });
}

let finishing = false;

/** Is the battle on screen a deck challenge (features/replay/deck-challenge.ts)? */
export function isPracticeBattle(s: BattleStoreState = store.get()): boolean {
  const practice = appStore.get().practice;
  return practice !== null && s.shown !== null && practice.gameId === s.shown.gameId;
}

/**
 * The end-of-game button: music stops, the user is refreshed, the story
 * moves to its after-battle part (not for PvP, opponent 21 or a deck
 * challenge), the battle is forgotten and the player goes home (or to the
 * arena). With "replay" (the end panel's Watch replay) the replay viewer
 * opens instead, and its Close goes where Continue would have.
 */
export async function finishBattle(then: "leave" | "replay" = "leave"): Promise<void> {
  const s = store.get();
  if (!s.showEndPanel || !s.shown || finishing) return;
  finishing = true;
  try {
    const { isPvP, cpuId, gameId } = s.shown;
    const practice = isPracticeBattle(s);
    const winner = s.endGame?.winner ?? null;
    appStore.set((app) => ({ music: { ...app.music, playBattle: false, playMenu: true } }));
    const details = await api.playerDetails();
    if (details.data) setUser(details.data);
    const arena = isPvP || cpuId === ARENA_BOT_ID;
    if (practice) setPractice(null);
    if (!arena && !practice) {
      const story = appStore.get().cpuStory;
      const chapter = chapterOfOpponent(cpuId);
      setCpuStory({
        action: "after",
        winner,
        ...(story.cpuId === cpuId
          ? {}
          : {
              cpuId,
              story: chapter?.level ?? null,
              cpuNumber: chapter ? chapter.opponents.indexOf(cpuId) + 1 : null,
            }),
      });
    }
    // A friendly game (features/friends) needs no arena level: back to the map.
    const back = arena && !s.shown.friendly ? "arena" : "home";
    if (then === "replay") {
      disposeBattle();
      setReplay({ source: { kind: "own", id: gameId }, returnTo: back });
    } else leaveTo(back);
  } finally {
    finishing = false;
  }
}

/** Tests: wait until the queue has applied everything. */
export function queueDrained(): Promise<void> {
  return queue.drained();
}
