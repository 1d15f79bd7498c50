import type { PaymentBox, PaymentOrder } from "@cardrealm/protocol";
import { type CSSProperties, useCallback, useEffect, useRef, useState } from "react";
import { ScreenFrame } from "../../components/card-views/screen-frame.tsx";
import { StagePortal } from "../../components/modal/stage-portal.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { playChime, playClick } from "../../lib/audio.ts";
import { openExternal } from "../../lib/external.ts";
import {
  abandonPayment,
  buyGemBox,
  paymentApi,
  setLatePaymentHandler,
} from "../../lib/payment-bridge.ts";
import {
  appStore,
  setLoading,
  setSettings,
  setUser,
  showSystemMessage,
  useAppStore,
} from "../../stores/app-store.ts";
import "./gem-shop.css";
import { formatGems } from "../../lib/format.ts";

/** Gems drawn on a box: two on the first, one more on each next box. */
const GEM_PILE = ["g1", "g2", "g3", "g4", "g5"] as const;

/** The overlay offers to stop waiting for the platform after this long. */
const CANCEL_AFTER_MS = 10_000;

export function formatPrice(cents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}

/** Box 2 is the best offer (product.md section 2); the server's flag agrees. */
export function isBestOffer(box: PaymentBox, index: number): boolean {
  return box.best_offer || index === 1;
}

/** The partner of the payment calls: from the settings, fetched once if missing. */
function usePartner(): string | null {
  const partner = useAppStore((s) => s.settings?.partner ?? null);
  useEffect(() => {
    if (partner) return;
    api
      .settings()
      .then(setSettings)
      .catch(() => {});
  }, [partner]);
  return partner;
}

function SandboxDialog({
  order,
  onAnswer,
}: {
  order: PaymentOrder;
  onAnswer: (pay: boolean) => void;
}) {
  const payRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    payRef.current?.focus();
  }, []);
  return (
    <StagePortal>
      <div className="gem-sandbox__backdrop">
        <section
          className="gem-sandbox panel"
          role="dialog"
          aria-modal="true"
          aria-labelledby="gem-sandbox-title"
          data-testid="payment-sandbox"
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.stopPropagation();
              onAnswer(false);
            }
          }}
        >
          <p className="gem-sandbox__kicker">Local play</p>
          <h2 id="gem-sandbox-title" className="gem-sandbox__title">
            Test payment — no money is taken
          </h2>
          <div className="gem-sandbox__order">
            <span className="gem-sandbox__name">{order.name}</span>
            <span className="gem-sandbox__gems">
              <span className="gem-shop__gem" aria-hidden="true" /> {formatGems(order.count)} gems
            </span>
            <span className="gem-sandbox__price">{formatPrice(order.price)}</span>
          </div>
          <p className="gem-sandbox__hint">
            Outside a partner platform the realm's sandbox stands in for the payment. Pay to receive
            the gems.
          </p>
          <div className="gem-sandbox__actions">
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => onAnswer(false)}
              data-testid="payment-sandbox-cancel"
            >
              Cancel
            </button>
            <button
              ref={payRef}
              type="button"
              className="btn btn--gold"
              onClick={() => onAnswer(true)}
              data-testid="payment-sandbox-pay"
            >
              Pay {formatPrice(order.price)}
            </button>
          </div>
        </section>
      </div>
    </StagePortal>
  );
}

/**
 * The partner's gem boxes, loaded when the partner is known; a paid answer
 * that comes after the player stopped waiting still credits the gems.
 */
