import { type Kysely, sql } from "kysely";
import type { DialectName } from "../database.ts";

/**
 * PostgreSQL: a player's view number is bumped once per transaction, not once
 * per row (migration 0008 bumped it for every row written, twice for an
 * update: a box's six cards were up to twelve upserts of the same version row
 * at its commit, 5-17 ms of a box's time at 200 boxes a second; bench/api,
 * session 19). One bump is all a reader needs: the number changes when the
 * transaction commits. The players bumped so far are kept in a setting local
 * to the transaction (`cardrealm.view_bumped`), which a rolled-back
 * savepoint or the transaction's end undoes with the bump itself.
 *
 * `hold_player_view_version` is the box's view patch in one call
 * (economy/box-view.ts): it locks the player's number row, runs the
 * transaction's deferred bumps, and answers the number before and after
 * them; bumps after it count again (the setting is cleared), so the number
 * read is always the one the commit publishes. SQLite keeps its row triggers
 * (one writer at a time, each bump in process).
 */
export function viewBumpsOnce(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === "sqlite") return;
      await sql
        .raw(`CREATE FUNCTION bump_player_view_of(uid integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped text := coalesce(current_setting('cardrealm.view_bumped', true), '');
BEGIN
  IF position(',' || uid || ',' IN bumped) > 0 THEN
    RETURN;
  END IF;
  INSERT INTO player_view_versions (user_id, version)
    SELECT uid, 1 WHERE EXISTS (SELECT 1 FROM users WHERE id = uid)
    ON CONFLICT (user_id) DO UPDATE SET version = player_view_versions.version + 1;
  PERFORM set_config('cardrealm.view_bumped',
    CASE WHEN bumped = '' THEN ',' ELSE bumped END || uid || ',', true);
END $$`)
        .execute(db);
      await sql
        .raw(`CREATE OR REPLACE FUNCTION bump_player_view() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_player_view_of(OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM bump_player_view_of(NEW.user_id);
  END IF;
  RETURN NULL;
END $$`)
        .execute(db);
      await sql
        .raw(`CREATE FUNCTION hold_player_view_version(uid integer, OUT held integer, OUT version integer)
LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.version INTO held FROM player_view_versions p WHERE p.user_id = uid FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SET CONSTRAINTS ALL IMMEDIATE;
  PERFORM set_config('cardrealm.view_bumped', '', true);
  SELECT p.version INTO version FROM player_view_versions p WHERE p.user_id = uid;
END $$`)
        .execute(db);
    },
  };
}
