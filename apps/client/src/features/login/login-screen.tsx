import { CLIENT_VERSION_LABEL, LIMITS, MESSAGES, type SignedInUser } from "@cardrealm/protocol";
import { type FormEvent, useState } from "react";
import { startSignIn } from "../../app/session.ts";
import { ArtImage } from "../../components/art/art-image.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { playClick } from "../../lib/audio.ts";
import { useOverBootSplash } from "../../lib/boot-splash.ts";
import { replayShareIn } from "../../lib/replay-links.ts";
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from "../../lib/storage.ts";
import {
  clearError,
  NO_ERROR,
  setError,
  showSystemMessage,
  useAppStore,
} from "../../stores/app-store.ts";
import { partnerCredentials } from "./partner-credentials.ts";
import "./login.css";

/** A new guest; its device key is kept so Play signs this device in again. */
async function newGuest(): Promise<SignedInUser> {
  const signed = await api.playNewPlayer();
  if (signed.device_key) writeStorage(STORAGE_KEYS.deviceKey, signed.device_key);
  writeStorage(STORAGE_KEYS.tokenOwner, "");
  return signed;
}

/**
 * Local play's Play (outside a partner): this device's guest, signed in with
 * the key the server gave it; a new guest when there is none or it is gone.
 */
async function signInLocally(): Promise<SignedInUser> {
  const key = readStorage(STORAGE_KEYS.deviceKey);
  if (key) {
    try {
      const signed = await api.deviceLogin(key);
      writeStorage(STORAGE_KEYS.tokenOwner, "");
      return signed;
    } catch (error) {
      // 401: the key no longer signs anyone in (the account got a password). Start anew.
      if (!(error instanceof ApiError && error.status === 401)) throw error;
      removeStorage(STORAGE_KEYS.deviceKey);
    }
  }
  return newGuest();
}

export const TAGLINE = "An 18+ fantasy realm of cards, blood and sorcery";

interface LoginScreenProps {
  /** The page query; defaults to the real one (tests pass their own). */
  search?: string;
}

/** Play (local guest or the partner's signed launch of the query) and Play as new player. */
function usePlayActions(isLoading: boolean, search: string | undefined) {
  const play = () => {
    if (isLoading) return;
    playClick();
    const creds = partnerCredentials(search ?? window.location.search);
    if (creds.mode === "local") {
      startSignIn(() => signInLocally());
      return;
    }
    const { partnerId, nickname, ts, sign } = creds;
    if (!partnerId || !nickname || ts === null || !sign) {
      showSystemMessage(MESSAGES.authError, "info");
      return;
    }
    startSignIn(async () => {
      const signed = await api.auth({ partner_id: partnerId, nickname, ts, sign });
      writeStorage(STORAGE_KEYS.tokenOwner, partnerId);
      return signed;
    });
  };

  const playAsNew = () => {
    if (isLoading) return;
    playClick();
    startSignIn(() => newGuest());
  };

  return { play, playAsNew };
}

/** The embers behind the screen, over index.html's splash while it is up. */
function LoginBackdrop() {
  // index.html painted this screen's backdrop before the scripts: it stays the backdrop.
  const overSplash = useOverBootSplash("login");
  return (
    <div className={`login__bg${overSplash ? " login__bg--splash" : ""}`} aria-hidden="true">
      <span className="login__ember login__ember--1" />
      <span className="login__ember login__ember--2" />
      <span className="login__ember login__ember--3" />
      <span className="login__ember login__ember--4" />
      <span className="login__ember login__ember--5" />
    </div>
  );
}

/** The logo (a wordmark without it) and the 18+ tagline. */
function LoginHero() {
  return (
    <header className="login__hero">
      <h1 id="login-title" className="visually-hidden">
        Cardrealm
      </h1>
      <ArtImage
        className="login__logo"
        src="/static/media/logo.svg"
        alt=""
        fallback={
          <span className="login__wordmark" aria-hidden="true">
            Cardrealm
          </span>
        }
      />
      <p className="login__tagline">
        <span className="login__age" role="img" aria-label="Adults only">
          18+
        </span>
        {TAGLINE}
      </p>
    </header>
  );
}

