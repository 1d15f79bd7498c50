import type { ServerFactData, ServerFactName } from "@cardrealm/protocol";
import type { Executor } from "../db/executor.ts";
import { insertEvent, insertEventPart } from "../db/repositories/events-repo.ts";
import type { Part } from "../db/run-together.ts";

/** One fact the server records (docs/analytics.md), with its data. */
export type Fact = {
  [N in ServerFactName]: { name: N; data: ServerFactData[N] };
}[ServerFactName];

/**
 * Records a fact as an analytics event of the player. Call it inside the
 * transaction that makes the fact (the box's, the payment's, the battle's
 * insert or settlement), after the write that can only succeed once: the
 * event then commits with the fact or not at all, and a retried request or
 * a lost race records nothing more.
 */
export function recordFact(db: Executor, userId: number, fact: Fact, now: string): Promise<void> {
  return insertEvent(db, { userId, name: fact.name, data: JSON.stringify(fact.data), now });
}

/** `recordFact` as a statement to run with the fact's own writes (db/run-together.ts). */
export function factPart(userId: number, fact: Fact, now: string): Part {
  return insertEventPart({ userId, name: fact.name, data: JSON.stringify(fact.data), now });
}
