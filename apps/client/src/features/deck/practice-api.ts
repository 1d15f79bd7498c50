import type { StateMessage } from "@cardrealm/engine";
import { type PracticeOpponent, PracticeOpponentsSchema } from "@cardrealm/protocol";
import { call, checkedAnswer } from "../../lib/api.ts";

/** The deck-challenge calls (issue 16, packages/protocol replays.ts). */
export const practiceApi = {
  /** The computer opponents a deck challenge may be played against. */
  opponents: async (): Promise<PracticeOpponent[]> =>
    checkedAnswer(
      PracticeOpponentsSchema,
      await call<unknown>("GET", "/api/game/practice/opponents"),
      "The server sent a list of opponents this game cannot read.",
    ),
  /** Starts a deck challenge: the start's state messages, like cpu/start. */
  start: (deckCode: string, cpuId: number) =>
    call<StateMessage[]>("POST", "/api/game/practice/start", {
      body: { deck_code: deckCode, cpu_id: cpuId },
    }),
};
