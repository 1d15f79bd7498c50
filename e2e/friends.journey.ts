import { test } from "@playwright/test";
import {
  backToMap,
  befriendByLink,
  blockAndRefuse,
  challengeAccepted,
  friendLink,
  newPlayer,
  openFriends,
  playToEnd,
  rematch,
} from "./social-support.ts";

/**
 * Friends in two real browsers (issue 24): Bob opens Ann's friend link signed
 * out and plays as a new guest; Ann accepts; Ann challenges Bob from the
 * friends list, Bob accepts with a deck slot and the friendly game is
 * played to its end; both press Rematch and a second game starts; then Ann
 * blocks Bob, and Bob's request and Ann's challenge link go nowhere.
 * cluster-social.journey.ts plays the same steps on two processes behind nginx.
 */
test("add a friend by link, a challenge played to the end, a rematch, a blocked player refused", async ({
  browser,
}) => {
  // Two friendly games between two browsers and three sign-ins: longer than the default budget.
  test.setTimeout(300_000);
  const ann = await newPlayer(browser);
  // Both players' browser contexts are closed at the end: left open, their
  // pages ran on for the rest of the worker's tests (stop 30's second
  // preview: two renderers at 40-100 % of a core for 14 minutes).
  const pages = [ann];
  try {
    const panel = await openFriends(ann);
    const link = await friendLink(panel);

    // Bob opens the link signed out and sends the request; Ann's open panel accepts.
    const bob = await befriendByLink(browser, panel, link);
    pages.push(bob);

    // The challenge: Ann picks a deck and sends; Bob sees the countdown and accepts.
    await challengeAccepted(ann, panel, bob);
    await playToEnd(bob, ann);

    await rematch(ann, bob);
    await playToEnd(ann, bob);
    await backToMap(ann, bob);

    // Ann blocks Bob; his new request reaches nobody and her challenge link refuses him.
    await blockAndRefuse(ann, bob, link);
  } finally {
    for (const p of pages) await p.context().close();
  }
});
