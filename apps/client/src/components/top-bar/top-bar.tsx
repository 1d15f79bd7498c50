import { useEffect, useRef, useState } from "react";
import { logout } from "../../app/session.ts";
import { playClick } from "../../lib/audio.ts";
import { openExternal } from "../../lib/external.ts";
import { setMusicOn, setSoundEffectsOn, useAppStore } from "../../stores/app-store.ts";
import { AccountDialog } from "./account-dialog.tsx";
import { GemBalance } from "./gem-balance.tsx";
import "./top-bar.css";

function AccountMenu({
  isGuest,
  hasLogin,
  onSaveAccount,
}: {
  isGuest: boolean;
  hasLogin: boolean;
  onSaveAccount: () => void;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    rootRef.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className="top-bar__menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="top-bar__round"
        aria-label="Menu"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          playClick();
          setOpen((o) => !o);
        }}
        data-testid="menu-button"
      >
        <span className="top-bar__burger" aria-hidden="true" />
      </button>
      {open && (
        <div className="top-bar__dropdown panel" role="menu" aria-label="Account">
          {(isGuest || hasLogin) && (
            <button
              type="button"
              role="menuitem"
              className="top-bar__item"
              onClick={() => {
                setOpen(false);
                onSaveAccount();
              }}
              data-testid={isGuest ? "menu-save-account" : "menu-change-password"}
            >
              <span aria-hidden="true">✦</span> {isGuest ? "Save account" : "Change password"}
            </button>
          )}
          <button
            type="button"
            role="menuitem"
            className="top-bar__item"
            onClick={() => {
              setOpen(false);
              logout();
            }}
            data-testid="logout"
          >
            <span aria-hidden="true">⎋</span> Log out
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The bar over every screen but the battle. `onFriends` opens the friends
 * panel (the shell gives features/friends'; components import no feature).
 */
export function TopBar({ onFriends }: { onFriends: () => void }) {
  const user = useAppStore((s) => s.user);
  const playMusic = useAppStore((s) => s.music.playMusic);
  const soundEffects = useAppStore((s) => s.soundEffects);
  const supporterUrl = useAppStore((s) => s.settings?.supporterUrl);
  const [accountOpen, setAccountOpen] = useState(false);

  if (!user) return null;
  const name = user.login ?? user.nickname;

  return (
    <>
      <header className="top-bar" data-testid="top-bar">
        <div className="top-bar__player">
          <span className="top-bar__level" role="img" aria-label={`Level ${user.level}`}>
            {user.level}
          </span>
          <span className="top-bar__name">
            {name}
            {user.guest && <span className="top-bar__guest">Guest</span>}
          </span>
        </div>

        <div className="top-bar__right">
          <GemBalance
            balance={user.silver}
            onPlus={() => {
              playClick();
              openExternal(supporterUrl);
            }}
          />
          <button
            type="button"
            className="top-bar__friends"
            aria-label="Friends"
            onClick={() => {
              playClick();
              onFriends();
            }}
            data-testid="friends-button"
          >
            {/* Drawn, not an emoji: 👥 was an empty box where no emoji font is installed. */}
            <svg className="top-bar__friends-icon" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="9" cy="8" r="3.5" fill="currentColor" />
              <path d="M2 20c0-4 3.1-6.5 7-6.5s7 2.5 7 6.5z" fill="currentColor" />
              <circle cx="16.5" cy="9" r="2.8" fill="currentColor" opacity="0.75" />
              <path
                d="M17.2 20H22c0-3.4-2.3-5.6-5.4-5.6-1 0-1.9.2-2.7.6 1.9 1.2 3.2 3 3.3 5z"
                fill="currentColor"
                opacity="0.75"
              />
            </svg>
            <span className="top-bar__friends-label">Friends</span>
          </button>
          <button
            type="button"
            role="switch"
            aria-checked={playMusic}
            aria-label="Music"
            className={`top-bar__round top-bar__music ${playMusic ? "" : "top-bar__music--off"}`}
            onClick={() => {
              playClick();
              setMusicOn(!playMusic);
            }}
            data-testid="music-toggle"
          >
            <span aria-hidden="true">♫</span>
          </button>
          <button
            type="button"
            role="switch"
            aria-checked={soundEffects}
            aria-label="Sound effects"
            className={`top-bar__round top-bar__music ${soundEffects ? "" : "top-bar__music--off"}`}
            onClick={() => {
              // Switched on, the click is the proof; switched off, silence at once.
              setSoundEffectsOn(!soundEffects);
              playClick();
            }}
            data-testid="sfx-toggle"
          >
            <svg className="top-bar__sfx-icon" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
              <path
                d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
          <AccountMenu
            isGuest={user.guest}
            hasLogin={user.login !== null}
            onSaveAccount={() => setAccountOpen(true)}
          />
        </div>
      </header>
      {accountOpen && (
        <AccountDialog
          mode={user.login !== null && !user.guest ? "change" : "save"}
          currentLogin={user.login ?? ""}
          onClose={() => setAccountOpen(false)}
        />
      )}
    </>
  );
}
