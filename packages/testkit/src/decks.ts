import { nextInt, rngFromSeed } from "@cardrealm/engine";
import { DECKABLE_TEST_CARDS } from "./cards.ts";

/** A random deck of `size` cards drawn (with repeats) from `pool`. */
export function randomDeck(
  seed: number,
  pool: readonly number[] = DECKABLE_TEST_CARDS,
  size = 40,
): number[] {
  const rng = { rng: rngFromSeed(seed) };
  const deck: number[] = [];
  for (let i = 0; i < size && pool.length > 0; i++) {
    const card = pool[nextInt(rng, pool.length)];
    if (card !== undefined) deck.push(card);
  }
  return deck;
}
