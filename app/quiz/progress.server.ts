import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { quizProgress } from "../db/schema/quiz.ts";

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
