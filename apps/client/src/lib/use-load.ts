import { useCallback, useEffect, useRef, useState } from "react";

export type Loaded<T> =
  | { status: "loading" }
  | { status: "ready"; value: T }
  | { status: "error"; error: unknown };

/**
 * One call's answer for a dialog (the battle chronicle, the challenge's
 * opponents): loading, the value or the error, and a retry. `load` must be
 * a stable function (an api object's method).
 */
export function useLoad<T>(load: () => Promise<T>): [Loaded<T>, () => void] {
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  const alive = useRef(true);
  const run = useCallback(() => {
    setState({ status: "loading" });
    load().then(
      (value) => {
        if (alive.current) setState({ status: "ready", value });
      },
      (error: unknown) => {
        if (alive.current) setState({ status: "error", error });
      },
    );
  }, [load]);
  useEffect(() => {
    alive.current = true;
    run();
    return () => {
      alive.current = false;
    };
  }, [run]);
  return [state, run];
}
