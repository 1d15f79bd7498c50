/**
 * Card views for every screen: the large card view (double-click or
 * right-click a card), the research view, the card slider and the frame of
 * the collection screens.
 */
export { CardFacts, factionLabel } from "./card-facts.tsx";
export {
  CardSlider,
  type CardSliderProps,
  SLIDES_VISIBLE,
  SWIPE_THRESHOLD_PX,
} from "./card-slider.tsx";
export { LargeCardHost } from "./large-card-host.tsx";
export {
  closeLargeCard,
  largeCardOpeners,
  largeCardStore,
  openLargeCard,
  useLargeCard,
} from "./large-card-store.ts";
export { LargeCardView } from "./large-card-view.tsx";
export { ResearchView, type ResearchViewProps } from "./research-view.tsx";
export { ScreenFrame } from "./screen-frame.tsx";
