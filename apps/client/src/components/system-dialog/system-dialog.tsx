import { useEffect, useId, useRef } from "react";
import { hideSystemMessage, useAppStore } from "../../stores/app-store.ts";
import "./system-dialog.css";

/**
 * The global system message (product.md section 2): text with OK; type
 * "dialog" adds Cancel. OK closes the message, then runs its action.
 */
export function SystemDialog() {
  const message = useAppStore((s) => s.systemMessage);
  const okRef = useRef<HTMLButtonElement>(null);
  const textId = useId();

  useEffect(() => {
    if (message.isVisible) okRef.current?.focus();
  }, [message.isVisible]);

  if (!message.isVisible) return null;

  const ok = () => {
    const action = message.action;
    hideSystemMessage();
    action?.();
  };
  const cancel = () => hideSystemMessage();

  return (
    <div className="system-dialog__backdrop">
      <div
        className="system-dialog panel"
        role="dialog"
        aria-modal="true"
        aria-describedby={textId}
        aria-label={message.type === "dialog" ? "Confirm" : "Message"}
        data-testid="system-dialog"
        data-type={message.type}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.stopPropagation();
            cancel();
          }
        }}
      >
        <span className="system-dialog__crest" aria-hidden="true">
          ✦
        </span>
        <p className="system-dialog__text" id={textId}>
          {message.text}
        </p>
        <div className="system-dialog__actions">
          {message.type === "dialog" && (
            <button
              type="button"
              className="btn btn--ghost"
              onClick={cancel}
              data-testid="system-dialog-cancel"
            >
              Cancel
            </button>
          )}
          <button
            type="button"
            className="btn btn--gold"
            ref={okRef}
            onClick={ok}
            data-testid="system-dialog-ok"
          >
            OK
          </button>
        </div>
      </div>
    </div>
  );
}
