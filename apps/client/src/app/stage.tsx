import { type CSSProperties, type ReactNode, useEffect, useState } from "react";
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

export function Stage({ children, hidden }: { children: ReactNode; hidden?: boolean }) {
  const [size, setSize] = useState(currentSize);

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
