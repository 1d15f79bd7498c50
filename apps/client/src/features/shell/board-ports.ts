import { disposeBattle, keepBattle } from "../battle/battle-lifecycle.ts";
import { setTempo, wait } from "../battle/battle-queue.ts";
import { playReplayMessages, showReplayFrame } from "../battle/replay-board.ts";
import { connectReplayBoard } from "../replay/replay-player.ts";
import { connectWatchBoard } from "../social/watch-player.ts";

/**
 * The replay viewer (features/replay) and a watched game (features/social)
 * are shown on the battle's board in replay mode (features/battle
 * replay-board.ts). Neither feature imports the battle: the shell connects
 * them here. Called by every module that can show them before they run.
 */
export function connectBoards(): void {
  connectReplayBoard({
    showFrame: showReplayFrame,
    play: playReplayMessages,
    dispose: disposeBattle,
    keep: keepBattle,
    setTempo,
    wait,
  });
  connectWatchBoard({ show: showReplayFrame, dispose: disposeBattle, keep: keepBattle });
}
