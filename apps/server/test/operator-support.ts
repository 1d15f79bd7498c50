/**
 * The operator console's test bed (operator.test.ts: access, the log of
 * refusals, lookup, sessions and suspension; operator-gems.test.ts: grants
 * and refunds): two operators' tokens and an app started per test with the
 * calls a test makes.
 */
import { afterEach } from "vitest";
import { type DialectUnderTest, type TestApp, testApp } from "./harness.ts";

export const ALICE = "alice-operator-token-0123456789";
export const BOB = "bob-operator-token-abcdefghijkl";
export const OPERATOR_TOKENS = `alice=${ALICE},bob=${BOB}`;

/** The app of the running test (undefined between tests), closed after each. */
export interface OperatorBed {
  t: TestApp | undefined;
  start: (env?: Record<string, string>) => Promise<OperatorConsole>;
}

/** The calls a test makes to the console and the player routes. */
type OperatorConsole = Awaited<ReturnType<typeof consoleOf>>;

async function consoleOf(t: TestApp) {
  const app = t.app;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const op = async (method: "GET" | "POST", url: string, payload?: object, token = ALICE) => {
    const r = await app.inject({
      method,
      url: `/api/operator/${url}`,
      headers: as(token),
      ...(payload ? { payload } : {}),
    });
    return { status: r.statusCode, body: r.json() };
  };
  const guest = async () => {
    const r = await app.inject({ method: "POST", url: "/api/play-new-player" });
    const d = r.json().data as {
      id: number;
      jwtToken: string;
      device_key: string;
      silver: number;
    };
    return d;
  };
  const details = (token: string) =>
    app.inject({ method: "GET", url: "/api/player-details", headers: as(token) });
  const actions = (userId: number) =>
    t.db.kysely
      .selectFrom("operator_actions")
      .select(["operator", "action", "outcome", "status"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute();
  const kysely = t.db.kysely;
  const allActions = () =>
    kysely.selectFrom("operator_actions").selectAll().orderBy("id").execute();
  return { app, op, guest, details, actions, allActions };
}

/** Registers the closing of each test's app; start() makes one with the operators' tokens. */
export function operatorBed(dialect: DialectUnderTest): OperatorBed {
  const bed: OperatorBed = {
    t: undefined,
    async start(env = { OPERATOR_TOKENS }) {
      bed.t = await testApp(dialect, env);
      return consoleOf(bed.t);
    },
  };
  afterEach(async () => {
    await bed.t?.app.close();
    bed.t = undefined;
  });
  return bed;
}
