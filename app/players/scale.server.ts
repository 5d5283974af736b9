import { count, like, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";

const GENERATED_PREFIX = "generated-player-";
const BATCH = 50_000;

/**
 * Adds generated players until `target` of them exist, in batches written by PostgreSQL itself
 * (generate_series). Points earned are skewed as play is: u² × 1,800 (the most the quiz gives) for
 * u uniform, so low balances are crowded (about 2 % at 0) and the top is sparse; one player in
 * twenty has spent some. Each player's points come with a ledger row, as everywhere; the balance
 * counts follow through the triggers. A third are under 14 (private profiles). For benchmarks
 * only: ids start with "generated-player-".
 */
export async function scalePlayers(
  db: Database,
  target: number,
  onProgress: (done: number) => void = () => {},
) {
  const [row] = await db
    .select({ n: count() })
    .from(user)
    .where(like(user.id, `${GENERATED_PREFIX}%`));
  let done = row?.n ?? 0;
  while (done < target) {
    const from = done + 1;
    const to = Math.min(done + BATCH, target);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        with generated as (
          select g,
            floor(1800 * power((abs(hashint4(g)) % 1000000) / 1000000.0, 2))::integer as points,
            abs(hashint4(g + 1)) as noise
          from generate_series(${from}::int, ${to}::int) as g
        )
        insert into "user" (id, name, email, email_verified, handle, age, profile_public, points, uses_points)
        select ${GENERATED_PREFIX} || g, 'Player ' || g, ${GENERATED_PREFIX} || g || '@example.invalid', true,
          'player-' || g, 6 + noise % 40, 6 + noise % 40 >= 14, points,
          case when noise % 20 = 0 then points * (noise % 7) / 10 else 0 end
        from generated
        on conflict (id) do nothing`);
      await tx.execute(sql`
        insert into points_ledger (user_id, change, reason, source)
        select id, points - uses_points, 'scale_fixture', 'scale_fixture:' || id
        from "user"
        where id like ${`${GENERATED_PREFIX}%`}
          and substr(id, ${GENERATED_PREFIX.length + 1})::integer between ${from} and ${to}
          and points - uses_points <> 0
        on conflict (source) do nothing`);
    });
    done = to;
    onProgress(done);
  }
  // Sets the visibility map too, so the leaderboard reads its index without visiting the table.
  await db.execute(sql`vacuum analyze "user"`);
  await db.execute(sql`vacuum analyze player_balance_count`);
  return done;
}
