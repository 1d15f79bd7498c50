import type { PlayTarget, UnitMsg, ViewSide } from "@cardrealm/engine";
import { type PointerEvent as ReactPointerEvent, useRef } from "react";
import { opponentPortrait } from "../../components/art/portrait.ts";
import { CardBacks } from "../../components/card/card-backs.tsx";
import { openLargeCard } from "../../components/card-views/large-card-store.ts";
import { isCompactScreen } from "../../lib/device.ts";
import { possessive } from "../../lib/possessive.ts";
import {
  type BattleStoreState,
  type BoardSpot,
  type HpPopup,
  type SpotFx,
  useBattleStore,
} from "../../stores/battle-store.ts";
import { BattleCard } from "./battle-card.tsx";
import { battleCard } from "./battle-cards.ts";
import {
  DeckIcon,
  HandIcon,
  HeartIcon,
  ResourceIcon,
  type ResourceKind,
  ShieldIcon,
  SwordIcon,
} from "./battle-icons.tsx";
import { aimAt, placeAt, setAttack } from "./battle-intents.ts";
import { motionAllowed } from "./battle-motion.ts";
import { combatPreviewOf, unitPreviewWords } from "./battle-preview.ts";
import { CastlePreviewBadge, UnitPreviewBadges } from "./battle-preview.tsx";
import { sameSpot, spotOf } from "./battle-view.ts";
import { hidePreview, openZoom, showPreview, useDrag } from "./drag-store.ts";
import { canAct, currentTargets, mayFlag, playFor, sameTarget } from "./play-options.ts";
import { LONG_PRESS_MS, SWIPE_THRESHOLD_PX } from "./pointer.ts";

const RESOURCES: readonly ResourceKind[] = ["fire", "diamond", "pow"];
const RESOURCE_NAME: Record<ResourceKind, string> = {
  fire: "Fire",
  diamond: "Diamond",
  pow: "Pow",
};

function targetFor(spot: BoardSpot): PlayTarget {
  if (spot.cell === null) {
    return {
      key: spot.seat === "player" ? "target_player_hp" : "target_cpu_hp",
      value: 0,
      side: spot.seat,
    };
  }
  return { key: "table_key", value: spot.cell, side: spot.seat };
}

/** Is this spot a legal target of the picked card right now? */
function isTarget(s: BattleStoreState, spot: BoardSpot): boolean {
  const want = targetFor(spot);
  return currentTargets(s).some((t) => sameTarget(t, want));
}

/** Is this own cell a legal place for the picked unit right now? */
function isPlace(s: BattleStoreState, cell: number): boolean {
  if (s.phase !== "select_unit_target" || !s.pick) return false;
  return playFor(s.pick.handKey, s)?.cells.includes(cell) ?? false;
}

/** The opponent's played card (or the player's spell) points here. */
function isAimedByPlay(s: BattleStoreState, spot: BoardSpot): boolean {
  const t = s.cpuCard?.target ?? s.playerCast?.target;
  return t ? sameSpot(spotOf(t), spot) : false;
}

/** The parts an effect is drawn with (battle-fx.css shapes them per kind and element). */
const FX_PARTS = [0, 1, 2, 3, 4, 5];

/** Spell and blow effects on a spot (battle-motion.ts): decoration, hidden from assistive tech. */
function SpotEffects({ spot }: { spot: BoardSpot }) {
  const all = useBattleStore((s) => s.spotFx);
  const mine = all.filter((f: SpotFx) => sameSpot(f, spot));
  if (mine.length === 0) return null;
  return (
    <span className="fxs" aria-hidden="true">
      {mine.map((f) => (
        <span
          key={f.id}
          className={`fx fx--${f.kind} fx--${f.element}`}
          data-testid="board-fx"
          data-fx={f.kind}
          data-element={f.element}
        >
          {FX_PARTS.map((i) => (
            <span key={i} className={`fx__part fx__part--${i}`} />
          ))}
        </span>
      ))}
    </span>
  );
}

function Popups({ spot }: { spot: BoardSpot }) {
  const popups = useBattleStore((s) => s.popups);
  const mine = popups.filter((p: HpPopup) => sameSpot(p, spot));
  if (mine.length === 0) return <SpotEffects spot={spot} />;
  return (
    <>
      <SpotEffects spot={spot} />
      <span className="popups" aria-live="polite">
        {mine.map((p, i) => (
          <span
            key={p.id}
            className={`popup popup--${p.tone}`}
            style={{ ["--popup-i" as string]: i }}
            data-testid="hp-popup"
          >
            {p.text}
          </span>
        ))}
      </span>
    </>
  );
}

