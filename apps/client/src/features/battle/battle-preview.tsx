import type { ViewSide } from "@cardrealm/engine";
import { useBattleStore } from "../../stores/battle-store.ts";
import { SwordIcon } from "./battle-icons.tsx";
import { combatPreviewOf, lossText } from "./battle-preview.ts";

/**
 * Combat preview badges (issue #4): over a unit the hp it will lose ("-3"),
 * the damage it will deal (a sword and a number) and a skull when it dies;
 * over a castle the hp it will lose or win back. "?" marks what chance may
 * still change (engine preview.ts, `uncertainFrom`). They pop in again
 * whenever their numbers change.
 */
export function UnitPreviewBadges({ seat, cell }: { seat: ViewSide; cell: number }) {
  const outcome = useBattleStore((s) => combatPreviewOf(s)?.units[seat][cell] ?? null);
  if (!outcome) return null;
  const loss = lossText(outcome.damageTaken, outcome.uncertain && !outcome.dies);
  if (!loss && outcome.damageDealt === 0 && !outcome.dies) return null;
  return (
    <span
      className={`preview preview--unit${outcome.dies ? " preview--dies" : ""}`}
      data-testid={`${seat}-preview-${cell}`}
      data-dies={outcome.dies ? "true" : "false"}
      data-taken={outcome.damageTaken}
      data-dealt={outcome.damageDealt}
      aria-hidden="true"
    >
      {outcome.dies && (
        <span key={`skull-${outcome.dies}`} className="preview__skull">
          <SkullIcon />
        </span>
      )}
      <span className="preview__chips">
        {loss && (
          <span key={`taken-${loss}`} className="preview__chip preview__chip--taken">
            {loss}
          </span>
        )}
        {outcome.damageDealt > 0 && (
          <span key={`dealt-${outcome.damageDealt}`} className="preview__chip preview__chip--dealt">
            <SwordIcon />
            {outcome.damageDealt}
          </span>
        )}
      </span>
    </span>
  );
}

export function CastlePreviewBadge({ seat }: { seat: ViewSide }) {
  const castle = useBattleStore((s) => combatPreviewOf(s)?.castles[seat] ?? null);
  const falls = useBattleStore((s) => {
    const winner = combatPreviewOf(s)?.winner ?? null;
    return winner !== null && winner !== seat;
  });
  if (!castle) return null;
  const loss = lossText(castle.damage, castle.uncertain);
  const heal = castle.healed > 0 ? `+${castle.healed}${castle.uncertain ? "?" : ""}` : null;
  if (!loss && !heal) return null;
  const label = [
    castle.damage > 0 ? `loses ${castle.damage} hp` : "",
    castle.healed > 0 ? `heals ${castle.healed}` : "",
    falls ? "falls" : "",
    castle.uncertain ? "may change by chance" : "",
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <span
      className="preview preview--castle"
      data-testid={`${seat}-castle-preview`}
      data-damage={castle.damage}
      role="status"
      aria-label={`Combat preview: ${label}`}
    >
      {loss && (
        <span key={`loss-${loss}`} className="preview__chip preview__chip--taken">
          {loss}
        </span>
      )}
      {heal && (
        <span key={`heal-${heal}`} className="preview__chip preview__chip--heal">
          {heal}
        </span>
      )}
      {falls && (
        <span className="preview__chip preview__chip--falls">
          <SkullIcon />
        </span>
      )}
    </span>
  );
}

function SkullIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="preview__skull-icon">
      <path
        d="M12 2.5c-5 0-8.5 3.4-8.5 8 0 2.7 1.2 4.6 3 5.7V19a1.5 1.5 0 0 0 1.5 1.5h1V18h1.5v2.5h3V18H15v2.5h1a1.5 1.5 0 0 0 1.5-1.5v-2.8c1.8-1.1 3-3 3-5.7 0-4.6-3.5-8-8.5-8Z"
        fill="currentColor"
      />
      <circle cx="8.6" cy="11.2" r="2.2" fill="#1a0f24" />
      <circle cx="15.4" cy="11.2" r="2.2" fill="#1a0f24" />
      <path d="M12 13.6l1.3 2.3h-2.6z" fill="#1a0f24" />
    </svg>
  );
}
