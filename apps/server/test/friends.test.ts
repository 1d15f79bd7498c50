import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  areFriends,
  blockedEitherWay,
  deleteFriendship,
  insertBlock,
  insertFriendship,
} from "../src/db/repositories/friends-repo.ts";
import { announceDialects, DIALECTS, newGuest, type TestApp, testApp } from "./harness.ts";

announceDialects();

type Guest = Awaited<ReturnType<typeof newGuest>>;

describe.each(DIALECTS)("friends on %s", (dialect) => {
  let t: TestApp;
  let ann: Guest;
  let bob: Guest;
  beforeEach(async () => {
    t = await testApp(dialect);
    ann = await newGuest(t.app);
    bob = await newGuest(t.app);
  });
  afterEach(async () => {
    await t.app.close();
  });

  it("the repository: a friendship reads from both sides, a block either way", async () => {
    const k = t.db.kysely;
    const [a, b] = [ann.user.id, bob.user.id];
    expect(await areFriends(k, a, b)).toBe(false);
    await insertFriendship(k, a, b, "2026-11-21T12:00:00.000Z");
    expect(await areFriends(k, a, b)).toBe(true);
    expect(await areFriends(k, b, a)).toBe(true);
    expect(await deleteFriendship(k, b, a)).toBe(true);
    expect(await areFriends(k, a, b)).toBe(false);
    expect(await blockedEitherWay(k, a, b)).toBe(false);
    await insertBlock(k, b, a, "2026-11-21T12:00:00.000Z");
    expect(await blockedEitherWay(k, a, b)).toBe(true);
    expect(await blockedEitherWay(k, b, a)).toBe(true);
  });
});
