import { type ReactNode, useState } from "react";
import "./art-image.css";

interface ArtImageProps {
  src: string;
  /** Empty for decorative art (the text next to it already says what it is). */
  alt: string;
  className?: string;
  /** Shown until the image has loaded, and instead of it if it never does. */
  fallback: ReactNode;
}

/**
 * Art that may not exist yet (the art pipeline fills /static/media over time):
 * the image stays invisible until it has really loaded, so a missing file shows
 * the CSS fallback and never a broken-image icon.
 */
export function ArtImage({ src, alt, className, fallback }: ArtImageProps) {
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading");
  const [currentSrc, setCurrentSrc] = useState(src);
  if (currentSrc !== src) {
    setCurrentSrc(src);
    setState("loading");
  }
  return (
    <span className={`art-image ${className ?? ""}`} data-state={state}>
      {state !== "loaded" && <span className="art-image__fallback">{fallback}</span>}
      {state !== "failed" && (
        <img
          className="art-image__img"
          src={src}
          alt={alt}
          draggable={false}
          onLoad={() => setState("loaded")}
          onError={() => setState("failed")}
        />
      )}
    </span>
  );
}