function useGemBoxes(partner: string | null) {
  const [boxes, setBoxes] = useState<PaymentBox[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const loadBoxes = useCallback(async (p: string) => {
    try {
      setBoxes(await paymentApi.boxes(p));
      setLoadError(null);
    } catch (error) {
      setLoadError(error instanceof ApiError ? error.message : "Could not load the gem shop.");
    }
  }, []);

  useEffect(() => {
    if (partner) void loadBoxes(partner);
  }, [partner, loadBoxes]);

  // A paid answer after the player stopped waiting still credits the gems.
  useEffect(() => {
    if (!partner) return;
    setLatePaymentHandler((callback) => {
      if (callback.paymentId === null) return;
      paymentApi
        .implement(partner, callback.paymentId)
        .then((user) => {
          setUser(user);
          void loadBoxes(partner);
        })
        .catch((error) => console.warn("[gem-shop] late payment not confirmed:", error));
    });
  }, [partner, loadBoxes]);

  return { boxes, loadError, loadBoxes };
}

/**
 * The in-game gem shop (product.md section 2, gem_shop): three purchase
 * boxes, the second marked BEST OFFER. A tap (ignored while loading) shows a
 * loading overlay for the whole payment; see lib/payment-bridge.ts.
 */
export default function GemShopScreen() {
  const partner = usePartner();
  const isLoading = useAppStore((s) => s.isLoading);
  const supporterUrl = useAppStore((s) => s.settings?.supporterUrl);
  const { boxes, loadError, loadBoxes } = useGemBoxes(partner);
  const [paying, setPaying] = useState<number | null>(null);
  const [canCancel, setCanCancel] = useState(false);
  const [sandbox, setSandbox] = useState<{
    order: PaymentOrder;
    answer: (pay: boolean) => void;
  } | null>(null);
  const [credited, setCredited] = useState<{ gems: number; n: number } | null>(null);
  const busy = useRef(false);

  useEffect(() => {
    if (paying === null) return;
    setCanCancel(false);
    const timer = setTimeout(() => setCanCancel(true), CANCEL_AFTER_MS);
    return () => clearTimeout(timer);
  }, [paying]);

  const buy = async (box: PaymentBox) => {
    // product.md section 5: a tap while a load is in progress is ignored.
    if (busy.current || appStore.get().isLoading || !partner) return;
    playClick();
    busy.current = true;
    setPaying(box.id);
    setLoading(true);
    const before = appStore.get().user?.silver ?? 0;
    try {
      const settings = appStore.get().settings;
      const outcome = await buyGemBox(box.id, {
        partner,
        ...(settings?.partnerOrigins ? { partnerOrigins: settings.partnerOrigins } : {}),
        sandbox: settings?.paymentSandbox === "1",
        confirmSandbox: (order) =>
          new Promise<boolean>((resolve) => {
            setSandbox({
              order,
              answer: (pay) => {
                setSandbox(null);
                resolve(pay);
              },
            });
          }),
      });
      if (outcome.status === "paid") {
        setUser(outcome.user);
        playChime();
        setCredited((c) => ({
          gems: Math.max(0, outcome.user.silver - before) || box.gems,
          n: (c?.n ?? 0) + 1,
        }));
        await loadBoxes(partner);
      } else if (outcome.status === "unavailable") {
        showSystemMessage(outcome.message, "info");
      }
      // "cancelled": any other answer of the platform ends the payment silently.
    } catch (error) {
      showSystemMessage(
        error instanceof ApiError ? error.message : "The payment could not be completed.",
        "info",
      );
    } finally {
      busy.current = false;
      setPaying(null);
      setSandbox(null);
      setLoading(false);
    }
  };

  const supporter = (
    <>
      <span className="gem-shop__spacer" />
      <button
        type="button"
        className="btn btn--ghost gem-shop__support"
        onClick={() => {
          playClick();
          openExternal(supporterUrl);
        }}
        data-testid="gem-shop-supporter"
      >
        Supporter page <span aria-hidden="true">↗</span>
      </button>
    </>
  );

  return (
    <ScreenFrame route="gem_shop" title="Gem Shop" actions={supporter} className="gem-shop-screen">
      <div className="gem-shop" aria-busy={paying !== null}>
        {boxes === null ? (
          <p className="gem-shop__message" role="status">
            {loadError ?? "Opening the treasury…"}
          </p>
        ) : (
          <ul className="gem-shop__boxes">
            {boxes.map((box, index) => {
              const best = isBestOffer(box, index);
              return (
                <li
                  key={box.id}
                  className="gem-shop__slot"
                  style={{ animationDelay: `${index * 90}ms` }}
                >
                  <button
                    type="button"
                    className={`gem-box gem-box--${index + 1}${best ? " gem-box--best" : ""}`}
                    onClick={() => void buy(box)}
                    aria-disabled={isLoading || undefined}
                    aria-label={`${box.name}: ${formatGems(box.gems)} gems for ${formatPrice(box.price)}${best ? ", best offer" : ""}`}
                    data-testid={`gem-shop-box-${box.id}`}
                  >
                    {best && (
                      <span className="gem-box__ribbon" data-testid="gem-shop-best-offer">
                        Best offer
                      </span>
                    )}
                    <span
                      className="gem-box__pile"
                      style={{ "--n": Math.min(GEM_PILE.length, index + 2) } as CSSProperties}
                      aria-hidden="true"
                    >
                      {GEM_PILE.slice(0, index + 2).map((gem, i) => (
                        <span
                          key={gem}
                          className="gem-box__gem"
                          style={{ "--g": i } as CSSProperties}
                        />
                      ))}
                    </span>
                    <span className="gem-box__name">{box.name}</span>
                    <span className="gem-box__gems">
                      {formatGems(box.gems)}
                      <span className="gem-box__unit"> gems</span>
                    </span>
                    <span className="gem-box__desc">{box.description}</span>
                    <span className="gem-box__price">{formatPrice(box.price)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <p className="gem-shop__note" aria-live="polite">
          {credited ? (
            <span className="gem-shop__credited" key={credited.n} data-testid="gem-shop-credited">
              +{formatGems(credited.gems)} gems added to your treasury!
            </span>
          ) : (
            "Gems open card boxes and the season pass in Offers."
          )}
        </p>

        {paying !== null && (
          <div className="gem-shop__overlay" role="status" data-testid="gem-shop-loading">
            <span className="gem-shop__spinner" aria-hidden="true" />
            <span className="gem-shop__waiting">Completing your payment…</span>
            {canCancel && !sandbox && (
              <button
                type="button"
                className="btn btn--ghost gem-shop__stop"
                onClick={() => abandonPayment()}
              >
                Stop waiting
              </button>
            )}
          </div>
        )}
      </div>
      {sandbox && <SandboxDialog order={sandbox.order} onAnswer={sandbox.answer} />}
    </ScreenFrame>
  );
}
