import { useEffect } from "react";
import { startTutorial } from "../../stores/tutorial-state.ts";
import { TutorialOverlay } from "./tutorial-overlay.tsx";

/** Mounted by the shell once signed in: follows the user's tutorial and shows the guide. */
export function TutorialHost() {
  useEffect(() => startTutorial(), []);
  return <TutorialOverlay />;
}
