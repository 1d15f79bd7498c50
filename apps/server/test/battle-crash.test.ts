import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openSqlite } from "../src/db/database.ts";
import { exited, type ServerProcess, startServer } from "./process.ts";

type Msg = {
  game_data?: { game_id: string; version: number };
  player?: { hand: Record<string, number> };
  end_game?: unknown;
};

/**
 * A real process killed (SIGKILL, armed with CARDREALM_FAULT) after the
 * battle's final state is written and before its settlement: on restart the
 * player is charged or paid once and can play again. The arena bot (21) is
 * used because a give-up there still costs the loss's -10 rank score, a
 * payment a test can count. The second test: the moves before the end, which
 * commit without the fsync (docs/decisions.md), are all there after a SIGKILL.
 */
describe("a server killed while ending a battle", () => {
  it("commits the ending and its settlement together: after a restart the give-up costs once", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cardrealm-crash-"));
    const env = {
      DATA_DIR: dataDir,
      TOKEN_SECRET: "crash-test-secret-crash-test-secret-0123",
      CLIENT_DIST: "/nonexistent",
      DATABASE_URL: "",
    };
    const sqlitePath = join(dataDir, "cardrealm.sqlite");
    const stop = async (p: ServerProcess) => {
      p.child.kill("SIGKILL");
      await exited(p.child);
    };
    const api = (p: ServerProcess, token: string, path: string, body?: object) =>
      fetch(`${p.url}${path}`, {
        method: body ? "POST" : "GET",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const rankScore = async (userId: number) => {
      const db = openSqlite(sqlitePath);
      try {
        const u = await db.kysely
          .selectFrom("users")
          .select(["rank_score", "silver", "season_xp"])
          .where("id", "=", userId)
          .executeTakeFirstOrThrow();
        return u;
      } finally {
        await db.close();
      }
    };

    // A player who reached the arena (level 3) with 100 rank score.
    const first = await startServer(env);
    const guest = (await (
      await fetch(`${first.url}/api/play-new-player`, { method: "POST" })
    ).json()) as {
      data: { id: number; jwtToken: string };
    };
    await stop(first);
    {
      const db = openSqlite(sqlitePath);
      await db.kysely
        .updateTable("users")
        .set({ level: 3, rank_score: 100 })
        .where("id", "=", guest.data.id)
        .execute();
      await db.close();
    }

    const armed = await startServer({ ...env, CARDREALM_FAULT: "battle-final-state-saved" });
    const token = guest.data.jwtToken;
    const started = await api(armed, token, "/api/game/cpu/start", { cpu_id: 21 });
    expect(started.status, await started.clone().text()).toBe(200);
    const gameId = ((await started.json()) as { data: Msg[] }).data.at(-1)?.game_data?.game_id;
    // The process dies inside the give-up: no answer comes back.
    await expect(api(armed, token, "/api/game/cpu/giveup", { game_id: gameId })).rejects.toThrow();
    expect(await exited(armed.child)).toBeNull();
    expect(await rankScore(guest.data.id)).toMatchObject({ rank_score: 100, silver: 1000 });

    const second = await startServer(env);
    try {
      // Nothing of the ending committed: the battle is still there to give up, once.
      const again = await api(second, token, "/api/game/cpu/giveup", { game_id: gameId });
      expect(again.status, await again.clone().text()).toBe(200);
      const twice = await api(second, token, "/api/game/cpu/giveup", { game_id: gameId });
      expect(twice.status).toBe(409);
      const next = await api(second, token, "/api/game/cpu/start", { cpu_id: 21 });
      expect(next.status).toBe(200);
    } finally {
      await stop(second);
    }
    expect(await rankScore(guest.data.id)).toMatchObject({
      rank_score: 90,
      silver: 1000,
      season_xp: 0,
    });
  }, 90_000);

  it("keeps every answered move of a story battle after a SIGKILL: moves commit without the fsync, never without the write", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cardrealm-crash-moves-"));
    const env = {
      DATA_DIR: dataDir,
      TOKEN_SECRET: "crash-test-secret-crash-test-secret-0123",
      CLIENT_DIST: "/nonexistent",
      DATABASE_URL: "",
    };
    const post = (p: ServerProcess, token: string, path: string, body: object) =>
      fetch(`${p.url}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const lastOf = async (r: Response) => {
      expect(r.status, await r.clone().text()).toBe(200);
      return ((await r.json()) as { data: Msg[] }).data.at(-1);
    };
    const first = await startServer(env);
    let token = "";
    let seen: Msg | undefined;
    try {
      const guest = (await (
        await fetch(`${first.url}/api/play-new-player`, { method: "POST" })
      ).json()) as { data: { jwtToken: string } };
      token = guest.data.jwtToken;
      seen = await lastOf(await post(first, token, "/api/game/cpu/start", { cpu_id: 6 }));
      for (let i = 0; i < 2; i++) {
        seen = await lastOf(
          await post(first, token, "/api/game/cpu/end-turn", {
            game_id: seen?.game_data?.game_id,
            player_attack: [0, 0, 0, 0, 0],
            version: seen?.game_data?.version,
          }),
        );
      }
    } finally {
      first.child.kill("SIGKILL");
      await exited(first.child);
    }
    const second = await startServer(env);
    try {
      const r = await fetch(`${second.url}/api/game/cpu/current`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const current = await lastOf(r);
      expect(current?.game_data?.game_id).toBe(seen?.game_data?.game_id);
      expect(current?.game_data?.version).toBe(seen?.game_data?.version);
      const hand = Object.keys(current?.player?.hand ?? {});
      const next = await post(second, token, "/api/game/cpu/end-turn", {
        game_id: seen?.game_data?.game_id,
        player_attack: [0, 0, 0, 0, 0],
        version: seen?.game_data?.version,
        ...(hand.length > 6 ? { discard_card: Number(hand[0]) } : {}),
      });
      expect(next.status, await next.clone().text()).toBe(200);
    } finally {
      second.child.kill("SIGKILL");
      await exited(second.child);
    }
  }, 150_000);
});
