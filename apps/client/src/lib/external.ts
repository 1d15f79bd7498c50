import { showSystemMessage } from "../stores/app-store.ts";

/** Opens an external page (supporter, patron, community) in a new tab. */
export function openExternal(url: string | undefined | null): void {
  if (!url) {
    showSystemMessage("This page is not available right now. Please try again later.");
    return;
  }
  window.open(url, "_blank", "noopener,noreferrer");
}
