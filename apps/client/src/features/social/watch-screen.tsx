import { CardBacks } from "../../components/card/card-backs.tsx";
import { useBattleStore } from "../../stores/battle-store.ts";
import { closeWatch, useWatch } from "./watch-player.ts";
import "./social.css";

/** The watched player's hand at the bottom: backs only, as many as they hold. */
export function WatchedHand() {
  const count = useBattleStore((s) => s.shown?.player.handCount ?? 0);
  return (
    <div
      className="enemy-hand watched-hand"
      role="img"
      aria-label={`${count} cards in hand`}
      data-testid="watched-hand"
    >
      <CardBacks count={count} fan={-1} />
    </div>
  );
}

/** Over the watched board: who plays whom, how far behind, the end, and Leave. */
export function WatchBar() {
  const view = useWatch((s) => s.view);
  if (!view) return null;
  const [bottom, top] = view.sides;
  const result = !view.over
    ? `Turn ${view.shown_turn} (the game is on turn ${view.live_turn}: you watch a turn behind)`
    : view.winner === null || view.winner === undefined
      ? "The game ended in a draw."
      : `${view.sides[view.winner].nickname} won.`;
  return (
    <section className="watch-bar" aria-label="Watching" data-testid="watch-bar">
      <p className="watch-bar__title">
        Watching <strong>{bottom.nickname}</strong> vs <strong>{top.nickname}</strong>
      </p>
      <p className="watch-bar__turn" data-testid="watch-turn" data-shown-turn={view.shown_turn}>
        {result}
      </p>
      <p className="watch-bar__count" data-testid="watch-count">
        {view.watchers} watching
      </p>
      <button
        type="button"
        className="btn btn--gold watch-bar__leave"
        onClick={closeWatch}
        data-testid="watch-leave"
      >
        Leave
      </button>
    </section>
  );
}

/** While there is no board to show: loading, the first turn still running, or why not. */
export function WatchWaiting() {
  const status = useWatch((s) => s.status);
  const error = useWatch((s) => s.error);
  const view = useWatch((s) => s.view);
  return (
    <div className="battle battle--loading" data-testid="battle-screen" data-status="watch-waiting">
      {status === "error" ? (
        <div className="battle-loading panel replay-error" role="alert" data-testid="watch-error">
          <p>{error}</p>
          <div className="replay-error__actions">
            <button type="button" className="btn btn--gold" onClick={closeWatch}>
              Back
            </button>
          </div>
        </div>
      ) : (
        <div className="battle-loading" role="status" data-testid="watch-loading">
          <span className="battle-loading__sigil" aria-hidden="true" />
          <p>
            {view
              ? `Watching ${view.sides[0].nickname} vs ${view.sides[1].nickname}: the board appears when the first turn is over (you watch a turn behind).`
              : "Finding your friend's game…"}
          </p>
          <button
            type="button"
            className="btn btn--gold"
            onClick={closeWatch}
            data-testid="watch-leave"
          >
            Leave
          </button>
        </div>
      )}
    </div>
  );
}
