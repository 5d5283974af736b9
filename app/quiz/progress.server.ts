import { eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { quizProgress, quizSession } from "../db/schema/quiz.ts";
import { QUESTIONS_PER_SET } from "./categories.ts";

/** Sets the player has completed, by category slug; a category never played is absent (0). */
export async function completedSetsByCategory(
  db: Db | Tx,
  userId: string,
): Promise<Record<string, number>> {
  const rows = await db
    .select({ category: quizProgress.category, completedSets: quizProgress.completedSets })
    .from(quizProgress)
    .where(eq(quizProgress.userId, userId));
  return Object.fromEntries(rows.map((row) => [row.category, row.completedSets]));
}

/**
 * A set's time counts at most this long: a set left open in a tab overnight and finished the next
 * morning was not played all night. Five questions at the longest timer, with their explanations.
 */
const MAX_SET_SECONDS = 15 * 60;

/**
 * A player's progress as columns of a query over players (`playerId` is that query's id column),
 * so a page listing several players reads them all in one statement (the family page):
 * - `setsDone`: sets completed per category (a category never played is absent);
 * - `answers`: per category, [answers given, answered right] over the finished sets;
 * - `weeks`: per week from `since` (a Monday, YYYY-MM-DD, in `timeZone`), the sets finished and
 *   the seconds they took (each at most MAX_SET_SECONDS); a set counts in the week it was started
 *   in, practice included; weeks without play are absent.
 */
export function quizProgressColumns(
  playerId: SQL,
  { since, timeZone }: { since: string; timeZone: string },
) {
  const finishedSets = sql`${quizSession.userId} = ${playerId} and ${quizSession.finishedAt} is not null`;
  return {
    setsDone: sql<Record<string, number>>`(
      select coalesce(json_object_agg(${quizProgress.category}, ${quizProgress.completedSets}), '{}')
      from ${quizProgress} where ${quizProgress.userId} = ${playerId})`,
    answers: sql<Record<string, [number, number]>>`(
      select coalesce(json_object_agg(played.category, json_build_array(played.answers, played.correct)), '{}')
      from (
        select ${quizSession.category} as category,
          count(*)::int * ${QUESTIONS_PER_SET} as answers,
          coalesce(sum(${quizSession.correct}), 0)::int as correct
        from ${quizSession} where ${finishedSets} group by ${quizSession.category}
      ) played)`,
    weeks: sql<{ monday: string; sets: number; seconds: number }[]>`(
      select coalesce(json_agg(json_build_object('monday', week.monday, 'sets', week.sets, 'seconds', week.seconds)), '[]')
      from (
        select to_char(date_trunc('week', ${quizSession.startedAt} at time zone ${timeZone}), 'YYYY-MM-DD') as monday,
          count(*)::int as sets,
          round(sum(least(extract(epoch from ${quizSession.finishedAt} - ${quizSession.startedAt}), ${MAX_SET_SECONDS})))::int as seconds
        from ${quizSession}
        where ${finishedSets}
          and ${quizSession.startedAt} >= (${since}::date::timestamp at time zone ${timeZone})
        group by 1
      ) week)`,
  };
}