/**
 * What a link the player came by does once signed in: a replay link
 * (?replay=) opens the viewer (features/replay); a friend's link (?friend=,
 * ?challenge=) acts (features/friends).
 */
function LinkNotices({ search }: { search: string }) {
  const sharedReplay = replayShareIn(search) !== null;
  const friendLink = /[?&](friend|challenge)=/.exec(search)?.[1];
  return (
    <>
      {sharedReplay && (
        <p className="login__shared panel" role="status" data-testid="login-shared-replay">
          A battle was shared with you. Play as a guest or sign in to watch it.
        </p>
      )}

      {friendLink && (
        <p className="login__shared panel" role="status" data-testid="login-friend-link">
          {friendLink === "challenge"
            ? "A friend challenged you to a game. Play as a guest or sign in to answer."
            : "A player wants to be your friend. Play as a guest or sign in to add them."}
        </p>
      )}
    </>
  );
}

/** The returning hero's login and password; a wrong pair is told inline. */
function SignInForm({ isLoading }: { isLoading: boolean }) {
  const error = useAppStore((s) => s.error);
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const name = login.trim();
    if (!name || !password) {
      setError("Enter your login and password.");
      return;
    }
    startSignIn(
      async () => {
        const signed = await api.login({ login: name, password });
        writeStorage(STORAGE_KEYS.tokenOwner, "");
        return signed;
      },
      { inlineAuthErrors: true },
    );
  };

  const onType = (set: (v: string) => void) => (v: string) => {
    set(v);
    if (error !== NO_ERROR) clearError();
  };

  return (
    <form
      className="login__panel login__panel--form panel"
      aria-labelledby="login-form-title"
      onSubmit={submit}
      noValidate
    >
      <h2 id="login-form-title" className="login__panel-title">
        Returning hero
      </h2>
      <label className="field">
        <span className="field__label">Login</span>
        <input
          className="field__input"
          name="login"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={LIMITS.loginMax}
          value={login}
          onChange={(e) => onType(setLogin)(e.target.value)}
          data-testid="login-form-login"
        />
      </label>
      <label className="field">
        <span className="field__label">Password</span>
        <input
          className="field__input"
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={LIMITS.passwordMax}
          value={password}
          onChange={(e) => onType(setPassword)(e.target.value)}
          data-testid="login-form-password"
        />
      </label>
      <div className="login__error-slot" aria-live="assertive">
        {error !== NO_ERROR && (
          <p className="form-error" role="alert" data-testid="login-error">
            {error}
          </p>
        )}
      </div>
      <button
        type="submit"
        className="btn btn--purple login__submit"
        disabled={isLoading}
        data-testid="login-form-submit"
      >
        Sign in
      </button>
    </form>
  );
}

export function LoginScreen({ search }: LoginScreenProps) {
  const isLoading = useAppStore((s) => s.isLoading);
  const { play, playAsNew } = usePlayActions(isLoading, search);

  return (
    <main className="login screen-enter" aria-labelledby="login-title">
      <LoginBackdrop />
      <LoginHero />
      <LinkNotices search={search ?? window.location.search} />

      <div className="login__panels">
        <section
          className="login__panel login__panel--play panel"
          aria-labelledby="login-play-title"
        >
          <h2 id="login-play-title" className="login__panel-title">
            Enter the realm
          </h2>
          <button
            type="button"
            className="btn btn--gold login__play"
            onClick={play}
            disabled={isLoading}
            data-testid="login-play"
          >
            Play
          </button>
          <button
            type="button"
            className="btn btn--ghost login__new"
            onClick={playAsNew}
            disabled={isLoading}
            data-testid="login-new-player"
          >
            Play as new player
          </button>
        </section>

        <SignInForm isLoading={isLoading} />
      </div>

      <p className="login__version" data-testid="login-version">
        <span className="visually-hidden">Version </span>
        {CLIENT_VERSION_LABEL}
      </p>
    </main>
  );
}
