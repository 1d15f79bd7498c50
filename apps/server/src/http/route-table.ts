import type { FastifyInstance } from "fastify";

/** One route as registered: what a caller can reach. */
export interface RouteEntry {
  method: string;
  url: string;
  /** The /wss channel: a plain HTTP request gets 426, an upgrade the websocket. */
  websocket: boolean;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Records every route registered after this call, plugins' included (an
 * onRoute hook on the root is inherited by every plugin registered later).
 * The property test of issue 12 sends malformed requests to each of them.
 */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const websocket = Boolean(route.wsHandler) || route.websocket === true;
    for (const method of methods) table.push({ method, url: route.url, websocket });
  });
}

/** The routes recordRoutes saw on this app, in registration order. */
export function routesOf(app: FastifyInstance): readonly RouteEntry[] {
  return tables.get(app) ?? [];
}
