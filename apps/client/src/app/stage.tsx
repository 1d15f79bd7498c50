import {
  type CSSProperties,
  type ReactNode,
  useEffect,
  useState,
  useSyncExternalStore,
} from "react";
import { STAGE_MODAL_ROOT_ID } from "../components/modal/stage-portal.tsx";

/** The design stage: every screen is laid out for 1280x720 and scaled to fit. */
export const DESIGN_WIDTH = 1280;
export const DESIGN_HEIGHT = 720;

export interface StageSize {
  scale: number;
  /** Stage size in design pixels: at least 1280x720, wider or taller to fill the window. */
  width: number;
  height: number;
}

/**
 * Scale so the 1280x720 design fits, then stretch the stage in design pixels
 * to fill the rest of the window (no letterbox bars). On a wide phone this is
 * "zoom by window height" (product.md section 1).
 */
export function stageSizeFor(windowWidth: number, windowHeight: number): StageSize {
  const w = Math.max(1, windowWidth);
  const h = Math.max(1, windowHeight);
  const scale = Math.min(w / DESIGN_WIDTH, h / DESIGN_HEIGHT);
  return { scale, width: w / scale, height: h / scale };
}

function currentSize(): StageSize {
  const vv = window.visualViewport;
  const w = window.innerWidth || vv?.width || DESIGN_WIDTH;
  const h = window.innerHeight || vv?.height || DESIGN_HEIGHT;
  return stageSizeFor(w, h);
}

/**
 * The stage's size as the Stage last drew it, for components that place
 * things in design pixels. Reading `window.innerWidth` during a render forces
 * a style and layout of the whole page in the middle of React's work (the
 * tutorial overlay did so on every render: an 18 ms forced layout at 1x in
 * the map's first load, bench/web/load-tasks.ts).
 */
let drawnSize: StageSize | null = null;
const sizeListeners = new Set<() => void>();

function publishSize(size: StageSize): void {
  drawnSize = size;
  for (const listener of sizeListeners) listener();
}

function subscribeSize(listener: () => void): () => void {
  sizeListeners.add(listener);
  return () => sizeListeners.delete(listener);
}

function snapshotSize(): StageSize {
  drawnSize ??= currentSize();
  return drawnSize;
}

/** The stage's size in design pixels (and its scale), following the window. */
export function useStageSize(): StageSize {
  return useSyncExternalStore(subscribeSize, snapshotSize, snapshotSize);
}

export function Stage({ children, hidden }: { children: ReactNode; hidden?: boolean }) {
  const [size, setSize] = useState(snapshotSize);
  useEffect(() => publishSize(size), [size]);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setSize(currentSize()));
    };
    window.addEventListener("resize", update);
    window.addEventListener("orientationchange", update);
    window.visualViewport?.addEventListener("resize", update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("resize", update);
      window.removeEventListener("orientationchange", update);
      window.visualViewport?.removeEventListener("resize", update);
    };
  }, []);

  const style = {
    width: `${size.width}px`,
    height: `${size.height}px`,
    transform: `scale(${size.scale})`,
    "--stage-w": `${size.width}px`,
    "--stage-h": `${size.height}px`,
  } as CSSProperties;

  return (
    <div className="stage-viewport" hidden={hidden}>
      <div className="stage" style={style}>
        {children}
        <div id={STAGE_MODAL_ROOT_ID} />
      </div>
    </div>
  );
}
