import { type ComponentType, type ReactNode, useEffect } from "react";
import { appStore } from "../../stores/app-store.ts";
import { useBattleStore } from "../../stores/battle-store.ts";
import { ReplayBar } from "./replay-bar.tsx";
import { ReplayLoading } from "./replay-loading.tsx";
import { loadReplay, replayBoard, stopReplay, useReplayPlayer } from "./replay-player.ts";

/**
 * A finished battle being watched (issue 16): loads it, then shows the
 * battle's read-only board (`Board`, the shell's: features/battle) with the
 * replay's own bar.
 */
export function ReplayViewer({ Board }: { Board: ComponentType<{ bar: ReactNode }> }) {
  const ready = useBattleStore((s) => s.mode === "replay" && s.shown !== null);
  const status = useReplayPlayer((s) => s.status);

  useEffect(() => {
    // The battle this replaces (Watch replay on its end panel) must not take the replay with it.
    replayBoard().keep();
    const request = appStore.get().replay;
    if (request) void loadReplay(request.source);
    return stopReplay;
  }, []);

  if (!ready || status !== "ready") return <ReplayLoading />;
  return <Board bar={<ReplayBar />} />;
}
