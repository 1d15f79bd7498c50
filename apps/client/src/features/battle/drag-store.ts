import { createStore, useStore } from "../../stores/create-store.ts";

/**
 * Pointer state that changes many times a second (the dragged card's ghost,
 * the drop zone under it, the long-press preview), kept out of the battle
 * store so a drag re-renders only the ghost and the zones.
 */
export interface DragState {
  /** The card being dragged, with the pointer in frame pixels. */
  drag: { handKey: number; card: number; x: number; y: number } | null;
  /** data-drop of the zone under the pointer: "player-cell-2", "cpu-castle", "board". */
  over: string | null;
  /** A card shown big (a long press on touch, a hover on a unit). */
  preview: { card: number; side: "left" | "right" } | null;
  /** A card tapped open on the phone layout: read-only, closed by the next tap (CardZoom). */
  zoom: { card: number; side: "left" | "right" } | null;
}

export const dragStore = createStore<DragState>({
  drag: null,
  over: null,
  preview: null,
  zoom: null,
});

export function useDrag<T>(select: (s: DragState) => T): T {
  return useStore(dragStore, select);
}

export function showPreview(card: number, side: "left" | "right"): void {
  dragStore.set({ preview: { card, side } });
}

export function hidePreview(): void {
  if (dragStore.get().preview) dragStore.set({ preview: null });
}

/** Opens a card large on the side away from where it was tapped. */
export function openZoom(card: number, side: "left" | "right"): void {
  dragStore.set({ zoom: { card, side } });
}

export function closeZoom(): void {
  if (dragStore.get().zoom) dragStore.set({ zoom: null });
}
