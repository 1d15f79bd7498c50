/**
 * The guided tutorial (product.md section 4, Tutorial): the step machine,
 * its state saved on the server, and Lyra's overlay. Screens report what the
 * player did with `tutorialEvent(...)`; see README.md in this folder.
 */
export { TutorialHost } from "./tutorial-host.tsx";
export { tutorialEvent, tutorialRunning } from "./tutorial-state.ts";
