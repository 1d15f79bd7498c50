import { EMOTE_TEXT, EMOTES } from "@cardrealm/protocol";
import { useEffect, useState } from "react";
import { useBattleStore } from "../../stores/battle-store.ts";
import { type Bubble, followGame, sendEmote, setMuted, useEmotes } from "./emote-store.ts";
import "./social.css";

/** An emote's bubble by a portrait ("mine" by ours, "theirs" by the opponent's). */
function EmoteBubble({ who, bubble }: { who: "mine" | "theirs"; bubble: Bubble | null }) {
  if (!bubble) return null;
  return (
    <div
      key={bubble.id}
      className={`emote-bubble emote-bubble--${who}`}
      role="status"
      data-testid={`emote-bubble-${who}`}
      data-emote={bubble.emote}
    >
      {EMOTE_TEXT[bubble.emote]}
    </div>
  );
}

/**
 * The emotes of a PvP battle (issue 24 item 5): the two bubbles, the bar
 * (six emotes behind one button, greyed for the 3 s gap), the
 * mute-opponent switch and "N watching". Nothing in other battles.
 */
export function EmoteBar() {
  const gameId = useBattleStore((s) => (s.shown?.isPvP ? s.shown.gameId : null));
  const ended = useBattleStore((s) => s.endGame !== null);
  const mine = useEmotes((s) => s.mine);
  const theirs = useEmotes((s) => s.theirs);
  const muted = useEmotes((s) => s.muted);
  const readyAt = useEmotes((s) => s.readyAt);
  const error = useEmotes((s) => s.error);
  const watchers = useEmotes((s) => s.watchers);
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    followGame(gameId);
  }, [gameId]);
  // Re-enable the emotes when the gap has passed.
  useEffect(() => {
    const left = readyAt - Date.now();
    if (left <= 0) return;
    const t = setTimeout(() => setNow(Date.now()), left + 20);
    return () => clearTimeout(t);
  }, [readyAt]);

  if (!gameId) return null;
  const waiting = now < readyAt && Date.now() < readyAt;
  return (
    <>
      <EmoteBubble who="theirs" bubble={theirs} />
      <EmoteBubble who="mine" bubble={mine} />
      {watchers > 0 && (
        <div className="watchers-pill" role="status" data-testid="watchers-count">
          {watchers} watching
        </div>
      )}
      {!ended && (
        <div className="emote-bar" data-testid="emote-bar">
          <button
            type="button"
            className="emote-bar__toggle"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            data-testid="emote-toggle"
          >
            Emotes
          </button>
          {open && (
            <div className="emote-bar__menu" role="menu" aria-label="Emotes">
              {EMOTES.map((id) => (
                <button
                  key={id}
                  type="button"
                  role="menuitem"
                  className="emote-bar__emote"
                  disabled={waiting}
                  data-testid={`emote-${id}`}
                  onClick={() => {
                    setNow(Date.now());
                    void sendEmote(id);
                    setOpen(false);
                  }}
                >
                  {EMOTE_TEXT[id]}
                </button>
              ))}
              <button
                type="button"
                role="menuitemcheckbox"
                aria-checked={muted}
                className="emote-bar__mute"
                data-testid="emote-mute"
                onClick={() => setMuted(!muted)}
              >
                {muted ? "Opponent muted" : "Mute opponent"}
              </button>
            </div>
          )}
          {error && (
            <p className="emote-bar__error" role="alert" data-testid="emote-error">
              {error}
            </p>
          )}
        </div>
      )}
    </>
  );
}
