import { appStore } from "../../stores/app-store.ts";
import { closeReplay, loadReplay, useReplayPlayer } from "./replay-player.ts";

/** While a replay loads: the battle screen's sigil; when it fails: what happened and what to do. */
export function ReplayLoading() {
  const status = useReplayPlayer((s) => s.status);
  const error = useReplayPlayer((s) => s.error);
  const retry = () => {
    const request = appStore.get().replay;
    if (request) void loadReplay(request.source);
  };
  return (
    <div
      className="battle battle--loading"
      data-testid="battle-screen"
      data-status="replay-loading"
    >
      {status === "error" ? (
        <div className="battle-loading panel replay-error" role="alert" data-testid="replay-error">
          <p>{error}</p>
          <div className="replay-error__actions">
            <button type="button" className="btn btn--purple" onClick={retry}>
              Try again
            </button>
            <button type="button" className="btn btn--gold" onClick={() => closeReplay()}>
              Back
            </button>
          </div>
        </div>
      ) : (
        <div className="battle-loading" role="status" data-testid="replay-loading">
          <span className="battle-loading__sigil" aria-hidden="true" />
          <p>Unrolling the battle scroll…</p>
        </div>
      )}
    </div>
  );
}
