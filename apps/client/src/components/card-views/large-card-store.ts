import type { ApiCard } from "@cardrealm/protocol";
import { createStore, useStore } from "../../stores/create-store.ts";

/**
 * Which card the large card view shows (product.md section 2, Large card
 * view; the spec's cardBigSize). Any screen opens it with openLargeCard; the
 * <LargeCardHost> in the shell draws it.
 */
export interface LargeCardState {
  card: ApiCard | null;
}

export const largeCardStore = createStore<LargeCardState>({ card: null });

export function useLargeCard(): ApiCard | null {
  return useStore(largeCardStore, (s) => s.card);
}

export function openLargeCard(card: ApiCard): void {
  largeCardStore.set({ card });
}

export function closeLargeCard(): void {
  largeCardStore.set({ card: null });
}

/**
 * Props that open the large view on a double-click or right-click of a
 * <GameCard>: spread them onto any card.
 */
export const largeCardOpeners = {
  onDoubleClick: (card: ApiCard) => openLargeCard(card),
  onContextMenu: (card: ApiCard) => openLargeCard(card),
} as const;
