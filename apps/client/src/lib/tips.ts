import { TIPS } from "@cardrealm/content";

/** One of the three loading tips, at random (product.md section 2, Login). */
export function randomTip(random: () => number = Math.random): string {
  return TIPS[Math.floor(random() * TIPS.length)] ?? TIPS[0];
}
