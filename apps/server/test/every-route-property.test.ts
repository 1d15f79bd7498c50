/**
 * Issue 12's property over every route (every-route-property.ts): the route
 * table, then the sweep on SQLite; PostgreSQL's is every-route-property-postgres.test.ts.
 */
import { describe, expect, it } from "vitest";
import { ROUTES, routeName, sweepEveryRoute } from "./every-route-property.ts";

describe("the route table", () => {
  it("holds every route the app answers, /wss included", async () => {
    expect(ROUTES.length).toBeGreaterThan(40);
    expect(ROUTES).toContainEqual({ method: "GET", url: "/wss", websocket: true });
    expect(ROUTES.map(routeName)).toEqual(
      expect.arrayContaining([
        "POST /api/auth",
        "GET /api/:partner/payment/boxes",
        "GET /livez",
        // Issue 16: replays and deck challenges.
        "GET /api/replays",
        "GET /api/replays/:id",
        "POST /api/replays/:id/share",
        "GET /api/replays/shared/:share_id",
        "GET /api/game/practice/opponents",
        "POST /api/game/practice/start",
        // Issue 23 item 6: the optional parts are on in this file.
        "GET /api/operator/players",
        "POST /api/operator/refund",
        "POST /api/operator/suspend",
        "GET /metrics",
        "POST /api/:partner/payment/sandbox-pay",
      ]),
    );
  });
});

sweepEveryRoute("sqlite");
