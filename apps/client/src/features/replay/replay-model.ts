import type { StateMessage } from "@cardrealm/engine";
import type { ReplayStep } from "@cardrealm/protocol";

/**
 * The replay's arithmetic, apart from the screen: which steps make a turn,
 * where the scrubber jumps, what board a step shows. A step is one action
 * and the messages its seat received for it; step 0 is the start snapshot.
 * The viewer's cursor is the index of the last step applied.
 */

/** A turn on the scrubber: its number and the cursor that shows its start. */
export interface TurnMark {
  turn: number;
  /** The step whose board is the turn's start (the previous turn's last step, or 0). */
  cursor: number;
}

/** One mark per turn, in order: the board as the turn began. */
export function turnMarks(steps: readonly ReplayStep[]): TurnMark[] {
  const marks: TurnMark[] = [];
  steps.forEach((step, i) => {
    const last = marks[marks.length - 1];
    if (last && last.turn === step.turn) return;
    if (i === 0) {
      marks.push({ turn: step.turn, cursor: 0 });
      return;
    }
    // A turn's first action starts from the board its previous step left.
    marks.push({ turn: step.turn, cursor: i - 1 });
  });
  // The start snapshot and the first turn's first action share a board: one mark for both.
  const [first, second] = marks;
  if (first && second && first.cursor === second.cursor) marks.shift();
  return marks;
}

/** The cursor that shows the start of `turn` (the nearest turn at or before it). */
export function cursorForTurn(steps: readonly ReplayStep[], turn: number): number {
  let cursor = 0;
  for (const mark of turnMarks(steps)) {
    if (mark.turn > turn) break;
    cursor = mark.cursor;
  }
  return cursor;
}

/** The turn the scrubber shows at a cursor: the turn whose mark is the last at or before it. */
export function turnAt(steps: readonly ReplayStep[], cursor: number): number {
  let turn = steps[0]?.turn ?? 0;
  for (const mark of turnMarks(steps)) {
    if (mark.cursor > cursor) break;
    turn = mark.turn;
  }
  return turn;
}

/** Every message from the start up to and including step `cursor`, in order. */
export function messagesUpTo(steps: readonly ReplayStep[], cursor: number): StateMessage[] {
  const out: StateMessage[] = [];
  for (let i = 0; i <= cursor && i < steps.length; i++) out.push(...(steps[i]?.messages ?? []));
  return out;
}

/** What a step was, in the game's words (the bar's caption). */
export function stepCaption(
  step: ReplayStep | undefined,
  names: { player: string; opponent: string },
): string {
  if (!step) return "";
  const who = step.by === "player" ? names.player : names.opponent;
  switch (step.kind) {
    case "start":
      return "The battle begins";
    case "play_card":
      return `${who} plays a card`;
    case "end_turn":
      return `${who} ends the turn`;
    case "give_up":
      return `${who} surrenders`;
    case "timeout":
      return `${who} ran out of time`;
  }
}

/** The speeds the viewer offers. */
export const REPLAY_SPEEDS = [1, 2, 4] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];
