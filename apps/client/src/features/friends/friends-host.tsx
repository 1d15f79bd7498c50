import { useEffect, useState } from "react";
import { StagePortal } from "../../components/modal/stage-portal.tsx";
import { playClick } from "../../lib/audio.ts";
import { serverNow } from "../../lib/realtime/server-clock.ts";
import { useStore } from "../../stores/create-store.ts";
import { DeckSlotPicker, useActiveDeck } from "./deck-slot-picker.tsx";
import { friendsApi } from "./friends-api.ts";
import { errorText, FriendsPanel } from "./friends-panel.tsx";
import {
  type ChallengeShown,
  friendsStore,
  openFriends,
  showFriendsNotice,
  startFriendlyBattle,
} from "./friends-store.ts";
import "./friends.css";

export const FRIEND_PARAM = "friend";
export const CHALLENGE_PARAM = "challenge";

/** Drops a link's parameter so a reload does not act on it again. */
function forgetParam(name: string): void {
  try {
    const url = new URL(window.location.href);
    url.searchParams.delete(name);
    window.history.replaceState(window.history.state, "", url.toString());
  } catch {
    // Old browsers: the link simply acts again on reload (both calls are safe to repeat).
  }
}

/** Seconds left until `at` (the server's clock), ticking. */
function useSecondsLeft(at: number): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const t = setInterval(() => setNow(serverNow()), 250);
    return () => clearInterval(t);
  }, []);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** A challenge to answer, one sent and waited on, or a challenge link opened. */
function ChallengeDialog({ c }: { c: ChallengeShown }) {
  const left = useSecondsLeft(c.expiresAt);
  const [deck, setDeck] = useState(useActiveDeck());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = (notice: string | null = null) => friendsStore.set({ challenge: null, notice });
  useEffect(() => {
    if (left === 0)
      friendsStore.set({ challenge: null, notice: "The challenge expired unanswered." });
  }, [left]);

  const accept = async () => {
    playClick();
    setBusy(true);
    setError(null);
    try {
      const started = await friendsApi.accept(c.id, deck);
      startFriendlyBattle(started.messages);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  const refuse = async () => {
    playClick();
    setBusy(true);
    try {
      if (c.direction === "outgoing") await friendsApi.cancel(c.id);
      else if (c.direction === "incoming") await friendsApi.decline(c.id);
    } catch {
      // Gone already: closing it is all that is left.
    }
    close();
  };
  const outgoing = c.direction === "outgoing";
  return (
    <StagePortal>
      <div className="friends-backdrop friends-backdrop--light">
        <section
          className="friends-challenge panel"
          role="dialog"
          aria-modal="true"
          aria-labelledby="challenge-title"
          data-testid={outgoing ? "challenge-waiting" : "challenge-incoming"}
        >
          <h2 id="challenge-title" className="friends-panel__title">
            {outgoing ? `Waiting for ${c.name}` : `${c.name} challenges you!`}
          </h2>
          <p className="friends-muted">A friendly game: no gems or rank at stake.</p>
          <div className="friends-countdown" data-testid="challenge-countdown" aria-live="off">
            <span
              className="friends-countdown__bar"
              style={{ transform: `scaleX(${Math.min(1, left / 60)})` }}
            />
            <span className="friends-countdown__text">{left} s</span>
          </div>
          {c.link && (
            <p className="friends-muted">
              Link copied: <span data-testid="challenge-link-text">{c.link}</span>
            </p>
          )}
          {outgoing ? (
            <div className="friends-loading">
              <span className="friends-spinner" role="img" aria-label="Waiting for an answer" />
            </div>
          ) : (
            <DeckSlotPicker value={deck} onChange={setDeck} />
          )}
          {error && (
            <p className="friends-error" role="alert">
              {error}
            </p>
          )}
          <div className="friends-setup__buttons">
            <button
              type="button"
              className="friends-link"
              disabled={busy}
              onClick={() => void refuse()}
              data-testid={outgoing ? "challenge-cancel" : "challenge-decline"}
            >
              {outgoing ? "Withdraw" : "Decline"}
            </button>
            {!outgoing && (
              <button
                type="button"
                className="btn btn--gold friends-btn"
                disabled={busy}
                onClick={() => void accept()}
                data-testid="challenge-accept"
              >
                {busy ? (
                  <span className="friends-spinner" role="img" aria-label="Starting" />
                ) : (
                  "Accept"
                )}
              </button>
            )}
          </div>
        </section>
      </div>
    </StagePortal>
  );
}

/** Acts once on a ?friend= or ?challenge= link the page was opened with. */
function useLinks(): void {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const code = params.get(FRIEND_PARAM);
    const challenge = params.get(CHALLENGE_PARAM);
    if (code) {
      forgetParam(FRIEND_PARAM);
      friendsApi.request(code).then(
        (r) =>
          showFriendsNotice(
            r.result === "friends"
              ? `You and ${r.nickname} are now friends.`
              : `Friend request sent to ${r.nickname}.`,
          ),
        (err: unknown) => showFriendsNotice(errorText(err)),
      );
    }
    if (challenge) {
      forgetParam(CHALLENGE_PARAM);
      friendsApi.viewChallenge(challenge).then(
        (v) =>
          friendsStore.set({
            challenge: {
              id: v.id,
              direction: "link",
              name: v.from.nickname,
              expiresAt: v.expires_at,
            },
          }),
        (err: unknown) => showFriendsNotice(errorText(err)),
      );
    }
  }, []);
}

/** The friends panel, challenge dialogs and notices, over every screen but the battle. */
export default function FriendsHost() {
  const open = useStore(friendsStore, (s) => s.panelOpen);
  const challenge = useStore(friendsStore, (s) => s.challenge);
  const notice = useStore(friendsStore, (s) => s.notice);
  useLinks();
  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => showFriendsNotice(null), 12_000);
    return () => clearTimeout(t);
  }, [notice]);
  return (
    <>
      {open && <FriendsPanel />}
      {challenge && <ChallengeDialog key={challenge.id} c={challenge} />}
      {notice && (
        <StagePortal>
          <div className="friends-toast panel" role="status" data-testid="friends-notice">
            <button
              type="button"
              className="friends-toast__text"
              onClick={() => {
                showFriendsNotice(null);
                openFriends();
              }}
            >
              {notice}
            </button>
          </div>
        </StagePortal>
      )}
    </>
  );
}
