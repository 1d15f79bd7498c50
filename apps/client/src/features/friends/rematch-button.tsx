import { useState } from "react";
import { playClick } from "../../lib/audio.ts";
import { useStore } from "../../stores/create-store.ts";
import { friendsApi } from "./friends-api.ts";
import { errorText } from "./friends-panel.tsx";
import { friendsStore, startFriendlyBattle } from "./friends-store.ts";

/**
 * Rematch, on a friendly game's end panel (issue 24): both players press
 * it and one new game starts (the server makes exactly one). Self-contained:
 * the end panel only places it.
 */
export function RematchButton({ gameId }: { gameId: string }) {
  const asked = useStore(friendsStore, (s) => s.rematchAsked.includes(gameId));
  const [state, setState] = useState<"idle" | "waiting" | "error">("idle");
  const [error, setError] = useState<string | null>(null);
  const press = async () => {
    playClick();
    setState("waiting");
    setError(null);
    try {
      const r = await friendsApi.rematch(gameId);
      if (r.result === "start_game" && r.messages) startFriendlyBattle(r.messages);
    } catch (err) {
      setState("error");
      setError(errorText(err));
    }
  };
  return (
    <div className="rematch" data-testid="rematch">
      {asked && state !== "waiting" && (
        <p className="rematch__asked" role="status" data-testid="rematch-asked">
          Your opponent wants a rematch!
        </p>
      )}
      <button
        type="button"
        className={`btn btn--gold rematch__button${asked ? " rematch__button--asked" : ""}`}
        disabled={state === "waiting"}
        onClick={() => void press()}
        data-testid="rematch-button"
      >
        {state === "waiting" ? (
          <>
            <span className="friends-spinner" aria-hidden="true" /> Waiting for opponent
          </>
        ) : (
          "Rematch"
        )}
      </button>
      {error && (
        <p className="friends-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