function unitLabel(seat: ViewSide, cell: number, unit: UnitMsg, attacking: boolean): string {
  const card = battleCard(unit.card);
  const parts = [
    `${seat === "player" ? "Your" : "Enemy"} ${card?.name ?? "unit"} in cell ${cell + 1}`,
    `attack ${unit.attack}, hp ${unit.hp}`,
  ];
  if (unit.sleep) parts.push("asleep");
  if (unit.effect.stun > 0) parts.push(`stunned ${unit.effect.stun}`);
  if (seat === "player" && unit.ready) parts.push(attacking ? "set to attack" : "set to defend");
  return parts.join(", ");
}

function UnitView({ seat, cell, unit }: { seat: ViewSide; cell: number; unit: UnitMsg }) {
  const card = battleCard(unit.card);
  const attacking = useBattleStore((s) => seat === "player" && s.attack[cell] === true);
  const lunge = useBattleStore(
    (s) => s.attackFx.find((a) => a.seat === seat && a.cell === cell)?.at ?? null,
  );
  const ability = useBattleStore((s) =>
    s.abilityFx.some((a) => a.seat === seat && a.cell === cell),
  );
  const dying = useBattleStore((s) => s.dying.includes(`${seat}-${cell}`));
  const hit = useBattleStore((s) =>
    s.popups.some((p) => p.tone === "damage" && p.seat === seat && p.cell === cell),
  );
  if (!card) return null;
  const classes = [
    "unit",
    `unit--${seat}`,
    attacking ? "unit--attacking" : "",
    lunge ? `unit--lunge unit--lunge-${lunge}` : "",
    ability ? "unit--ability" : "",
    dying ? "unit--dying" : "",
    hit && !dying ? "unit--hit" : "",
    unit.sleep ? "unit--asleep" : "",
    unit.effect.stun > 0 ? "unit--stunned" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={classes} data-testid={`${seat}-unit-${cell}`} data-card-id={unit.card}>
      <BattleCard card={card} attack={unit.attack} hp={unit.hp} />
      {dying && motionAllowed() && (
        <span className="unit__dissolve" aria-hidden="true" data-testid="unit-dissolve">
          {FX_PARTS.map((i) => (
            <span key={i} className={`unit__ember unit__ember--${i}`} />
          ))}
        </span>
      )}
      {unit.sleep && (
        <span className="unit__status unit__status--sleep" aria-hidden="true">
          z<small>z</small>
        </span>
      )}
      {unit.effect.stun > 0 && (
        <span className="unit__status unit__status--stun" aria-hidden="true">
          ✦{unit.effect.stun}
        </span>
      )}
      {seat === "player" && unit.ready && (
        <span
          className={`unit-flag unit-flag--${attacking ? "attack" : "defence"}`}
          data-testid={`player-flag-${cell}`}
          data-flag={attacking ? "attack" : "defence"}
          aria-hidden="true"
        >
          {attacking ? <SwordIcon /> : <ShieldIcon />}
        </span>
      )}
    </div>
  );
}

interface CellPress {
  id: number;
  y: number;
  x: number;
  swiped: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  previewed: boolean;
}

/**
 * One cell of a table: a drop zone, a target, the place of a unit. On an own
 * ready unit a click flips attack and defence, a swipe up sets attack and a
 * swipe down defence (10 px).
 */
