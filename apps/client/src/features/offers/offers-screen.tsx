import {
  type ApiCard,
  type Box,
  DEFAULT_BOX,
  MESSAGES,
  SEASON_PASS_PRICE,
  VAMPIRE_BOX,
} from "@cardrealm/protocol";
import { useEffect, useMemo, useRef, useState } from "react";
import { ArtImage } from "../../components/art/art-image.tsx";
import { ScreenFrame } from "../../components/card-views/screen-frame.tsx";
import { ConfirmDialog } from "../../components/system-dialog/confirm-dialog.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { playClick } from "../../lib/audio.ts";
import { sfx } from "../../lib/sound/sfx.ts";
import {
  appStore,
  setLoading,
  setRoute,
  setUser,
  showSystemMessage,
  useAppStore,
} from "../../stores/app-store.ts";
import { BoxView } from "./box-view.tsx";
import { newRequestId, type OpenBoxResult, offersApi } from "./offers-api.ts";
// The offers screen's stylesheet, split by subject: imported in this order, which is its cascade.
import "./offers-shop.css";
import "./offers-opened.css";
import "./offers-phone.css";
import { formatGems } from "../../lib/format.ts";
import { tutorialEvent } from "../../stores/tutorial-state.ts";

/** The two card boxes of the offers screen, in order, with their art. */
const BOX_ART: Record<number, string> = {
  [DEFAULT_BOX.id]: "/static/media/box-default.svg",
  [VAMPIRE_BOX.id]: "/static/media/box-vampire.svg",
};
const SHOWN_BOX_IDS: readonly number[] = [DEFAULT_BOX.id, VAMPIRE_BOX.id];
const RARITIES = ["rare", "uncommon", "common"] as const;
const RARITY_NAME = { rare: "Rare", uncommon: "Uncommon", common: "Common" } as const;

/** What the odds column's number means (docs/decisions.md "The box window's Chance is per card"). */
const CHANCE_EXPLAINED = "Chance that one given card of this rarity is in the box";

export function percent(share: number): string {
  const p = share * 100;
  return `${p >= 10 || Number.isInteger(p) ? Math.round(p) : p.toFixed(1)}%`;
}

function Gem() {
  return <span className="offers-gem" aria-hidden="true" />;
}

