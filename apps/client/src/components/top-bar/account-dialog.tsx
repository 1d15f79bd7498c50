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

/**
 * "Save account": a guest picks a login and password; "Change password": a
 * player with a login changes it, giving the current password (PUT
 * /api/player/edit; every other session of the player ends).
 */
export function AccountDialog({
  onClose,
  mode = "save",
  currentLogin = "",
}: {
  onClose: () => void;
  mode?: "save" | "change";
  currentLogin?: string;
}) {
  const [login, setLogin] = useState(mode === "change" ? currentLogin : "");
  const [password, setPassword] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const [error, setErrorText] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const firstRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const invalid =
      mode === "change" && !currentPassword
        ? "Enter your current password."
        : accountFormError(login, password);
    if (invalid) {
      setErrorText(invalid);
      return;
    }
    setSaving(true);
    setErrorText(null);
    try {
      const user = await api.editPlayer({
        login: login.trim(),
        password,
        ...(mode === "change" ? { current_password: currentPassword } : {}),
      });
      setUser(user);
      onClose();
      showSystemMessage(
        mode === "change"
          ? "Your password is changed. Other devices signed in to this account must sign in again."
          : "Your account is saved. Sign in with your login and password on any device.",
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
            {mode === "change" ? "Change your password" : "Save your account"}
          </h2>
          <p className="account-dialog__hint">
            {mode === "change"
              ? "Other devices signed in to this account will have to sign in again."
              : "Choose a login and password to keep your cards and gems on any device."}
          </p>
          {mode === "change" && (
            <label className="field">
              <span className="field__label">Current password</span>
              <input
                className="field__input"
                name="current-password"
                type="password"
                autoComplete="current-password"
                maxLength={LIMITS.passwordMax}
                value={currentPassword}
                onChange={(e) => setCurrentPassword(e.target.value)}
                data-testid="account-current-password"
              />
            </label>
          )}
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
            <span className="field__label">{mode === "change" ? "New password" : "Password"}</span>
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
