import { type ReactNode, useEffect, useId, useRef } from "react";
import { StagePortal } from "../modal/stage-portal.tsx";
import "./system-dialog.css";

/**
 * A question before a spend (the season pass): the system dialog's look,
 * with a gold confirm and a ghost cancel. Escape cancels too; only the
 * confirm button goes on.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  onConfirm,
  onCancel,
  testId,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** `${testId}` on the dialog, `-confirm` and `-cancel` on its buttons. */
  testId: string;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  // Focus starts on Cancel: Enter alone never spends.
  useEffect(() => cancelRef.current?.focus(), []);

  return (
    <StagePortal>
      <div className="system-dialog__backdrop">
        <div
          className="system-dialog system-dialog--confirm panel"
          role="alertdialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={textId}
          data-testid={testId}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.stopPropagation();
              onCancel();
            }
          }}
        >
          <span className="system-dialog__crest" aria-hidden="true">
            ✦
          </span>
          <h2 className="system-dialog__title" id={titleId}>
            {title}
          </h2>
          <div className="system-dialog__text" id={textId}>
            {children}
          </div>
          <div className="system-dialog__actions">
            <button
              type="button"
              className="btn btn--ghost"
              ref={cancelRef}
              onClick={onCancel}
              data-testid={`${testId}-cancel`}
            >
              {cancelLabel}
            </button>
            <button
              type="button"
              className="btn btn--gold"
              onClick={onConfirm}
              data-testid={`${testId}-confirm`}
            >
              {confirmLabel}
            </button>
          </div>
        </div>
      </div>
    </StagePortal>
  );
}
