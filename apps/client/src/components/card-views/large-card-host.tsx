import { lazy, Suspense } from "react";
import { closeLargeCard, useLargeCard } from "./large-card-store.ts";

/** The view's code (a chunk of its own); tests await it so no lookup races its loading. */
export const loadLargeCardView = () => import("./large-card-view.tsx");
const LargeCardView = lazy(loadLargeCardView);

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
