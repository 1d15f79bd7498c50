import type { PlayTarget } from "@cardrealm/engine";

/** Movement (screen px) before a press becomes a drag or a swipe (product.md section 9). */
export const SWIPE_THRESHOLD_PX = 10;
/** A touch held this long shows the card big instead of picking it. */
export const LONG_PRESS_MS = 420;

/** The battle frame: pointer positions are turned into its (unscaled) pixels. */
export function battleFrame(): HTMLElement | null {
  return document.querySelector<HTMLElement>("[data-battle-frame]");
}

/** Client coordinates in frame pixels (the stage is scaled with a CSS transform). */
export function toFrame(clientX: number, clientY: number): { x: number; y: number } {
  const frame = battleFrame();
  if (!frame) return { x: clientX, y: clientY };
  const rect = frame.getBoundingClientRect();
  const scale = frame.offsetWidth > 0 ? rect.width / frame.offsetWidth : 1;
  return { x: (clientX - rect.left) / (scale || 1), y: (clientY - rect.top) / (scale || 1) };
}

/** The drop zone (its data-drop) under a client point, if any. */
export function dropZoneAt(clientX: number, clientY: number): string | null {
  if (typeof document.elementFromPoint !== "function") return null;
  const el = document.elementFromPoint(clientX, clientY);
  const zone = el?.closest<HTMLElement>("[data-drop]");
  return zone?.dataset.drop ?? null;
}

/** What a drop zone id stands for. */
export type DropZone =
  | { kind: "cell"; seat: "player" | "cpu"; cell: number }
  | { kind: "castle"; seat: "player" | "cpu" }
  | { kind: "board" };

export function parseZone(zone: string | null): DropZone | null {
  if (!zone) return null;
  if (zone === "board") return { kind: "board" };
  const cell = /^(player|cpu)-cell-(\d)$/.exec(zone);
  if (cell) return { kind: "cell", seat: cell[1] as "player" | "cpu", cell: Number(cell[2]) };
  const castle = /^(player|cpu)-castle$/.exec(zone);
  if (castle) return { kind: "castle", seat: castle[1] as "player" | "cpu" };
  return null;
}

/** The play target a cell or castle stands for. */
export function targetOf(zone: DropZone): PlayTarget | null {
  if (zone.kind === "cell") return { key: "table_key", value: zone.cell, side: zone.seat };
  if (zone.kind === "castle") {
    return {
      key: zone.seat === "player" ? "target_player_hp" : "target_cpu_hp",
      value: 0,
      side: zone.seat,
    };
  }
  return null;
}
