import { useSyncExternalStore } from "react";

/** A tiny external store: one state object, shallow-merged updates, React subscription. */
export interface Store<S> {
  get(): S;
  set(patch: Partial<S> | ((state: S) => Partial<S>)): void;
  subscribe(listener: () => void): () => void;
  /** Replace the whole state (tests and logout). */
  reset(next: S): void;
}

export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };
  return {
    get: () => state,
    set(patch) {
      const delta = typeof patch === "function" ? patch(state) : patch;
      state = { ...state, ...delta };
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    reset(next) {
      state = next;
      emit();
    },
  };
}

/** Read a slice of a store; re-renders only when the selected value changes (Object.is). */
export function useStore<S extends object, T>(store: Store<S>, select: (state: S) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}
