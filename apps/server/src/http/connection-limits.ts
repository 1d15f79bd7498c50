import type { Server } from "node:http";
import { BlockList, isIP, type Socket } from "node:net";
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
 * Whether a socket's address is a trusted reverse proxy's (TRUST_PROXY,
 * trust-proxy.ts). A hop count trusts whoever connects to be the proxy (the
 * deployment keeps the port behind it: compose publishes only nginx), so no
 * peer is capped here and nginx's `limit_conn` caps each player; `0` trusts
 * none; a list of addresses/CIDRs exempts exactly those peers.
 */
export function trustedProxyAddress(
  config: Pick<Config, "trustProxy">,
): (address: string) => boolean {
  const setting = config.trustProxy;
  switch (setting.kind) {
    case "none":
      return () => false;
    case "hops":
      return () => true;
    case "addresses": {
      const list = new BlockList();
      for (const entry of setting.addresses) {
        const [address = "", prefix] = entry.split("/");
        const type = isIP(address) === 6 ? "ipv6" : "ipv4";
        if (prefix === undefined) list.addAddress(address, type);
        else list.addSubnet(address, Number(prefix), type);
      }
      return (peer) => {
        // A v4 peer on a dual-stack socket reads "::ffff:10.0.0.2".
        const plain = peer.startsWith("::ffff:") ? peer.slice(7) : peer;
        return list.check(plain, isIP(plain) === 6 ? "ipv6" : "ipv4");
      };
    }
  }
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
