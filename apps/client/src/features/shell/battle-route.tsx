import type { ReactNode } from "react";
import { useAppStore } from "../../stores/app-store.ts";
import { PvpBanner } from "../arena/pvp-banner.tsx";
import { VersusScreen } from "../arena/versus-screen.tsx";
import BattleScreen, { BattleLayout } from "../battle/battle-screen.tsx";
import { type BattleSlots, BattleSlotsContext } from "../battle/battle-slots.tsx";
import { PracticeActions } from "../deck/practice-actions.tsx";
import { RematchButton } from "../friends/rematch-button.tsx";
import { ReplayViewer } from "../replay/replay-viewer.tsx";
import { EmoteBar } from "../social/emote-bar.tsx";
import { useWatch } from "../social/watch-store.ts";
import { WatchViewer } from "../social/watch-viewer.tsx";
import { connectBoards } from "./board-ports.ts";

connectBoards();

/** What the other features put on a live battle (features/battle battle-slots.tsx). */
const LIVE_SLOTS: BattleSlots = {
  banners: (
    <>
      <PvpBanner />
      <EmoteBar />
    </>
  ),
  cover: <VersusScreen />,
  practiceEnd: <PracticeActions />,
  rematch: (gameId) => <RematchButton gameId={gameId} />,
};

function ReplayBoard({ bar }: { bar: ReactNode }) {
  return <BattleLayout mode="replay" bar={bar} />;
}

function WatchBoard({ bar, hand }: { bar: ReactNode; hand: ReactNode }) {
  return <BattleLayout mode="watch" bar={bar} hand={hand} />;
}

/**
 * The battle screen (route "game"): a friend's game watched (features/social),
 * the replay viewer (features/replay) or the battle being played, on the
 * battle's board (features/battle) with what the arena, social, deck and
 * friends features add to it.
 */
export default function BattleRoute() {
  const replaying = useAppStore((s) => s.replay !== null);
  const watching = useWatch((s) => s.gameId !== null);
  if (watching) return <WatchViewer Board={WatchBoard} />;
  if (replaying) return <ReplayViewer Board={ReplayBoard} />;
  return (
    <BattleSlotsContext.Provider value={LIVE_SLOTS}>
      <BattleScreen />
    </BattleSlotsContext.Provider>
  );
}
