import { createStore, useStore } from "./create-store.ts";

/** The login loading popup: what it shows while the session is being prepared. */
export interface LoadingState {
  visible: boolean;
  tip: string;
  /** 0..100, real progress over the loading steps. */
  progress: number;
  /** What is happening now, for people and screen readers. */
  label: string;
  /** An actionable failure; the popup then offers Retry and Back. */
  error: string | null;
  retry: (() => void) | null;
  cancel: (() => void) | null;
}

export function initialLoadingState(): LoadingState {
  return {
    visible: false,
    tip: "",
    progress: 0,
    label: "",
    error: null,
    retry: null,
    cancel: null,
  };
}

export const loadingStore = createStore<LoadingState>(initialLoadingState());

export function useLoadingStore<T>(select: (state: LoadingState) => T): T {
  return useStore(loadingStore, select);
}
