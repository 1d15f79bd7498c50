import type { Faction } from "@cardrealm/engine";
import type { ApiCard } from "@cardrealm/protocol";
import { type CSSProperties, type MouseEvent, useLayoutEffect, useRef, useState } from "react";
import {
  type CardSize,
  type CostResource,
  cardAriaLabel,
  cardArtUrl,
  cardText,
  costParts,
  nameFit,
  RARITY_LABEL,
} from "./card-model.ts";
// The card's stylesheet, split by subject: imported in this order, which is its cascade.
import "./card-frame.css";
import "./card-art.css";
import "./card-face.css";
import "./card-stats.css";
import "./card-phone.css";

export interface GameCardProps {
  card: ApiCard;
  /** mini: hand, table, sliders. big: the large view. huge: the very big view. */
  size?: CardSize;
  /** Can be played now: a soft pulsing glow. */
  playable?: boolean;
  selected?: boolean;
  /** Greyed out and not clickable. */
  disabled?: boolean;
  /** Copies owned or in the deck; a badge when given. */
  amount?: number;
  /** Live stats of a unit on the table (buffs, damage); the printed ones otherwise. */
  attack?: number;
  hp?: number;
  /** Hide the flavour line on big and huge cards. */
  hideFlavor?: boolean;
  /** Click, or Enter and Space (the card is then a button). */
  onClick?: (card: ApiCard, event: MouseEvent<HTMLElement>) => void;
  onDoubleClick?: (card: ApiCard, event: MouseEvent<HTMLElement>) => void;
  onContextMenu?: (card: ApiCard, event: MouseEvent<HTMLElement>) => void;
  /** Folder of the card art panels; /img/cards by default. */
  artBase?: string;
  className?: string;
  style?: CSSProperties;
  "data-testid"?: string;
}

/**
 * The frame colour of each faction (tools/art/palette.ts `frame`): a record
 * over the engine's factions, so a new one does not compile without its tint.
 */
const FACTION_TINT: Record<Faction, string> = {
  elf: "#3f9f78",
  undead: "#7d8f6a",
  thief: "#b08850",
  heretic: "#b8467a",
  tower: "#5a7fc4",
  demon: "#c8502a",
  troll: "#97853e",
  vampire: "#a0183a",
  neutral: "#8a62c8",
};

/** An API card's faction is a plain string: anything the engine does not name is neutral. */
function tintOf(faction: string): string {
  const byName: Readonly<Record<string, string | undefined>> = FACTION_TINT;
  return byName[faction] ?? FACTION_TINT.neutral;
}

const PIP_PATH: Record<CostResource, string> = {
  fire: "M12 1.5c2.6 4.2 7.8 7.6 7.8 13.2a7.8 7.8 0 0 1-15.6 0C4.2 9.1 9.4 5.7 12 1.5z",
  diamond: "M12 1 23 12 12 23 1 12z",
  pow: "M12 1.2 21.6 6.6v10.8L12 22.8 2.4 17.4V6.6z",
};
const ATTACK_PATH =
  "M12 .8l2.6 5.6 5.9-1.8-1.9 5.9 5.6 2.6-5.6 2.6 1.9 5.9-5.9-1.8L12 25.4l-2.6-5.6-5.9 1.8 1.9-5.9L-.2 13.1l5.6-2.6-1.9-5.9 5.9 1.8z";
const HP_PATH =
  "M12 22.3 10.4 20.9C4.8 15.8 1.2 12.5 1.2 8.4A5.7 5.7 0 0 1 7 2.6c1.9 0 3.8.9 5 2.3a6.7 6.7 0 0 1 5-2.3 5.7 5.7 0 0 1 5.8 5.8c0 4.1-3.6 7.4-9.2 12.5z";

function Badge({ kind, value, base }: { kind: "attack" | "hp"; value: number; base?: number }) {
  const change =
    base === undefined || value === base ? "" : value > base ? " gc-badge--up" : " gc-badge--down";
  return (
    <span className={`gc-badge gc-badge--${kind}${change}`} data-testid={`card-${kind}`}>
      <svg viewBox="0 0 24 26" aria-hidden="true" focusable="false" className="gc-badge__shape">
        <path d={kind === "attack" ? ATTACK_PATH : HP_PATH} />
      </svg>
      <span className="gc-badge__value">{value}</span>
    </span>
  );
}

/**
 * The art and name-fitting state of a card: both restart when the card or its
 * size changes. nameFit's estimate suits most names; after layout, the name
 * shrinks a little further while it still overflows its banner (no-op without layout).
 */
function useCardFace(card: ApiCard, size: CardSize) {
  const key = `${card.id}|${card.name}|${size}`;
  const [shownKey, setShownKey] = useState(key);
  const [artFailed, setArtFailed] = useState(false);
  const [shrink, setShrink] = useState(1);
  if (shownKey !== key) {
    setShownKey(key);
    setArtFailed(false);
    setShrink(1);
  }
  const nameRef = useRef<HTMLSpanElement>(null);

  useLayoutEffect(() => {
    const el = nameRef.current;
    if (!el || el.clientWidth === 0) return;
    const over = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    if (over && shrink > 0.6) setShrink(Math.round((shrink - 0.08) * 100) / 100);
  });

  return { artFailed, onArtError: () => setArtFailed(true), shrink, nameRef };
}

/** The cost pips: only the non-zero parts, none at all for a free card. */
function CostPips({ card }: { card: ApiCard }) {
  const costs = costParts(card);
  if (costs.length === 0) return null;
  return (
    <span className="gc__costs" data-testid="card-costs">
      {costs.map(({ resource, amount: n }) => (
        <span
          key={resource}
          className={`gc-pip gc-pip--${resource}`}
          data-testid={`card-cost-${resource}`}
        >
          <svg viewBox="0 0 24 24" className="gc-pip__shape" aria-hidden="true" focusable="false">
            <path d={PIP_PATH[resource]} />
          </svg>
          <span className="gc-pip__value">{n}</span>
        </span>
      ))}
    </span>
  );
}

