import { useEffect } from "react";
import { TutorialOverlay } from "./tutorial-overlay.tsx";
import { startTutorial } from "./tutorial-state.ts";

/** Mounted by the shell once signed in: follows the user's tutorial and shows the guide. */
export function TutorialHost() {
  useEffect(() => startTutorial(), []);
  return <TutorialOverlay />;
}
