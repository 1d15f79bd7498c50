import { LIMITS } from "@cardrealm/protocol";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ApiError, api } from "../../lib/api.ts";
import { setUser, showSystemMessage } from "../../stores/app-store.ts";
import { StagePortal } from "../modal/stage-portal.tsx";

/** Client-side check with the protocol's limits; the server has the last word. */
export function accountFormError(login: string, password: string): string | null {
  const name = login.trim();
  if (name.length < LIMITS.loginMin) return `Login must be at least ${LIMITS.loginMin} characters.`;
  if (!/^[A-Za-z0-9_.@-]+$/.test(name)) return "Login may use letters, digits and _ . @ - only.";
  if (password.length < LIMITS.passwordMin)
    return `Password must be at least ${LIMITS.passwordMin} characters.`;
  return null;
}

/** "Save account": a guest picks a login and password (PUT /api/player/edit). */
export function AccountDialog({ onClose }: { onClose: () => void }) {
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const [error, setErrorText] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const firstRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const invalid = accountFormError(login, password);
    if (invalid) {
      setErrorText(invalid);
      return;
    }
    setSaving(true);
    setErrorText(null);
    try {
      const user = await api.editPlayer({ login: login.trim(), password });
      setUser(user);
      onClose();
      showSystemMessage(
        "Your account is saved. Sign in with your login and password on any device.",
      );
    } catch (e) {
      setErrorText(e instanceof ApiError ? e.message : "Could not save the account. Try again.");
      setSaving(false);
    }
  };

  return (
    <StagePortal>
      <div className="account-dialog__backdrop">
        <form
          className="account-dialog panel"
          role="dialog"
          aria-modal="true"
          aria-labelledby="account-title"
          onSubmit={submit}
          onKeyDown={(e) => {
            if (e.key === "Escape") onClose();
          }}
          noValidate
          data-testid="account-dialog"
        >
          <h2 id="account-title" className="account-dialog__title">
            Save your account
          </h2>
          <p className="account-dialog__hint">
            Choose a login and password to keep your cards and gems on any device.
          </p>
          <label className="field">
            <span className="field__label">Login</span>
            <input
              ref={firstRef}
              className="field__input"
              name="login"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={LIMITS.loginMax}
              value={login}
              onChange={(e) => setLogin(e.target.value)}
              data-testid="account-login"
            />
          </label>
          <label className="field">
            <span className="field__label">Password</span>
            <input
              className="field__input"
              name="password"
              type="password"
              autoComplete="new-password"
              maxLength={LIMITS.passwordMax}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              data-testid="account-password"
            />
          </label>
          <div className="account-dialog__error" aria-live="assertive">
            {error && (
              <p className="form-error" role="alert" data-testid="account-error">
                {error}
              </p>
            )}
          </div>
          <div className="account-dialog__actions">
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              Cancel
            </button>
            <button
              type="submit"
              className="btn btn--gold"
              disabled={saving}
              data-testid="account-save"
            >
              {saving ? "Saving…" : "Save"}
            </button>
          </div>
        </form>
      </div>
    </StagePortal>
  );
}
