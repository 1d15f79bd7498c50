import { lazy, Suspense } from "react";
import { closeLargeCard, useLargeCard } from "./large-card-store.ts";

const LargeCardView = lazy(() => import("./large-card-view.tsx"));

/**
 * Draws the large card view whenever a screen opened one (openLargeCard).
 * Mounted once in the shell; the view's code loads on the first opening.
 */
export function LargeCardHost() {
  const card = useLargeCard();
  if (!card) return null;
  return (
    <Suspense fallback={null}>
      <LargeCardView card={card} onClose={closeLargeCard} />
    </Suspense>
  );
}
