/**
 * Issue 12's property over every route (every-route-property.ts) on
 * PostgreSQL, when DATABASE_URL is set: a file of its own so that it runs
 * beside the SQLite sweep in another worker.
 */
import { sweepEveryRoute } from "./every-route-property.ts";

sweepEveryRoute("postgres");
