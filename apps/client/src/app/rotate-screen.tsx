import { MESSAGES } from "@cardrealm/protocol";
import { useEffect, useState } from "react";

const PORTRAIT_TOUCH = "(pointer: coarse) and (orientation: portrait)";

/** A phone (coarse pointer) held upright: the game is landscape only. */
export function useNeedsRotation(): boolean {
  const query = () => globalThis.matchMedia?.(PORTRAIT_TOUCH).matches ?? false;
  const [needs, setNeeds] = useState(query);
  useEffect(() => {
    const mql = globalThis.matchMedia?.(PORTRAIT_TOUCH);
    if (!mql) return;
    const onChange = () => setNeeds(mql.matches);
    mql.addEventListener("change", onChange);
    onChange();
    return () => mql.removeEventListener("change", onChange);
  }, []);
  return needs;
}

export function RotateScreen() {
  return (
    <div className="rotate-screen" role="alert" data-testid="rotate-screen">
      <div className="rotate-screen__phone" aria-hidden="true">
        <span className="rotate-screen__arrow">↻</span>
      </div>
      <p className="rotate-screen__text">{MESSAGES.rotatePhone}</p>
    </div>
  );
}