function Cell({ seat, cell }: { seat: ViewSide; cell: number }) {
  const unit = useBattleStore((s) => s.shown?.[seat].table[cell] ?? null);
  const spot: BoardSpot = { seat, cell };
  const place = useBattleStore((s) => seat === "player" && canAct(s) && isPlace(s, cell));
  const target = useBattleStore((s) => canAct(s) && isTarget(s, spot));
  const aimed = useBattleStore((s) => isAimedByPlay(s, spot));
  const flaggable = useBattleStore((s) => seat === "player" && mayFlag(cell, s));
  const attacking = useBattleStore((s) => seat === "player" && s.attack[cell] === true);
  const over = useDrag((d) => d.drag !== null && d.over === `${seat}-cell-${cell}`);
  const outcome = useBattleStore((s) => combatPreviewOf(s)?.units[seat][cell] ?? null);
  const press = useRef<CellPress | null>(null);
  const suppressClick = useRef(false);

  const activate = (tap: boolean) => {
    if (place) placeAt(cell);
    else if (target) aimAt(targetFor(spot));
    else if (flaggable) setAttack(cell);
    // Phone: a tap on a unit that does nothing else opens it large, away from its side.
    else if (tap && unit && isCompactScreen()) openZoom(unit.card, cell < 3 ? "right" : "left");
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    if (e.button !== 0) return;
    suppressClick.current = false;
    const p: CellPress = {
      id: e.pointerId,
      x: e.clientX,
      y: e.clientY,
      swiped: false,
      timer: null,
      previewed: false,
    };
    press.current = p;
    if (unit && e.pointerType !== "mouse") {
      const side = e.clientX < window.innerWidth / 2 ? "right" : "left";
      p.timer = setTimeout(() => {
        if (press.current === p && !p.swiped) {
          p.previewed = true;
          showPreview(unit.card, side);
        }
      }, LONG_PRESS_MS);
    }
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    const p = press.current;
    if (!p || p.id !== e.pointerId || p.swiped || p.previewed) return;
    const dy = e.clientY - p.y;
    if (Math.abs(dy) < SWIPE_THRESHOLD_PX || Math.abs(dy) < Math.abs(e.clientX - p.x)) return;
    p.swiped = true;
    if (p.timer) clearTimeout(p.timer);
    if (seat === "player" && flaggable) {
      setAttack(cell, dy < 0);
      suppressClick.current = true;
    }
  };
  const onPointerUp = () => {
    const p = press.current;
    if (p?.timer) clearTimeout(p.timer);
    if (p?.previewed) suppressClick.current = true;
    press.current = null;
    hidePreview();
  };

  const card = unit ? battleCard(unit.card) : null;
  const label = unit
    ? unitLabel(seat, cell, unit, attacking)
    : `${seat === "player" ? "Your" : "Enemy"} empty cell ${cell + 1}`;
  const action = place
    ? ", place the unit here"
    : target
      ? ", target"
      : flaggable
        ? `, press to ${attacking ? "defend" : "attack"}`
        : "";
  const classes = [
    "cell",
    `cell--${seat}`,
    unit ? "cell--full" : "cell--empty",
    place ? "cell--place" : "",
    target ? `cell--target cell--target-${seat}` : "",
    aimed ? "cell--aimed" : "",
    over && (place || target) ? "cell--over" : "",
    flaggable ? "cell--flaggable" : "",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <button
      type="button"
      className={classes}
      data-testid={`${seat}-cell-${cell}`}
      data-drop={`${seat}-cell-${cell}`}
      data-nav={`${seat === "cpu" ? 0 : 1}:${cell + 1}`}
      data-place={place ? "true" : undefined}
      data-target={target ? "true" : undefined}
      aria-label={label + unitPreviewWords(outcome) + action}
      aria-disabled={!(place || target || flaggable)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onPointerLeave={() => {
        const p = press.current;
        if (p?.timer) clearTimeout(p.timer);
        hidePreview();
      }}
      onClick={(e) => {
        if (suppressClick.current) {
          suppressClick.current = false;
          return;
        }
        activate(e.detail !== 0);
      }}
      onDoubleClick={card ? () => openLargeCard(card) : undefined}
      onContextMenu={
        card
          ? (e) => {
              e.preventDefault();
              openLargeCard(card);
            }
          : undefined
      }
    >
      <span className="cell__slot" aria-hidden="true">
        <span className="cell__rune" />
      </span>
      {unit && <UnitView key={`${cell}-${unit.card}`} seat={seat} cell={cell} unit={unit} />}
      {unit && <UnitPreviewBadges seat={seat} cell={cell} />}
      <Popups spot={spot} />
    </button>
  );
}

export function TableRow({ seat }: { seat: ViewSide }) {
  return (
    <section
      className={`table-row table-row--${seat}`}
      aria-label={seat === "player" ? "Your table" : "Enemy table"}
    >
      {[0, 1, 2, 3, 4].map((cell) => (
        <Cell key={cell} seat={seat} cell={cell} />
      ))}
    </section>
  );
}

export function Resources({ seat }: { seat: ViewSide }) {
  const side = useBattleStore((s) => s.shown?.[seat]);
  if (!side) return null;
  return (
    <ul
      className={`resources resources--${seat}`}
      aria-label={seat === "player" ? "Your resources" : "Enemy resources"}
    >
      {RESOURCES.map((r) => (
        <li
          key={r}
          className={`res res--${r}`}
          data-testid={`${seat}-res-${r}`}
          aria-label={`${RESOURCE_NAME[r]} ${side[r].amount}, plus ${side[r].inc} per turn`}
        >
          <ResourceIcon kind={r} />
          <b key={side[r].amount} className="res__amount">
            {side[r].amount}
          </b>
          <small key={`inc-${side[r].inc}`} className="res__inc">
            +{side[r].inc}
          </small>
        </li>
      ))}
    </ul>
  );
}

/** A castle: portrait, name, hp (a target for some spells), hand and deck counts. */
export function CastlePanel({ seat }: { seat: ViewSide }) {
  const side = useBattleStore((s) => s.shown?.[seat]);
  const cpuId = useBattleStore((s) => s.shown?.cpuId ?? 0);
  const spot: BoardSpot = { seat, cell: null };
  const target = useBattleStore((s) => canAct(s) && isTarget(s, spot));
  const aimed = useBattleStore((s) => isAimedByPlay(s, spot));
  const hit = useBattleStore((s) => s.popups.some((p) => sameSpot(p, spot) && p.tone === "damage"));
  const struck = useBattleStore((s) =>
    s.attackFx.some((a) => a.at === "castle" && a.seat !== seat),
  );
  const ability = useBattleStore((s) => s.abilityFx.some((a) => sameSpot(a, spot)));
  const over = useDrag((d) => d.drag !== null && d.over === `${seat}-castle`);
  if (!side) return null;
  const pct = side.maxHp > 0 ? Math.max(0, Math.min(1, side.hp / side.maxHp)) : 0;
  const classes = [
    "castle",
    `castle--${seat}`,
    target ? "castle--target" : "",
    aimed ? "castle--aimed" : "",
    hit ? "castle--hit" : "",
    struck ? "castle--braced" : "",
    ability ? "castle--ability" : "",
    over && target ? "castle--over" : "",
    side.name.length > 15 ? "castle--long-name" : "",
  ]
    .filter(Boolean)
    .join(" ");
  const who = seat === "player" ? "Your" : possessive(side.name);
  return (
    <section
      className={classes}
      data-drop={`${seat}-castle`}
      data-testid={`${seat}-castle`}
      aria-label={`${who} castle`}
    >
      <button
        type="button"
        className="castle__portrait"
        data-nav={`${seat === "cpu" ? 0 : 1}:0`}
        aria-label={`${who} castle, ${side.hp} hp${target ? ", target" : ""}`}
        aria-disabled={!target}
        onClick={() => {
          if (target) aimAt(targetFor(spot));
        }}
      >
        {seat === "cpu" ? (
          <img src={opponentPortrait(cpuId, side.name)} alt="" draggable={false} />
        ) : (
          <span className="castle__crest" aria-hidden="true">
            {side.name.charAt(0).toUpperCase() || "?"}
          </span>
        )}
      </button>
      <div className="castle__info">
        <h2 className="castle__name" data-testid={`${seat}-name`} title={side.name}>
          {side.name}
        </h2>
        <div className="castle__hp-row">
          <HeartIcon />
          <b key={side.hp} className="castle__hp" data-testid={`${seat}-hp`}>
            {side.hp}
          </b>
          <span className="castle__max">/ {side.maxHp}</span>
        </div>
        <span className="castle__bar" aria-hidden="true">
          <span className="castle__bar-fill" style={{ transform: `scaleX(${pct})` }} />
        </span>
      </div>
      <CastlePreviewBadge seat={seat} />
      <Popups spot={spot} />
    </section>
  );
}

/** A side's deck pile with its count, and its hand count. */
export function DeckPile({ seat }: { seat: ViewSide }) {
  const side = useBattleStore((s) => s.shown?.[seat]);
  if (!side) return null;
  const layers = Math.min(4, Math.ceil(side.deckCount / 10));
  return (
    <div className={`deck-pile deck-pile--${seat}`}>
      <span className="deck-pile__stack" aria-hidden="true">
        {Array.from({ length: Math.max(layers, 1) }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the layers of a pile have no identity
            key={i}
            className={`deck-pile__card${side.deckCount === 0 ? " deck-pile__card--empty" : ""}`}
            style={{ transform: `translate(${i * 2}px, ${i * -2}px)` }}
          />
        ))}
      </span>
      <span className="deck-pile__counts">
        <span className="deck-pile__count" data-testid={`${seat}-deck-count`} title="Cards in deck">
          <DeckIcon />
          <span className="visually-hidden">{seat === "player" ? "Your" : "Enemy"} deck: </span>
          <b key={side.deckCount}>{side.deckCount}</b>
        </span>
        <span className="deck-pile__count" data-testid={`${seat}-hand-count`} title="Cards in hand">
          <HandIcon />
          <span className="visually-hidden">{seat === "player" ? "Your" : "Enemy"} hand: </span>
          <b key={side.handCount}>{side.handCount}</b>
        </span>
      </span>
    </div>
  );
}

/** The opponent's hand as card backs. */
export function EnemyHand() {
  const count = useBattleStore((s) => s.shown?.cpu.handCount ?? 0);
  return (
    <div className="enemy-hand" aria-hidden="true">
      <CardBacks count={count} fan={1} />
    </div>
  );
}
