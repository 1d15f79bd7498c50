import type { Kysely } from "kysely";
import type { DialectName } from "../database.ts";

/**
 * The accountable operator console (issue 23 item 9): every attempt is a row
 * of operator_actions with its outcome, HTTP status, client address and
 * route (refusals and wrong tokens included); each operator's granted gems
 * per UTC day, counted under a ceiling; grants above it wait in
 * operator_pending_grants for a second operator.
 */
export function operatorAccountability(dialect: DialectName) {
  return {
    // The schema builder needs no table types (the typed schema comes after the migrations).
    async up(db: Kysely<unknown>): Promise<void> {
      const actions = () => db.schema.alterTable("operator_actions");
      await actions()
        .addColumn("outcome", "varchar(16)", (c) => c.notNull().defaultTo("done"))
        .execute();
      await actions()
        .addColumn("status", "integer", (c) => c.notNull().defaultTo(200))
        .execute();
      await actions().addColumn("address", "varchar(64)").execute();
      await actions().addColumn("route", "varchar(100)").execute();

      await db.schema
        .createTable("operator_grant_days")
        .addColumn("operator", "varchar(64)", (c) => c.notNull())
        .addColumn("day", "varchar(10)", (c) => c.notNull())
        .addColumn("gems", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("operator_grant_days_pk", ["operator", "day"])
        .execute();

      const pending = db.schema.createTable("operator_pending_grants");
      await (dialect === "postgres"
        ? pending.addColumn("id", "serial", (c) => c.primaryKey())
        : pending.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      )
        .addColumn("grant_key", "varchar(80)", (c) => c.notNull().unique())
        .addColumn("operator", "varchar(64)", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.notNull())
        .addColumn("gems", "integer", (c) => c.notNull())
        .addColumn("reason", "varchar(200)", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("confirmed_by", "varchar(64)")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("confirmed_at", "varchar(32)")
        .execute();
      await db.schema
        .createIndex("operator_pending_grants_status")
        .on("operator_pending_grants")
        .column("status")
        .execute();
    },
  };
}
