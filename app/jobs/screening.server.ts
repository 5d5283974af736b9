import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { jobApplicationAnswer, jobText } from "../db/schema/jobs.ts";
import type { ScreeningQuestion } from "./screening.ts";

/** A posting's screening questions, in the order asked (none for a posting that does not exist). */
export async function questionsOf(db: Db | Tx, jobId: number): Promise<ScreeningQuestion[]> {
  const [row] = await db
    .select({ questions: jobText.questions })
    .from(jobText)
    .where(eq(jobText.jobId, jobId));
  return row?.questions ?? [];
}

/** Stores an application's answers beside the questions as they were asked, in its transaction. */
export async function storeAnswers(
  tx: Tx,
  applicationId: number,
  questions: readonly ScreeningQuestion[],
  answers: readonly string[],
) {
  if (questions.length === 0) return;
  await tx.insert(jobApplicationAnswer).values(
    questions.map((question, position) => ({
      applicationId,
      position,
      question,
      answer: answers[position] ?? "",
    })),
  );
}

export type ScreeningAnswer = { question: ScreeningQuestion; answer: string };

/**
 * The answers of each of `applicationIds`, in the questions' order: what an employer's inbox shows
 * beside each applicant. An application without questions has no entry.
 */
export async function answersOf(
  db: Db | Tx,
  applicationIds: readonly number[],
): Promise<Map<number, ScreeningAnswer[]>> {
  const byApplication = new Map<number, ScreeningAnswer[]>();
  if (applicationIds.length === 0) return byApplication;
  const rows = await db
    .select()
    .from(jobApplicationAnswer)
    .where(inArray(jobApplicationAnswer.applicationId, [...applicationIds]))
    .orderBy(jobApplicationAnswer.applicationId, jobApplicationAnswer.position);
  for (const { applicationId, question, answer } of rows) {
    const list = byApplication.get(applicationId) ?? [];
    list.push({ question, answer });
    byApplication.set(applicationId, list);
  }
  return byApplication;
}
