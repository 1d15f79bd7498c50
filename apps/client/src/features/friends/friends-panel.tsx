import type { FriendEntry, FriendsList } from "@cardrealm/protocol";
import { useCallback, useEffect, useState } from "react";
import { StagePortal } from "../../components/modal/stage-portal.tsx";
import { ApiError } from "../../lib/api.ts";
import { playClick } from "../../lib/audio.ts";
import { useStore } from "../../stores/create-store.ts";
import { DeckSlotPicker, useActiveDeck } from "./deck-slot-picker.tsx";
import { friendsApi } from "./friends-api.ts";
import { closeFriends, friendsStore } from "./friends-store.ts";
import "./friends.css";

const STATUS_TEXT: Record<FriendEntry["status"], string> = {
  online: "Online",
  in_battle: "In battle",
  offline: "Offline",
};

export const errorText = (err: unknown) =>
  err instanceof ApiError ? err.message : "Something went wrong. Try again.";

/** The add-me link to share: this page with ?friend=<code>. */
const linkOf = (path: string) => `${window.location.origin}${path}`;

/** One friend's row: presence, and what can be done with them. */
function FriendRow({
  friend,
  busy,
  act,
  onChallenge,
}: {
  friend: FriendEntry;
  busy: boolean;
  act: (action: "remove" | "block", id: number) => void;
  onChallenge: (friend: FriendEntry) => void;
}) {
  return (
    <li className={`friends-row friends-row--${friend.status}`} data-testid="friend-row">
      <span className="friends-row__dot" aria-hidden="true" />
      <span className="friends-row__name">{friend.nickname}</span>
      <span className="friends-row__status" data-testid="friend-status">
        {STATUS_TEXT[friend.status]}
      </span>
      <span className="friends-row__actions">
        {friend.status === "online" && (
          <button
            type="button"
            className="btn btn--gold friends-btn"
            disabled={busy}
            onClick={() => onChallenge(friend)}
            data-testid="friend-challenge"
          >
            Challenge
          </button>
        )}
        {friend.game_id && (
          <button
            type="button"
            className="btn btn--purple friends-btn"
            onClick={() => window.location.assign(`/?watch=${friend.game_id}`)}
            data-testid="friend-watch"
          >
            Watch
          </button>
        )}
        <button
          type="button"
          className="friends-link"
          disabled={busy}
          onClick={() => act("remove", friend.id)}
        >
          Remove
        </button>
        <button
          type="button"
          className="friends-link"
          disabled={busy}
          onClick={() => act("block", friend.id)}
          data-testid="friend-block"
        >
          Block
        </button>
      </span>
    </li>
  );
}

/** The deck choice before a challenge goes out. */
function ChallengeSetup({ friend, onDone }: { friend: FriendEntry; onDone: () => void }) {
  const [deck, setDeck] = useState(useActiveDeck());
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    playClick();
    setSending(true);
    setError(null);
    try {
      const c = await friendsApi.challenge(deck, friend.id);
      friendsStore.set({
        challenge: {
          id: c.id,
          direction: "outgoing",
          name: friend.nickname,
          expiresAt: c.expires_at,
        },
        panelOpen: false,
      });
      onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="friends-setup" data-testid="challenge-setup">
      <p className="friends-setup__title">Challenge {friend.nickname} to a friendly game</p>
      <p className="friends-muted">No gems or rank at stake.</p>
      <DeckSlotPicker value={deck} onChange={setDeck} />
      {error && (
        <p className="friends-error" role="alert">
          {error}
        </p>
      )}
      <div className="friends-setup__buttons">
        <button type="button" className="friends-link" onClick={onDone}>
          Back
        </button>
        <button
          type="button"
          className="btn btn--gold friends-btn"
          disabled={sending}
          onClick={() => void send()}
          data-testid="challenge-send"
        >
          {sending ? (
            <span className="friends-spinner" role="img" aria-label="Sending" />
          ) : (
            "Send challenge"
          )}
        </button>
      </div>
    </div>
  );
}

/**
 * A challenge anyone may take with its link (60 s): the link is copied, and
 * the panel gives way to the challenge's banner.
 */
async function challengeByLink(deck: number): Promise<undefined> {
  const c = await friendsApi.challenge(deck);
  const link = linkOf(c.link);
  await navigator.clipboard?.writeText(link).catch(() => undefined);
  friendsStore.set({
    challenge: {
      id: c.id,
      direction: "outgoing",
      name: "whoever opens your link",
      expiresAt: c.expires_at,
      link,
    },
    panelOpen: false,
  });
  return undefined;
}

/** The player's friend code, and their friend link to copy. */
function FriendCode({
  code,
  link,
  copied,
  onCopied,
}: {
  code: string;
  link: string;
  copied: boolean;
  onCopied: (copied: boolean) => void;
}) {
  return (
    <div className="friends-code">
      <span className="friends-muted">Your friend code</span>
      <b data-testid="friend-code">{code}</b>
      <button
        type="button"
        className="btn btn--purple friends-btn"
        onClick={() => {
          playClick();
          void navigator.clipboard?.writeText(link).then(
            () => onCopied(true),
            () => onCopied(false),
          );
        }}
        data-testid="friend-link-copy"
        data-link={link}
      >
        {copied ? "Link copied" : "Copy link"}
      </button>
    </div>
  );
}

