import { type ChannelData, type EmoteBody, type EmoteId, SOCIAL } from "@cardrealm/protocol";
import type { Db } from "../db/database.ts";
import type { SocialStore } from "../realtime/social-store.ts";
import { Refused } from "../services/outcome.ts";
import { loadArenaGame } from "./arena-games.ts";
import { humans, sideOf } from "./arena-types.ts";
import { refuse } from "./refusals.ts";

/**
 * The players' emotes in arena games (issue 24 item 5; docs/realtime.md
 * "Emotes"): one of six fixed emotes, to the opponent over the channel, at
 * most one every SOCIAL.emoteGapMs per player on every process together (the
 * social store's slot: a Redis key set NX with PX when there is Redis).
 * Against the arena's bot the emote is accepted and goes nowhere.
 */
export function createArenaEmotes(deps: {
  db: Db;
  store: SocialStore;
  send: (userId: number, data: ChannelData) => void;
  gapMs?: number;
}) {
  const gapMs = deps.gapMs ?? SOCIAL.emoteGapMs;

  async function emote(userId: number, body: EmoteBody): Promise<{ emote: EmoteId }> {
    const g = await loadArenaGame(deps.db.kysely, body.game_id);
    if (!g || sideOf(g, userId) === null) throw refuse.noSuchBattle();
    if (g.rec.battle.status !== "active" || g.state.over) throw refuse.over();
    const waitMs = await deps.store.takeEmoteSlot(userId, gapMs);
    if (waitMs > 0) {
      throw new Refused(
        "rate_limited",
        `One emote every ${Math.round(gapMs / 1000)} s: wait ${Math.ceil(waitMs / 1000)} s.`,
      );
    }
    for (const h of humans(g))
      if (h.userId !== userId)
        deps.send(h.userId, { type: "emote", game_id: body.game_id, emote: body.emote });
    return { emote: body.emote };
  }

  return { emote };
}

export type ArenaEmotes = ReturnType<typeof createArenaEmotes>;
