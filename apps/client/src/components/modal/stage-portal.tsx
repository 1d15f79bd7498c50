import type { ReactNode } from "react";
import { createPortal } from "react-dom";

export const STAGE_MODAL_ROOT_ID = "stage-modal-root";

/**
 * Renders a modal at the top of the design stage, so it covers the top bar
 * too (a screen's own stacking context would otherwise trap it underneath).
 * Outside a stage (tests) it renders in place.
 */
export function StagePortal({ children }: { children: ReactNode }) {
  const root =
    typeof document === "undefined" ? null : document.getElementById(STAGE_MODAL_ROOT_ID);
  return root ? createPortal(children, root) : children;
}
