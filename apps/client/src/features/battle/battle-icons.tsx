/** Small inline icons of the battle screen (decorative: the text beside them is read). */

export type ResourceKind = "fire" | "diamond" | "pow";

const RESOURCE_PATH: Record<ResourceKind, string> = {
  fire: "M12 1.5c2.6 4.2 7.8 7.6 7.8 13.2a7.8 7.8 0 0 1-15.6 0C4.2 9.1 9.4 5.7 12 1.5z",
  diamond: "M12 1 23 12 12 23 1 12z",
  pow: "M12 1.2 21.6 6.6v10.8L12 22.8 2.4 17.4V6.6z",
};

export function ResourceIcon({ kind }: { kind: ResourceKind }) {
  return (
    <svg viewBox="0 0 24 24" className={`icon icon--${kind}`} aria-hidden="true" focusable="false">
      <path d={RESOURCE_PATH[kind]} />
    </svg>
  );
}

export function SwordIcon() {
  return (
    <svg viewBox="0 0 24 24" className="icon icon--sword" aria-hidden="true" focusable="false">
      <path d="M20.5 2 22 3.5 11.8 13.7l1.6 1.6-1.4 1.4-1.3-1.3-3.4 3.4.9 2.2-1.6 1.6-2.1-3-3-2.1 1.6-1.6 2.2.9 3.4-3.4-1.3-1.3 1.4-1.4 1.6 1.6z" />
    </svg>
  );
}

export function ShieldIcon() {
  return (
    <svg viewBox="0 0 24 24" className="icon icon--shield" aria-hidden="true" focusable="false">
      <path d="M12 1.5 21 5v6.2c0 5.6-3.8 9.6-9 11.3-5.2-1.7-9-5.7-9-11.3V5z" />
    </svg>
  );
}

export function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" className="icon icon--heart" aria-hidden="true" focusable="false">
      <path d="M12 21.3 10.6 20C5.4 15.4 2 12.3 2 8.5A5.4 5.4 0 0 1 7.5 3c1.7 0 3.4.8 4.5 2.1A6 6 0 0 1 16.5 3 5.4 5.4 0 0 1 22 8.5c0 3.8-3.4 6.9-8.6 11.5z" />
    </svg>
  );
}

export function DeckIcon() {
  return (
    <svg viewBox="0 0 24 24" className="icon icon--deck" aria-hidden="true" focusable="false">
      <path d="M7 2h11a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm-3 4v14a2 2 0 0 0 2 2h10v-1.5H6a.5.5 0 0 1-.5-.5V6z" />
    </svg>
  );
}

export function HandIcon() {
  return (
    <svg viewBox="0 0 24 24" className="icon icon--hand" aria-hidden="true" focusable="false">
      <path d="M3.2 7.6 9.9 5.8l2.6 9.7-6.7 1.8zM10.6 4.5 17.7 4l.7 10.1-5 .4zM18.9 5.6l2.6.9-2.5 7.2-.3-4.5z" />
    </svg>
  );
}

export function GearIcon() {
  return (
    <svg viewBox="0 0 24 24" className="icon icon--gear" aria-hidden="true" focusable="false">
      <path d="M10.3 1.5h3.4l.6 2.9 1.9.8 2.5-1.6 2.4 2.4-1.6 2.5.8 1.9 2.9.6v3.4l-2.9.6-.8 1.9 1.6 2.5-2.4 2.4-2.5-1.6-1.9.8-.6 2.9h-3.4l-.6-2.9-1.9-.8-2.5 1.6-2.4-2.4 1.6-2.5-.8-1.9-2.9-.6v-3.4l2.9-.6.8-1.9-1.6-2.5 2.4-2.4 2.5 1.6 1.9-.8zM12 8.2a3.8 3.8 0 1 0 0 7.6 3.8 3.8 0 0 0 0-7.6z" />
    </svg>
  );
}