/** Requests to be friends: accept or decline each. */
function RequestList({
  requests,
  busy,
  act,
}: {
  requests: FriendsList["incoming"];
  busy: boolean;
  act: (action: "accept" | "decline", id: number) => void;
}) {
  if (requests.length === 0) return null;
  return (
    <ul className="friends-list" aria-label="Friend requests">
      {requests.map((r) => (
        <li key={r.id} className="friends-row friends-row--request" data-testid="friend-request">
          <span className="friends-row__name">{r.nickname}</span>
          <span className="friends-row__status">wants to be friends</span>
          <span className="friends-row__actions">
            <button
              type="button"
              className="btn btn--gold friends-btn"
              disabled={busy}
              onClick={() => act("accept", r.id)}
              data-testid="friend-accept"
            >
              Accept
            </button>
            <button
              type="button"
              className="friends-link"
              disabled={busy}
              onClick={() => act("decline", r.id)}
            >
              Decline
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Players blocked: unblock each. */
function BlockedList({
  blocked,
  busy,
  act,
}: {
  blocked: FriendsList["blocked"];
  busy: boolean;
  act: (action: "unblock", id: number) => void;
}) {
  if (blocked.length === 0) return null;
  return (
    <ul className="friends-list" aria-label="Blocked players">
      {blocked.map((b) => (
        <li key={b.id} className="friends-row friends-row--blocked">
          <span className="friends-row__name">{b.nickname}</span>
          <span className="friends-row__status">Blocked</span>
          <button
            type="button"
            className="friends-link"
            disabled={busy}
            onClick={() => act("unblock", b.id)}
          >
            Unblock
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The friends panel (from the top bar, on the map and in the arena). */
export function FriendsPanel() {
  const listVersion = useStore(friendsStore, (s) => s.listVersion);
  const [list, setList] = useState<FriendsList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState("");
  const [added, setAdded] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [challenging, setChallenging] = useState<FriendEntry | null>(null);
  const activeDeck = useActiveDeck();

  const load = useCallback(async () => {
    try {
      setList(await friendsApi.list());
      setError(null);
    } catch (err) {
      setError(errorText(err));
    }
  }, []);
  // listVersion: the server said the list changed.
  useEffect(() => {
    void listVersion;
    void load();
  }, [load, listVersion]);
  // Presence moves on its own: look again now and then while open.
  useEffect(() => {
    const t = setInterval(() => void load(), 10_000);
    return () => clearInterval(t);
  }, [load]);

  const run = async (work: () => Promise<FriendsList | undefined>) => {
    playClick();
    setBusy(true);
    setError(null);
    try {
      const next = await work();
      if (next) setList(next);
      else await load();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const act = (action: "accept" | "decline" | "remove" | "block" | "unblock", id: number) =>
    void run(() => friendsApi.onUser(action, id));
  const add = () =>
    void run(async () => {
      const r = await friendsApi.request(code);
      setAdded(
        r.result === "friends"
          ? `You and ${r.nickname} are now friends.`
          : `Friend request sent to ${r.nickname}.`,
      );
      setCode("");
      return undefined;
    });

  return (
    <StagePortal>
      <div className="friends-backdrop">
        <section
          className="friends-panel panel"
          role="dialog"
          aria-modal="true"
          aria-labelledby="friends-title"
          data-testid="friends-panel"
        >
          <header className="friends-panel__head">
            <h2 id="friends-title" className="friends-panel__title">
              Friends {list ? <small>{`${list.friends.length}/${list.max_friends}`}</small> : null}
            </h2>
            <button
              type="button"
              className="friends-close"
              aria-label="Close friends"
              onClick={() => {
                playClick();
                closeFriends();
              }}
              data-testid="friends-close"
            >
              ×
            </button>
          </header>
          {error && (
            <p className="friends-error" role="alert" data-testid="friends-error">
              {error}
            </p>
          )}
          {!list ? (
            <div className="friends-loading">
              <span className="friends-spinner" role="img" aria-label="Loading friends" />
            </div>
          ) : challenging ? (
            <ChallengeSetup friend={challenging} onDone={() => setChallenging(null)} />
          ) : (
            <div className="friends-panel__body">
              <FriendCode
                code={list.code}
                link={linkOf(list.link)}
                copied={copied}
                onCopied={setCopied}
              />
              <div className="friends-code">
                <span className="friends-muted">Or challenge anyone with a link (60 s)</span>
                <button
                  type="button"
                  className="btn btn--gold friends-btn"
                  disabled={busy}
                  onClick={() => void run(() => challengeByLink(activeDeck))}
                  data-testid="challenge-link"
                >
                  Challenge link
                </button>
              </div>
              <form
                className="friends-add"
                onSubmit={(e) => {
                  e.preventDefault();
                  add();
                }}
              >
                <input
                  className="friends-add__input"
                  value={code}
                  maxLength={32}
                  placeholder="A friend's code"
                  aria-label="A friend's code"
                  onChange={(e) => setCode(e.target.value)}
                  data-testid="friend-code-input"
                />
                <button
                  type="submit"
                  className="btn btn--gold friends-btn"
                  disabled={busy || code.trim() === ""}
                >
                  Add
                </button>
              </form>
              {added && (
                <p className="friends-ok" role="status">
                  {added}
                </p>
              )}
              <RequestList requests={list.incoming} busy={busy} act={act} />
              <ul className="friends-list" aria-label="Friends">
                {list.friends.length === 0 && (
                  <li className="friends-muted">No friends yet: share your link or add a code.</li>
                )}
                {list.friends.map((f) => (
                  <FriendRow
                    key={f.id}
                    friend={f}
                    busy={busy}
                    act={act}
                    onChallenge={(friend) => {
                      playClick();
                      setChallenging(friend);
                    }}
                  />
                ))}
              </ul>
              {list.outgoing.length > 0 && (
                <p className="friends-muted">
                  Waiting for: {list.outgoing.map((r) => r.nickname).join(", ")}
                </p>
              )}
              <BlockedList blocked={list.blocked} busy={busy} act={act} />
            </div>
          )}
        </section>
      </div>
    </StagePortal>
  );
}
