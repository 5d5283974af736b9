/**
 * Leaderboard figures (not a test; prints numbers), on the configured database after
 *   npm run db:scale-players -- --players 1000000
 * then
 *   npm run bench:leaderboard -- --runs 300
 * Times, one query at a time as a request runs them (p50, p95, p99 of `runs`, after 20 warm-up
 * runs): the top 20; a median player's rank; their own standing (rank and the page that holds
 * them); that page of 50. Then the same for the last player of the most crowded balance (the worst
 * place within a tie), once each, the plain count the balance table replaces, and every query's
 * plan (EXPLAIN ANALYZE, BUFFERS).
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import {
  leaderboardPage,
  ownStanding,
  pageRowsQuery,
  pageStartQuery,
  placeInTieQuery,
  rankQuery,
  totalQuery,
} from "../app/players/leaderboard.server.ts";
import { openConfiguredDatabase } from "./open-database.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "300" } } });
const runs = Number(values.runs);

const database = await openConfiguredDatabase();
const { db } = database;

async function time(label: string, run: () => Promise<unknown>, times = runs) {
  for (let i = 0; i < Math.min(20, times); i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  console.log(
    `${label.padEnd(46)} p50 ${at(0.5)?.toFixed(2)} ms  p95 ${at(0.95)?.toFixed(2)} ms  p99 ${at(0.99)?.toFixed(2)} ms  (${times} runs)`,
  );
}

async function explain(label: string, query: SQL) {
  const plan = await db.execute<{ "QUERY PLAN": string }>(
    sql`explain (analyze, buffers, costs off) ${query}`,
  );
  console.log(`\n--- ${label}\n${plan.rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
}

try {
  const [{ players } = { players: 0 }] = (
    await db.execute<{ players: number }>(sql`select count(*)::integer as players from "user"`)
  ).rows;
  console.log(
    `${players.toLocaleString("en-CA")} players; load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")} on ${os.cpus().length} cores`,
  );
  const middle = Math.floor(players / 2);
  const [where] = (await db.execute<{ balance: number; skip: number }>(pageStartQuery(middle)))
    .rows;
  if (!where) throw new Error("No players: run npm run db:scale-players first.");
  const [median] = (
    await db.execute<{ id: string; handle: string }>(
      sql`select id, handle from "user" where points - uses_points = ${where.balance} order by handle offset ${where.skip} limit 1`,
    )
  ).rows;
  const [crowded] = (
    await db.execute<{ balance: number; players: number }>(
      sql`select balance, players from player_balance_count order by players desc limit 1`,
    )
  ).rows;
  const [lastOfTie] = (
    await db.execute<{ id: string; handle: string }>(
      sql`select id, handle from "user" where points - uses_points = ${crowded?.balance ?? 0} order by handle desc limit 1`,
    )
  ).rows;
  if (!median || !crowded || !lastOfTie) throw new Error("No median player found.");
  const standing = await ownStanding(db, median);
  console.log(
    `median player ${median.handle}: balance ${where.balance}, rank ${standing?.rank.toLocaleString("en-CA")}, page ${standing?.page.toLocaleString("en-CA")}; most crowded balance ${crowded.balance} with ${crowded.players.toLocaleString("en-CA")} players\n`,
  );

  await time("top 20 (leaderboardPage 1, size 20)", () => leaderboardPage(db, 1, 20));
  await time("top 50 (the first page)", () => leaderboardPage(db, 1));
  await time("median player's rank (rankQuery)", () => db.execute(rankQuery(median.id)));
  await time("median player's standing (rank + page)", () => ownStanding(db, median));
  await time("median player's page of 50", () => leaderboardPage(db, standing?.page ?? 1));
  const worst = await ownStanding(db, lastOfTie);
  await time("last of the most crowded tie: standing", () => ownStanding(db, lastOfTie), 20);
  await time(
    "last of the most crowded tie: its page",
    () => leaderboardPage(db, worst?.page ?? 1),
    20,
  );
  await time(
    "the plain count it replaces (median)",
    () =>
      db.execute(sql`select count(*) from "user" where points - uses_points > ${where.balance}`),
    10,
  );

  await explain("top 20: the total", totalQuery());
  await explain("top 20: the rows", pageRowsQuery(null, 20));
  await explain("median player's rank", rankQuery(median.id));
  await explain(
    "median player's place within the tie",
    placeInTieQuery(where.balance, median.handle),
  );
  const start = ((standing?.page ?? 1) - 1) * 50;
  const [pageStart] = (await db.execute<{ balance: number; skip: number }>(pageStartQuery(start)))
    .rows;
  await explain("median player's page: the rows", pageRowsQuery(pageStart ?? null, 50));
  await explain(
    "the plain count it replaces",
    sql`select count(*) from "user" where points - uses_points > ${where.balance}`,
  );
} finally {
  await database.close();
}
