import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { Config } from "../config.ts";

/**
 * Issue 23 item 5: one address cannot hold the process's file descriptors.
 * Node closes the whole process's connections beyond `max` as they arrive
 * (server.maxConnections); here a socket address holding `perAddress` open
 * connections has its next one closed at once. The count is of the socket's
 * own address, never of X-Forwarded-For (a header anyone can write); a
 * trusted reverse proxy carries many players over its connections, so its
 * address is not counted (the proxy caps per player itself: deploy/nginx.conf).
 */
export interface ConnectionLimits {
  perAddress: number;
  max: number;
  /** Is this socket address a trusted reverse proxy's? */
  isTrustedProxy: (address: string) => boolean;
  /** Told of each connection closed for its address's cap. */
  onRefused?: (address: string) => void;
}

/**
 * Whether a socket's address is a trusted reverse proxy's. TRUST_PROXY=1
 * trusts whoever connects (Fastify's trustProxy: true), so every peer counts
 * as the proxy; unset, none does. When TRUST_PROXY names the proxies, this
 * asks the same list.
 */
export function trustedProxyAddress(
  config: Pick<Config, "trustProxy">,
): (address: string) => boolean {
  return () => config.trustProxy;
}

export function limitConnections(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.max;
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || limits.isTrustedProxy(address)) return;
    const held = open.get(address) ?? 0;
    if (held >= limits.perAddress) {
      socket.destroy();
      limits.onRefused?.(address);
      return;
    }
    open.set(address, held + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
