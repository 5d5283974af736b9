/**
 * Fills the configured database with generated businesses for benchmarks:
 *   npm run db:scale -- --businesses 1000000
 */
import { parseArgs } from "node:util";
import { scaleBusinesses } from "../app/directory/scale.server.ts";
import { openConfiguredDatabase } from "./open-database.ts";

const { values } = parseArgs({ options: { businesses: { type: "string", default: "1000000" } } });
const target = Number(values.businesses);
if (!Number.isInteger(target) || target < 1) {
  console.error("--businesses must be a whole number of at least 1.");
  process.exit(1);
}

const database = await openConfiguredDatabase();
try {
  const started = performance.now();
  await scaleBusinesses(database.db, target, (done) =>
    console.log(`${done.toLocaleString("en-CA")} generated businesses`),
  );
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}
