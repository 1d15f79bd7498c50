import { IDLE_FORFEIT } from "@cardrealm/engine";
import { useEffect, useState } from "react";
import { usePvpStatus } from "../../lib/realtime/pvp-game-channel.ts";
import { secondsUntil } from "../../lib/realtime/server-clock.ts";
import { useBattleStore } from "../../stores/battle-store.ts";
import "./pvp-banner.css";

/**
 * The PvP game's connection state over the battle (docs/realtime.md): the
 * opponent dropped (their 60 s reconnection countdown) or our own channel is
 * down (reconnecting every 2 s). Nothing in other battles.
 */
export function PvpBanner() {
  const game = useBattleStore((s) => (s.shown?.isPvP ? s.shown.gameId : null));
  const awayUntil = usePvpStatus((s) => (s.gameId === game ? s.opponentAwayUntil : null));
  const down = usePvpStatus((s) => s.channelDown);
  const idleLeft = usePvpStatus((s) => (s.gameId === game ? s.idleLeft : null));
  const ended = useBattleStore((s) => s.endGame !== null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (awayUntil === null) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [awayUntil]);

  if (!game || ended) return null;
  if (down) {
    return (
      <div className="pvp-banner pvp-banner--self" role="status" data-testid="pvp-reconnecting">
        <span className="pvp-banner__spinner" aria-hidden="true" />
        Connection lost. Reconnecting…
      </div>
    );
  }
  if (awayUntil === null) {
    // Our own turns timed out: say how many more forfeit the game.
    if (idleLeft === null || idleLeft >= IDLE_FORFEIT) return null;
    return (
      <div className="pvp-banner pvp-banner--self" role="status" data-testid="pvp-idle-warning">
        <span>
          Your turn timed out.{" "}
          {idleLeft <= 1
            ? "One more missed turn and you lose this battle."
            : `${idleLeft} more missed turns in a row and you lose this battle.`}
        </span>
      </div>
    );
  }
  // reconnect_until is on the server's clock (lib/realtime/server-clock.ts).
  const left = secondsUntil(awayUntil, now);
  return (
    <div className="pvp-banner" role="status" data-testid="pvp-opponent-away">
      <span className="pvp-banner__spinner" aria-hidden="true" />
      <span>
        Opponent disconnected. Waiting for them to return:{" "}
        <strong data-testid="pvp-opponent-countdown">{left}</strong> s
      </span>
    </div>
  );
}
