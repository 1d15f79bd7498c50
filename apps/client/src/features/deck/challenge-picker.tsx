import type { PracticeOpponent } from "@cardrealm/protocol";
import { useState } from "react";
import { ApiError } from "../../lib/api.ts";
import { playClick } from "../../lib/audio.ts";
import { useLoad } from "../../lib/use-load.ts";
import { startDeckChallenge } from "./deck-challenge.ts";
import { practiceApi } from "./practice-api.ts";

type Foes =
  | { status: "loading" }
  | { status: "ready"; opponents: PracticeOpponent[] }
  | { status: "error"; text: string };

/**
 * "Play this deck against a bot" (issue 16): the computer opponents the
 * player has met, portraits and names; a click starts the practice battle
 * with the shared deck as it is.
 */
export function ChallengePicker({
  deckCode,
  onStarted,
  onBack,
}: {
  deckCode: string;
  /** The battle started (the offer closes). */
  onStarted: () => void;
  onBack: () => void;
}) {
  const [loaded, retry] = useLoad(practiceApi.opponents);
  const [starting, setStarting] = useState<number | null>(null);
  const [error, setErrorText] = useState<string | null>(null);
  const foes: Foes =
    loaded.status === "ready"
      ? { status: "ready", opponents: loaded.value }
      : loaded.status === "error"
        ? {
            status: "error",
            text:
              loaded.error instanceof ApiError && loaded.error.status !== 0
                ? loaded.error.message
                : "The opponents could not be summoned. Check your connection and try again.",
          }
        : loaded;

  const fight = async (cpuId: number) => {
    playClick();
    if (starting !== null) return;
    setStarting(cpuId);
    setErrorText(null);
    try {
      await startDeckChallenge(deckCode, cpuId);
      onStarted();
    } catch (e) {
      setErrorText(e instanceof ApiError ? e.message : "The battle could not start. Try again.");
    } finally {
      setStarting(null);
    }
  };

  return (
    <div className="deck-dialog__result" data-testid="challenge-picker">
      <p className="deck-dialog__hint">
        Play this deck as it is, every card included, against a foe you have met. A practice battle:
        no gems, no rank, nothing lost.
      </p>
      {foes.status === "loading" && (
        <p className="challenge-loading" role="status">
          <span className="challenge-loading__sigil" aria-hidden="true" />
          Summoning your opponents…
        </p>
      )}
      {foes.status === "error" && (
        <p className="form-error" role="alert">
          {foes.text}{" "}
          <button type="button" className="btn btn--ghost" onClick={retry}>
            Try again
          </button>
        </p>
      )}
      {foes.status === "ready" && foes.opponents.length === 0 && (
        <p className="deck-dialog__hint" role="status">
          You have not met any opponent yet. Fight the first boss of the story, then come back.
        </p>
      )}
      {foes.status === "ready" && foes.opponents.length > 0 && (
        <ul className="challenge-foes" aria-label="Choose an opponent">
          {foes.opponents.map((o) => (
            <li key={o.cpu_id}>
              <button
                type="button"
                className="challenge-foe"
                disabled={starting !== null}
                data-testid={`challenge-foe-${o.cpu_id}`}
                aria-label={`Fight ${o.name}`}
                onClick={() => void fight(o.cpu_id)}
              >
                <img src={o.avatar} alt="" draggable={false} />
                <span className="challenge-foe__name">
                  {starting === o.cpu_id ? "Starting…" : o.name}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="form-error" role="alert">
        {error ?? ""}
      </p>
      <div className="deck-dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onBack}>
          Back
        </button>
      </div>
    </div>
  );
}
