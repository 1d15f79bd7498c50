import type { StateMessage } from "@cardrealm/engine";
import { useEffect } from "react";
import { opponentPortrait } from "../../components/art/portrait.ts";
import { createStore, useStore } from "../../stores/create-store.ts";
import { rankLabel } from "./rank-display.tsx";
import "./versus.css";

/** How long the versus screen shows before the battle (issue 24 item 6: 2-3 s). */
export const VERSUS_MS = 2500;

export interface VersusSide {
  name: string;
  /** bronze ... champions; null when the server did not say. */
  rank: string | null;
  portrait: string;
}

export interface Versus {
  player: VersusSide;
  opponent: VersusSide;
}

const versusStore = createStore<{ shown: Versus | null }>({ shown: null });

/**
 * Both sides of an arena game's opening messages: the names and ranks the
 * server put in game_data, and the portraits each player sees of the other
 * (a player's avatar from the name; the bot passes for one).
 */
export function versusFrom(messages: readonly StateMessage[]): Versus | null {
  const d = messages.find((m) => m.game_data?.playerName)?.game_data;
  if (!d?.isPvP) return null;
  const side = (name: string, rank: string | undefined): VersusSide => ({
    name,
    rank: rank ?? null,
    portrait: opponentPortrait(0, name),
  });
  return { player: side(d.playerName, d.player_rank), opponent: side(d.cpuName, d.cpu_rank) };
}

/** An arena battle is about to open: the versus screen shows over it for VERSUS_MS. */
export function showVersus(v: Versus | null): void {
  versusStore.set({ shown: v });
}

export function hideVersus(): void {
  versusStore.set({ shown: null });
}

function Side({ side, seat }: { side: VersusSide; seat: "player" | "opponent" }) {
  return (
    <div className={`versus__side versus__side--${seat}`} data-testid={`versus-${seat}`}>
      <img className="versus__portrait" src={side.portrait} alt="" draggable={false} />
      <b className="versus__name">{side.name}</b>
      {side.rank && <span className="versus__rank">{rankLabel(side.rank)}</span>}
    </div>
  );
}

/**
 * Before a PvP (or bot) game: both names, portraits and ranks for 2.5 s,
 * over the battle screen that is already live beneath. With reduced motion
 * it still shows, without sliding in.
 */
export function VersusScreen() {
  const v = useStore(versusStore, (s) => s.shown);
  useEffect(() => {
    if (!v) return;
    const t = setTimeout(hideVersus, VERSUS_MS);
    return () => clearTimeout(t);
  }, [v]);
  if (!v) return null;
  return (
    <div
      className="versus"
      data-testid="versus-screen"
      role="dialog"
      aria-modal="true"
      aria-label={`${v.player.name} versus ${v.opponent.name}`}
    >
      <Side side={v.player} seat="player" />
      <span className="versus__vs" aria-hidden="true">
        VS
      </span>
      <Side side={v.opponent} seat="opponent" />
    </div>
  );
}
