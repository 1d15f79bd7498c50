import { useEffect, useRef } from "react";
import { useLoadingStore } from "../../stores/loading-store.ts";
import "./loading.css";

/** The login loading popup: a tip, a real progress bar, and Retry when a step fails. */
export function LoadingPopup() {
  const { visible, tip, progress, label, error, retry, cancel } = useLoadingStore((s) => s);
  const retryRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (error) retryRef.current?.focus();
  }, [error]);

  if (!visible) return null;
  const value = Math.max(0, Math.min(100, Math.round(progress)));

  return (
    <div className="loading__backdrop">
      <section
        className="loading panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby="loading-title"
        data-testid="loading-popup"
      >
        <h2 id="loading-title" className="loading__title">
          {error ? "The portal flickers" : "Preparing the realm"}
        </h2>

        {error ? (
          <>
            <p className="loading__error" role="alert" data-testid="loading-error">
              {error}
            </p>
            <div className="loading__actions">
              {cancel && (
                <button
                  type="button"
                  className="btn btn--ghost"
                  onClick={cancel}
                  data-testid="loading-cancel"
                >
                  Back
                </button>
              )}
              {retry && (
                <button
                  type="button"
                  className="btn btn--gold"
                  ref={retryRef}
                  onClick={retry}
                  data-testid="loading-retry"
                >
                  Retry
                </button>
              )}
            </div>
          </>
        ) : (
          <>
            <div className="loading__tip">
              <span className="loading__tip-label">Tip</span>
              <p className="loading__tip-text" data-testid="loading-tip">
                {tip}
              </p>
            </div>
            <div
              className="loading__bar"
              role="progressbar"
              aria-label="Loading progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={value}
              aria-valuetext={`${value}% — ${label}`}
              data-testid="loading-progress"
            >
              <div className="loading__fill" style={{ transform: `translateX(${value - 100}%)` }} />
            </div>
            <p className="loading__label" aria-live="polite">
              <span>{label}</span>
              <span className="loading__percent">{value}%</span>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
