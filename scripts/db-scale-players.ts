/**
 * Fills the configured database with generated players for the leaderboard's benchmark:
 *   npm run db:scale-players -- --players 1000000
 */
import { scalePlayers } from "../app/players/scale.server.ts";
import { scaleConfiguredDatabase } from "./open-database.ts";

await scaleConfiguredDatabase("players", 1_000_000, "generated players", scalePlayers);