function BoxOffer({ box, busy, onOpen }: { box: Box; busy: boolean; onOpen: (box: Box) => void }) {
  const kind = box.set === "vampire" ? "vampire" : "default";
  return (
    <article
      className={`offer-box offer-box--${kind} panel`}
      aria-labelledby={`offer-box-${box.id}-name`}
      data-testid={`offers-box-${box.id}`}
    >
      <div className={`offer-box__art${busy ? " offer-box__art--shaking" : ""}`}>
        <ArtImage
          className="offer-box__img"
          src={BOX_ART[box.id] ?? "/static/media/box-default.svg"}
          alt=""
          fallback={<span className={`offer-box__chest offer-box__chest--${kind}`} />}
        />
      </div>
      <h2 id={`offer-box-${box.id}-name`} className="offer-box__name">
        {box.name} box
      </h2>
      <p className="offer-box__desc">{box.description}</p>
      <table className="offer-odds" data-testid={`offers-odds-${box.id}`}>
        <caption className="visually-hidden">
          Cards per box, the chance of each given card, and duplicate cashback
        </caption>
        <thead>
          <tr>
            <th scope="col">Rarity</th>
            <th scope="col">Cards</th>
            <th scope="col" title={CHANCE_EXPLAINED} data-testid={`offers-odds-${box.id}-head`}>
              Per card
            </th>
            <th scope="col">Duplicate</th>
          </tr>
        </thead>
        <tbody>
          {RARITIES.map((r) => (
            <tr key={r} className={`offer-odds__row offer-odds__row--${r}`}>
              <th scope="row">
                <span className="offer-odds__gem" aria-hidden="true" />
                {RARITY_NAME[r]}
              </th>
              <td>{box.slots[r]}</td>
              <td
                title={`Each of the ${box.pool[r]} ${r} cards: ${percent(box.odds[r])} per box`}
                data-testid={`offers-odds-${box.id}-${r}`}
              >
                {percent(box.odds[r])}
              </td>
              <td data-testid={`offers-cashback-${box.id}-${r}`}>
                +{formatGems(box.cashback[r])} <Gem />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="offer-box__note">
        Per card: the chance one given card is in the box. A copy beyond the deck cap turns into
        gems.
      </p>
      <button
        type="button"
        className="btn btn--gold offer-box__buy"
        onClick={() => onOpen(box)}
        aria-busy={busy}
        aria-label={`Open the ${box.name} box for ${formatGems(box.price)} gems`}
        data-testid={`offers-open-${box.id}`}
      >
        {busy ? (
          "Opening…"
        ) : (
          <>
            Open · {formatGems(box.price)} <Gem />
          </>
        )}
      </button>
    </article>
  );
}

/**
 * Buying the season pass: the biggest spend in the game, so a short balance
 * is refused at once, otherwise the player confirms before anything is bought.
 */
function useSeasonPassPurchase() {
  const [buyingPass, setBuyingPass] = useState(false);
  const [confirmingPass, setConfirmingPass] = useState(false);

  const askPass = () => {
    playClick();
    if (buyingPass) return;
    if ((appStore.get().user?.silver ?? 0) < SEASON_PASS_PRICE) {
      showSystemMessage(MESSAGES.notEnoughGems, "info");
      return;
    }
    setConfirmingPass(true);
  };

  const buyPass = async () => {
    playClick();
    setConfirmingPass(false);
    if (buyingPass) return;
    setBuyingPass(true);
    try {
      setUser(await offersApi.seasonPass());
      showSystemMessage(MESSAGES.seasonPassActivated, "info");
    } catch (error) {
      showSystemMessage(
        error instanceof ApiError ? error.message : "Could not activate the season pass.",
        "info",
      );
      // 409: the pass is already active elsewhere; fetch the user so the button goes away.
      if (error instanceof ApiError && error.status === 409) {
        const details = await api.playerDetails();
        if (details.data) setUser(details.data);
      }
    } finally {
      setBuyingPass(false);
    }
  };

  return {
    buyingPass,
    confirmingPass,
    askPass,
    buyPass,
    closePass: () => setConfirmingPass(false),
  };
}

/**
 * Offers (product.md section 2): the Default and Vampire boxes with their
 * odds and cashback, the box view after opening, and the season pass.
 */
export default function OffersScreen() {
  const storeBoxes = useAppStore((s) => s.boxes);
  const cards = useAppStore((s) => s.cards);
  const premium = useAppStore((s) => s.user?.premium ?? false);
  const silver = useAppStore((s) => s.user?.silver ?? 0);
  const [fetched, setFetched] = useState<Box[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const { buyingPass, confirmingPass, askPass, buyPass, closePass } = useSeasonPassPurchase();
  const [opened, setOpened] = useState<{ box: Box; result: OpenBoxResult; n: number } | null>(null);
  const openingRef = useRef(false);

  const allBoxes = storeBoxes.length > 0 ? storeBoxes : (fetched ?? []);
  const boxes = SHOWN_BOX_IDS.map((id) => allBoxes.find((b) => b.id === id)).filter(
    (b): b is Box => b !== undefined,
  );
  const cardsById = useMemo(() => new Map<number, ApiCard>(cards.map((c) => [c.id, c])), [cards]);

  // The boxes normally arrive at login; fetch them if that failed.
  useEffect(() => {
    if (storeBoxes.length > 0) return;
    let live = true;
    offersApi
      .boxes()
      .then((b) => {
        if (live) {
          setFetched(b);
          appStore.set({ boxes: b });
        }
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [storeBoxes.length]);

  const open = async (box: Box) => {
    playClick();
    if (openingRef.current) return;
    const silver = appStore.get().user?.silver ?? 0;
    // product.md section 5: price above the balance is refused before any call.
    if (box.price > silver) {
      showSystemMessage(MESSAGES.notEnoughGems, "info");
      return;
    }
    openingRef.current = true;
    setBusy(box.id);
    setLoading(true);
    try {
      const result = await offersApi.open(box.id, newRequestId());
      setUser(result.user);
      sfx.boosterOpen();
      setOpened((o) => ({ box, result, n: (o?.n ?? 0) + 1 }));
      tutorialEvent("box-opened");
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        showSystemMessage(error.message || MESSAGES.notEnoughGems, "info");
      } else {
        // product.md section 8: other open-box failures are only logged.
        console.warn("[offers] open box failed:", error);
      }
    } finally {
      openingRef.current = false;
      setBusy(null);
      setLoading(false);
    }
  };

  const getGems = (
    <>
      <span className="offers-spacer" />
      <button
        type="button"
        className="btn btn--purple offers-get-gems"
        onClick={() => {
          playClick();
          setRoute("gem_shop");
        }}
        data-testid="offers-gem-shop"
      >
        <Gem /> Get gems
      </button>
    </>
  );

  return (
    <ScreenFrame route="offers" title="Offers" actions={getGems} className="offers-screen">
      <div className="offers">
        {boxes.length === 0 ? (
          <p className="offers__loading" role="status">
            The merchants are unpacking their boxes…
          </p>
        ) : (
          boxes.map((box, i) => (
            <div key={box.id} className="offers__slot" style={{ animationDelay: `${i * 90}ms` }}>
              <BoxOffer box={box} busy={busy === box.id} onOpen={(b) => void open(b)} />
            </div>
          ))
        )}
        <div className="offers__slot" style={{ animationDelay: "180ms" }}>
          <article className="season-pass panel" aria-labelledby="season-pass-title">
            <span className="season-pass__crest" aria-hidden="true">
              ✦
            </span>
            <h2 id="season-pass-title" className="season-pass__title">
              Season pass
            </h2>
            {premium ? (
              <p className="season-pass__active" data-testid="season-pass-active">
                Your season pass is active. Paid season rewards are yours to claim in the arena.
              </p>
            ) : (
              <>
                <ul className="season-pass__perks">
                  <li>Unlocks the paid track of season rewards</li>
                  <li>Claim paid rewards for every season level you reach</li>
                  <li>No season banner in the arena</li>
                </ul>
                <button
                  type="button"
                  className="btn btn--gold season-pass__buy"
                  onClick={askPass}
                  disabled={buyingPass}
                  data-testid="season-pass-buy"
                >
                  {buyingPass ? (
                    "Activating…"
                  ) : (
                    <>
                      Activate · {formatGems(SEASON_PASS_PRICE)} <Gem />
                    </>
                  )}
                </button>
              </>
            )}
          </article>
        </div>
      </div>

      {confirmingPass && (
        <ConfirmDialog
          title="Activate the season pass?"
          confirmLabel={
            <>
              Activate · {formatGems(SEASON_PASS_PRICE)} <Gem />
            </>
          }
          onConfirm={() => void buyPass()}
          onCancel={() => {
            playClick();
            closePass();
          }}
          testId="season-pass-confirm"
        >
          <p>
            {formatGems(SEASON_PASS_PRICE)} gems will be taken from your balance of{" "}
            {formatGems(silver)}.
          </p>
          <p>The paid track of season rewards opens for the rest of the season.</p>
        </ConfirmDialog>
      )}

      {opened && (
        <BoxView
          key={opened.n}
          box={opened.box}
          opened={opened.result}
          cards={cardsById}
          canOpenAgain={silver >= opened.box.price}
          onOpenAgain={() => {
            const box = opened.box;
            setOpened(null);
            void open(box);
          }}
          onClose={() => {
            playClick();
            setOpened(null);
            tutorialEvent("box-closed");
          }}
        />
      )}
    </ScreenFrame>
  );
}