interface CardFaceProps extends ReturnType<typeof useCardFace> {
  card: ApiCard;
  size: CardSize;
  hideFlavor: boolean;
  amount: number | undefined;
  shownAttack: number;
  shownHp: number;
  artBase: string | undefined;
}

/** What a card shows (hidden from assistive technology: the root's label tells it). */
function CardFace({
  card,
  size,
  hideFlavor,
  amount,
  shownAttack,
  shownHp,
  artBase,
  artFailed,
  onArtError,
  shrink,
  nameRef,
}: CardFaceProps) {
  const unit = card.type_card === "unit";
  const fit = nameFit(card.name, size);
  const text = cardText(card, size);
  return (
    <span className="gc__frame" aria-hidden="true">
      <span className="gc__art">
        {artFailed ? (
          <span className="gc__art-fallback">
            <span>{card.name.charAt(0)}</span>
          </span>
        ) : (
          <img
            className="gc__art-img"
            src={cardArtUrl(card.id, size, artBase)}
            alt=""
            decoding="async"
            draggable={false}
            onError={onArtError}
          />
        )}
      </span>
      {!unit && <span className="gc__crest" />}
      <span className={`gc__banner${fit.lines === 2 ? " gc__banner--two" : ""}`}>
        <span
          ref={nameRef}
          className={`gc__name${fit.lines === 2 ? " gc__name--two" : ""}`}
          // The fitted size as a variable: card-face.css sets it, and card-phone.css puts a floor under it.
          style={{ "--gc-name-size": `${(fit.cqw * shrink).toFixed(2)}cqw` } as CSSProperties}
          data-testid="card-name"
        >
          {card.name}
        </span>
      </span>
      <span className="gc__gem" title={RARITY_LABEL[card.rarity]} />
      <span className="gc__text" data-testid="card-text">
        {text && <span className="gc__ability">{text}</span>}
        {card.flavor && !hideFlavor && (size !== "mini" || !text) && (
          <span className="gc__flavor">{card.flavor}</span>
        )}
      </span>
      <CostPips card={card} />
      {unit && (
        <>
          <Badge kind="attack" value={shownAttack} base={card.attack} />
          <Badge kind="hp" value={shownHp} base={card.hp} />
        </>
      )}
      {amount !== undefined && (
        <span className="gc__amount" data-testid="card-amount">
          ×{amount}
        </span>
      )}
    </span>
  );
}

/** The root's classes: size, type, rarity, faction and the interaction states. */
function cardClasses(
  card: ApiCard,
  size: CardSize,
  flags: { playable: boolean; selected: boolean; disabled: boolean; interactive: boolean },
  className: string | undefined,
): string {
  const { playable, selected, disabled, interactive } = flags;
  return [
    "gc",
    `gc--${size}`,
    `gc--${card.type_card}`,
    `gc--${card.rarity}`,
    `gc--faction-${card.faction}`,
    playable && !disabled ? "gc--playable" : "",
    selected ? "gc--selected" : "",
    disabled ? "gc--disabled" : "",
    interactive ? "gc--interactive" : "",
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * One card, drawn in CSS over its art panel: the frame by type (a square art
 * window for units, an arched one with a crest for spells), tinted by faction,
 * a rarity gem, the name fitted to the banner, cost pips (only non-zero
 * parts), attack and hp badges for units, and the ability text. Sizes scale
 * with the card width (--gc-w), which the caller may set.
 */
export function GameCard({
  card,
  size = "mini",
  playable = false,
  selected = false,
  disabled = false,
  amount,
  attack,
  hp,
  hideFlavor = false,
  onClick,
  onDoubleClick,
  onContextMenu,
  artBase,
  className,
  style,
  "data-testid": testId,
}: GameCardProps) {
  // Held here, not in CardFace: the face stays put when the root turns from a div to a button.
  const faceState = useCardFace(card, size);
  const interactive =
    !disabled &&
    (onClick !== undefined || onDoubleClick !== undefined || onContextMenu !== undefined);
  const shownAttack = attack ?? card.attack ?? 0;
  const shownHp = hp ?? card.hp ?? 0;
  const label = cardAriaLabel(card, size, { attack: shownAttack, hp: shownHp });
  const classes = cardClasses(card, size, { playable, selected, disabled, interactive }, className);
  const rootStyle = { ...style, ["--gc-tint" as string]: tintOf(card.faction) } as CSSProperties;

  const face = (
    <CardFace
      {...faceState}
      card={card}
      size={size}
      hideFlavor={hideFlavor}
      amount={amount}
      shownAttack={shownAttack}
      shownHp={shownHp}
      artBase={artBase}
    />
  );

  if (!interactive) {
    return (
      <div
        className={classes}
        style={rootStyle}
        role="img"
        aria-label={label}
        aria-disabled={disabled || undefined}
        data-testid={testId ?? `card-${card.id}`}
        data-card-id={card.id}
      >
        {face}
      </div>
    );
  }
  return (
    <button
      type="button"
      className={classes}
      style={rootStyle}
      aria-label={label}
      aria-pressed={selected}
      data-testid={testId ?? `card-${card.id}`}
      data-card-id={card.id}
      onClick={onClick ? (e) => onClick(card, e) : undefined}
      onDoubleClick={onDoubleClick ? (e) => onDoubleClick(card, e) : undefined}
      onContextMenu={
        onContextMenu
          ? (e) => {
              e.preventDefault();
              onContextMenu(card, e);
            }
          : undefined
      }
    >
      {face}
    </button>
  );
}
