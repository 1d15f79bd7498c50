/**
 * Where PvP channel messages reach the arena's queue. The realtime client
 * (the /wss socket) hands each new message's data here, with
 * `deliverChannelData(data)` or by dispatching a window event
 * `cardrealm:channel` whose detail is the message ({hash, data}) or its data;
 * the arena screen listens while it is open.
 */
import type { QueueChannelData } from "./pvp-queue.ts";

export const CHANNEL_EVENT = "cardrealm:channel";

type Listener = (data: QueueChannelData) => void;
const listeners = new Set<Listener>();

export function deliverChannelData(data: QueueChannelData): void {
  for (const l of listeners) l(data);
}

function fromEvent(event: Event): QueueChannelData | null {
  const detail = (event as CustomEvent<unknown>).detail;
  if (!detail || typeof detail !== "object") return null;
  const inner = (detail as { data?: unknown }).data;
  const data = inner && typeof inner === "object" ? inner : detail;
  return typeof (data as { type?: unknown }).type === "string" ? (data as QueueChannelData) : null;
}

/** Listens to both ways in; returns the unsubscribe. */
export function onChannelData(listener: Listener): () => void {
  listeners.add(listener);
  const handler = (event: Event) => {
    const data = fromEvent(event);
    if (data) listener(data);
  };
  globalThis.addEventListener?.(CHANNEL_EVENT, handler);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.(CHANNEL_EVENT, handler);
  };
}
