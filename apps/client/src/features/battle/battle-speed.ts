import { readStorage, STORAGE_KEYS, writeStorage } from "../../lib/storage.ts";
import { createStore, useStore } from "../../stores/create-store.ts";
import { setTempo } from "./battle-queue.ts";
import { replaying } from "./board-stage.ts";

/**
 * The battle speed switch of the battle menu (issue 26, docs/battle-pace.md):
 * 1x is product.md's pace, 2x halves every wait of the board (the reading
 * pauses, the animations' waits, the gaps between messages) through the
 * queue's tempo. Remembered on this device, like the music switch. A replay
 * keeps its own speed (features/replay).
 */
export type BattleSpeed = 1 | 2;

function storedSpeed(): BattleSpeed {
  return readStorage(STORAGE_KEYS.battleSpeed) === "2" ? 2 : 1;
}

const speedStore = createStore<{ speed: BattleSpeed }>({ speed: storedSpeed() });

export function battleSpeed(): BattleSpeed {
  return speedStore.get().speed;
}

export function useBattleSpeed(): BattleSpeed {
  return useStore(speedStore, (s) => s.speed);
}

/** Switches the live battle's speed now and remembers it. */
export function setBattleSpeed(speed: BattleSpeed): void {
  writeStorage(STORAGE_KEYS.battleSpeed, String(speed));
  speedStore.set({ speed });
  if (!replaying()) setTempo(speed);
}

/** Tests: the speed as stored on this device again. */
export function reloadBattleSpeed(): void {
  speedStore.set({ speed: storedSpeed() });
}
