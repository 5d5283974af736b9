/**
 * Fills the configured database with generated players for the leaderboard's benchmark:
 *   npm run db:scale-players -- --players 1000000
 */
import { parseArgs } from "node:util";
import { scalePlayers } from "../app/players/scale.server.ts";
import { openConfiguredDatabase } from "./open-database.ts";

const { values } = parseArgs({ options: { players: { type: "string", default: "1000000" } } });
const target = Number(values.players);
if (!Number.isInteger(target) || target < 1) {
  console.error("--players must be a whole number of at least 1.");
  process.exit(1);
}

const database = await openConfiguredDatabase();
try {
  const started = performance.now();
  await scalePlayers(database.db, target, (done) =>
    console.log(`${done.toLocaleString("en-CA")} generated players`),
  );
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}
