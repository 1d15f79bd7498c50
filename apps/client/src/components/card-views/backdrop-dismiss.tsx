import "./screen-frame.css";

/**
 * The click-outside area of a modal: an invisible button under the dialog
 * that fills the backdrop. Keyboard users close with Escape or the close
 * button, so it stays out of the tab order.
 */
export function BackdropDismiss({ onDismiss, label }: { onDismiss: () => void; label: string }) {
  return (
    <button
      type="button"
      className="cv-dismiss"
      aria-label={label}
      tabIndex={-1}
      onClick={onDismiss}
      onContextMenu={(e) => {
        e.preventDefault();
        onDismiss();
      }}
      data-testid="modal-backdrop"
    />
  );
}
