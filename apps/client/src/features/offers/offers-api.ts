import type { Box, OpenedBox, User } from "@cardrealm/protocol";
import { ApiError, call } from "../../lib/api.ts";

/** POST /api/boxes/open answers the six cards and the user after the purchase. */
export type OpenBoxResult = OpenedBox & { user: User };

/** A fresh id per click (8-64 of [A-Za-z0-9-]): a retry of the same click opens the box once. */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  let id = "req-";
  for (let i = 0; i < 24; i++) id += Math.floor(Math.random() * 36).toString(36);
  return id;
}

export const offersApi = {
  boxes: () => call<Box[]>("GET", "/api/boxes"),
  /**
   * Opens a box. A lost answer (no connection) is retried once with the same
   * request id, so the server charges and opens it at most once.
   */
  open: async (id: number, requestId: string = newRequestId()): Promise<OpenBoxResult> => {
    const send = () =>
      call<OpenBoxResult>("POST", "/api/boxes/open", { body: { id, request_id: requestId } });
    try {
      return await send();
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) return send();
      throw error;
    }
  },
  seasonPass: () => call<User>("POST", "/api/boxes/season-pass"),
};
