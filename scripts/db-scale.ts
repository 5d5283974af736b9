/**
 * Fills the configured database with generated businesses for benchmarks:
 *   npm run db:scale -- --businesses 1000000
 */
import { scaleBusinesses } from "../app/directory/scale.server.ts";
import { scaleConfiguredDatabase } from "./open-database.ts";

await scaleConfiguredDatabase("businesses", 1_000_000, "generated businesses", scaleBusinesses);
