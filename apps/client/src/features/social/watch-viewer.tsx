import { type ComponentType, type ReactNode, useEffect } from "react";
import { useBattleStore } from "../../stores/battle-store.ts";
import { stopWatch, watchBoard } from "./watch-player.ts";
import { WatchBar, WatchedHand, WatchWaiting } from "./watch-screen.tsx";

/**
 * A friend's PvP game being watched a turn behind (issue 24 item 4): the
 * battle's read-only board (`Board`, the shell's: features/battle) with the
 * watch's bar and the watched player's card backs.
 */
export function WatchViewer({
  Board,
}: {
  Board: ComponentType<{ bar: ReactNode; hand: ReactNode }>;
}) {
  const ready = useBattleStore((s) => s.mode === "replay" && s.shown !== null);
  useEffect(() => {
    watchBoard().keep();
    return stopWatch;
  }, []);
  if (!ready) return <WatchWaiting />;
  return <Board bar={<WatchBar />} hand={<WatchedHand />} />;
}
