import type { StateMessage } from "@cardrealm/engine";
import { useEffect, useState } from "react";
import { playClick } from "../../lib/audio.ts";
import { storyApi } from "./story-api.ts";
import { resumeBattle, runningBattleName } from "./story-flow.ts";

/** Asks the server once per map visit whether a story battle is still running. */
export function useRunningBattle(): StateMessage[] | null {
  const [messages, setMessages] = useState<StateMessage[] | null>(null);
  useEffect(() => {
    let live = true;
    storyApi
      .current()
      .then((m) => {
        if (live && Array.isArray(m) && m.length > 0) setMessages(m);
      })
      .catch(() => {
        // No answer: simply no banner; starting a new battle reports a running one.
      });
    return () => {
      live = false;
    };
  }, []);
  return messages;
}

/** "Resume battle": back into a story battle that is still running on the server. */
export function ResumeBanner({ messages }: { messages: StateMessage[] }) {
  const name = runningBattleName(messages);
  return (
    <div className="resume-banner" role="status" data-testid="resume-banner">
      <span className="resume-banner__swords" aria-hidden="true">
        ⚔
      </span>
      <span className="resume-banner__text">
        Your battle against <strong>{name}</strong> is still raging.
      </span>
      <button
        type="button"
        className="btn btn--gold resume-banner__btn"
        onClick={() => {
          playClick();
          resumeBattle(messages);
        }}
        data-testid="resume-battle"
      >
        Resume battle
      </button>
    </div>
  );
}
