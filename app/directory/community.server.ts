import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import {
  businessOwner,
  businessQuestion,
  businessReport,
  directoryReport,
  questionAnswer,
  review,
  reviewReply,
} from "../db/schema/directory.ts";
import type { Locale } from "../i18n/locale.ts";
import { isUniqueViolation } from "../platform/db-errors.server.ts";
import { AppError } from "../platform/errors.ts";
import type { HideReason } from "../platform/moderation.ts";
import { type TimeCursor, timeCursor } from "../platform/query.ts";
import { type Reporter, reporterKey } from "../platform/reporter.server.ts";
import { assertMayTakePart, publicIdentities } from "../players/identity.server.ts";
import { businessExists } from "./businesses.server.ts";
import {
  type Answer,
  type Author,
  QUESTIONS_PAGE,
  type Question,
  type QuestionPage,
  REVIEWS_PAGE,
  type RemovedItem,
  type Reply,
  type ReportInput,
  type ReportTarget,
  type ReviewCursor,
  type ReviewInput,
  type ReviewPage,
  reviewCursor,
} from "./community.ts";
import type { ReviewSort } from "./community-fields.ts";

/** What moderators hid, as the page and the API show it in its place: why, and when it was written. */
function removedItem(id: number, reason: string, createdAt: Date): RemovedItem {
  return { id, removed: reason as HideReason, createdAt: createdAt.toISOString() };
}

async function assertBusiness(db: Db | Tx, businessId: number): Promise<void> {
  if (!(await businessExists(db, businessId))) throw new AppError("not_found");
}

/** Players by their public identity; demo entries by the name they carry. */
export async function authorsOf(
  db: Db | Tx,
  rows: { userId: string | null; name: string | null }[],
): Promise<(row: { userId: string | null; name: string | null }) => Author> {
  const identities = await publicIdentities(
    db,
    rows.flatMap((row) => (row.userId ? [row.userId] : [])),
  );
  return (row) => {
    const identity = row.userId ? identities.get(row.userId) : undefined;
    if (identity)
      return { name: identity.displayName, image: identity.image, handle: identity.handle };
    return { name: row.name ?? "", image: null, handle: null };
  };
}

/**
 * A timestamp as a cursor carries it, to the microsecond PostgreSQL keeps: a JavaScript Date would
 * drop the last three digits, and rows written in the same millisecond would be skipped.
 */
const cursorTime = (column: typeof review.createdAt | typeof businessQuestion.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const reviewColumns = {
  id: review.id,
  cursorAt: cursorTime(review.createdAt),
  userId: review.userId,
  authorName: review.authorName,
  rating: review.rating,
  body: review.body,
  locale: review.locale,
  createdAt: review.createdAt,
  editedAt: review.editedAt,
  hiddenReason: review.hiddenReason,
  reply: {
    id: reviewReply.id,
    body: reviewReply.body,
    locale: reviewReply.locale,
    createdAt: reviewReply.createdAt,
    editedAt: reviewReply.editedAt,
    hiddenReason: reviewReply.hiddenReason,
  },
};

type ReplyRow = {
  id: number;
  body: string;
  locale: Locale;
  createdAt: Date;
  editedAt: Date | null;
  hiddenReason: string | null;
} | null;

/** A review's reply as the page and the API show it: its text, or why moderators removed it. */
export function replyItem(row: ReplyRow): Reply | null {
  if (!row) return null;
  if (row.hiddenReason) return removedItem(row.id, row.hiddenReason, row.createdAt);
  return {
    id: row.id,
    removed: null,
    body: row.body,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}

/**
 * One page of a business's reviews, newest first or by rating (ties newest first), by keyset: the
 * cursor is the last review shown. `viewerId` marks the viewer's own review.
 */
export async function listReviews(
  db: Db | Tx,
  businessId: number,
  page: { sort: ReviewSort; cursor?: ReviewCursor; limit?: number },
  viewerId?: string,
): Promise<ReviewPage> {
  const limit = page.limit ?? REVIEWS_PAGE;
  const { cursor } = page;
  let after: SQL | undefined;
  let order: SQL[];
  if (page.sort === "newest") {
    order = [desc(review.createdAt), desc(review.id)];
    if (cursor)
      after = sql`(${review.createdAt}, ${review.id}) < (${cursor.at}::timestamptz, ${cursor.id})`;
  } else {
    const rating = page.sort === "highest" ? desc(review.rating) : asc(review.rating);
    order = [rating, desc(review.createdAt), desc(review.id)];
    if (cursor) {
      const further = page.sort === "highest" ? sql`<` : sql`>`;
      after = sql`(${review.rating} ${further} ${cursor.rating} or (${review.rating} = ${cursor.rating} and (${review.createdAt}, ${review.id}) < (${cursor.at}::timestamptz, ${cursor.id})))`;
    }
  }
  const rows = await db
    .select(reviewColumns)
    .from(review)
    .leftJoin(reviewReply, eq(reviewReply.reviewId, review.id))
    .where(and(eq(review.businessId, businessId), after))
    .orderBy(...order)
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const author = await authorsOf(
    db,
    shown.flatMap((row) =>
      row.hiddenReason ? [] : [{ userId: row.userId, name: row.authorName }],
    ),
  );
  const last = rows.length > limit ? shown.at(-1) : undefined;
  return {
    items: shown.map((row) =>
      row.hiddenReason
        ? removedItem(row.id, row.hiddenReason, row.createdAt)
        : {
            id: row.id,
            removed: null,
            author: author({ userId: row.userId, name: row.authorName }),
            rating: row.rating,
            body: row.body,
            locale: row.locale,
            createdAt: row.createdAt.toISOString(),
            editedAt: row.editedAt?.toISOString() ?? null,
            mine: viewerId !== undefined && row.userId === viewerId,
            reply: replyItem(row.reply),
          },
    ),
    nextCursor: last
      ? reviewCursor.encode({ rating: last.rating, at: last.cursorAt, id: last.id })
      : null,
  };
}

/**
 * How many of the business's reviews moderators removed, by reason (most first): the page says so,
 * as none of the big directories does.
 */
export async function removedReviewTally(
  db: Db | Tx,
  businessId: number,
): Promise<{ reason: HideReason; count: number }[]> {
  const rows = await db
    .select({ reason: review.hiddenReason, count: sql<number>`count(*)::integer` })
    .from(review)
    .where(and(eq(review.businessId, businessId), isNotNull(review.hiddenAt)))
    .groupBy(review.hiddenReason)
    .orderBy(sql`count(*) desc`, review.hiddenReason);
  return rows.map((row) => ({ reason: row.reason as HideReason, count: row.count }));
}

/** The player's own review of the business, for the form that edits it. */
export async function findOwnReview(
  db: Db | Tx,
  userId: string,
  businessId: number,
): Promise<{ id: number; rating: number; body: string } | null> {
  const [row] = await db
    .select({ id: review.id, rating: review.rating, body: review.body })
    .from(review)
    .where(and(eq(review.businessId, businessId), eq(review.userId, userId)));
  return row ?? null;
}

/**
 * The player's review of the business. A second one is a 409: they edit the one they wrote. The
 * business's rating and review count change with it, in the same statement's trigger.
 */
export async function writeReview(
  db: Db | Tx,
  userId: string,
  businessId: number,
  input: ReviewInput & { locale: Locale },
): Promise<{ id: number }> {
  await assertMayTakePart(db, userId);
  await assertBusiness(db, businessId);
  try {
    const [row] = await db
      .insert(review)
      .values({ businessId, userId, ...input })
      .returning({ id: review.id });
    return row as { id: number };
  } catch (error) {
    if (isUniqueViolation(error, "review_business_user"))
      throw new AppError("conflict", { message: "community.problems.alreadyReviewed" });
    throw error;
  }
}

/** Changes the player's own review; anyone else's (or none) is a 404. */
export async function updateReview(
  db: Db | Tx,
  userId: string,
  reviewId: number,
  input: ReviewInput & { locale: Locale },
): Promise<{ businessId: number }> {
  await assertMayTakePart(db, userId);
  const [row] = await db
    .update(review)
    .set({ ...input, editedAt: sql`now()` })
    .where(and(eq(review.id, reviewId), eq(review.userId, userId)))
    .returning({ businessId: review.businessId });
  if (!row) throw new AppError("not_found");
  return row;
}

/** Deletes the player's own review; anyone else's (or none) is a 404. */
export async function deleteReview(
  db: Db | Tx,
  userId: string,
  reviewId: number,
): Promise<{ businessId: number }> {
  const [row] = await db
    .delete(review)
    .where(and(eq(review.id, reviewId), eq(review.userId, userId)))
    .returning({ businessId: review.businessId });
  if (!row) throw new AppError("not_found");
  return row;
}

/** A page of the business's questions, newest first, each with its answers (oldest first). */
export async function listQuestions(
  db: Db | Tx,
  businessId: number,
  page: { cursor?: TimeCursor; limit?: number },
): Promise<QuestionPage> {
  const limit = page.limit ?? QUESTIONS_PAGE;
  const { cursor } = page;
  const rows = await db
    .select({
      id: businessQuestion.id,
      userId: businessQuestion.userId,
      askedBy: businessQuestion.askedBy,
      question: businessQuestion.question,
      answer: businessQuestion.answer,
      locale: businessQuestion.locale,
      createdAt: businessQuestion.createdAt,
      cursorAt: cursorTime(businessQuestion.createdAt),
      hiddenReason: businessQuestion.hiddenReason,
    })
    .from(businessQuestion)
    .where(
      and(
        eq(businessQuestion.businessId, businessId),
        cursor
          ? sql`(${businessQuestion.createdAt}, ${businessQuestion.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(businessQuestion.createdAt), desc(businessQuestion.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const answers =
    shown.length === 0
      ? []
      : await db
          .select({
            id: questionAnswer.id,
            questionId: questionAnswer.questionId,
            userId: questionAnswer.userId,
            body: questionAnswer.body,
            locale: questionAnswer.locale,
            createdAt: questionAnswer.createdAt,
            byOwner: questionAnswer.byOwner,
            hiddenReason: questionAnswer.hiddenReason,
          })
          .from(questionAnswer)
          .where(
            inArray(
              questionAnswer.questionId,
              shown.map((row) => row.id),
            ),
          )
          .orderBy(questionAnswer.createdAt, questionAnswer.id);
  const author = await authorsOf(db, [
    ...shown.flatMap((row) =>
      row.hiddenReason ? [] : [{ userId: row.userId, name: row.askedBy }],
    ),
    ...answers.flatMap((row) => (row.hiddenReason ? [] : [{ userId: row.userId, name: null }])),
  ]);
  const last = rows.length > limit ? shown.at(-1) : undefined;
  return {
    items: shown.map(
      (row): Question =>
        row.hiddenReason
          ? removedItem(row.id, row.hiddenReason, row.createdAt)
          : {
              id: row.id,
              removed: null,
              author: author({ userId: row.userId, name: row.askedBy }),
              question: row.question,
              locale: row.locale,
              createdAt: row.createdAt.toISOString(),
              ownerAnswer: row.answer,
              answers: answers
                .filter((answer) => answer.questionId === row.id)
                .map(
                  (answer): Answer =>
                    answer.hiddenReason
                      ? removedItem(answer.id, answer.hiddenReason, answer.createdAt)
                      : {
                          id: answer.id,
                          removed: null,
                          author: author({ userId: answer.userId, name: null }),
                          body: answer.body,
                          locale: answer.locale,
                          createdAt: answer.createdAt.toISOString(),
                          byOwner: answer.byOwner,
                        },
                ),
            },
    ),
    nextCursor: last ? timeCursor.encode({ at: last.cursorAt, id: last.id }) : null,
  };
}

export async function askQuestion(
  db: Db | Tx,
  userId: string,
  businessId: number,
  input: { question: string; locale: Locale },
): Promise<{ id: number }> {
  await assertMayTakePart(db, userId);
  await assertBusiness(db, businessId);
  const [row] = await db
    .insert(businessQuestion)
    .values({ businessId, userId, ...input })
    .returning({ id: businessQuestion.id });
  return row as { id: number };
}

/**
 * Answers a question; a question that does not exist is a 404. Whether the player owns the
 * business is stored with the answer, inside the same statement (decision 0054).
 */
export async function answerQuestion(
  db: Db | Tx,
  userId: string,
  questionId: number,
  input: { answer: string; locale: Locale },
): Promise<{ id: number; businessId: number }> {
  await assertMayTakePart(db, userId);
  const [question] = await db
    .select({ businessId: businessQuestion.businessId })
    .from(businessQuestion)
    .where(eq(businessQuestion.id, questionId));
  if (!question) throw new AppError("not_found");
  const [row] = await db
    .insert(questionAnswer)
    .values({
      questionId,
      userId,
      body: input.answer,
      locale: input.locale,
      byOwner: sql`exists (select from ${businessOwner}
        where ${businessOwner.businessId} = ${question.businessId}
          and ${businessOwner.userId} = ${userId})`,
    })
    .returning({ id: questionAnswer.id });
  return { id: (row as { id: number }).id, businessId: question.businessId };
}

/**
 * The business a review, question, answer or owner's reply belongs to and its text; none, or one moderators hid
 * (nothing left to report), is `not_found`.
 */
export async function getReportTarget(
  db: Db | Tx,
  target: ReportTarget,
  id: number,
): Promise<{ businessId: number; text: string; locale: Locale }> {
  const [row] =
    target === "review"
      ? await db
          .select({ businessId: review.businessId, text: review.body, locale: review.locale })
          .from(review)
          .where(and(eq(review.id, id), isNull(review.hiddenAt)))
      : target === "question"
        ? await db
            .select({
              businessId: businessQuestion.businessId,
              text: businessQuestion.question,
              locale: businessQuestion.locale,
            })
            .from(businessQuestion)
            .where(and(eq(businessQuestion.id, id), isNull(businessQuestion.hiddenAt)))
        : target === "answer"
          ? await db
              .select({
                businessId: businessQuestion.businessId,
                text: questionAnswer.body,
                locale: questionAnswer.locale,
              })
              .from(questionAnswer)
              .innerJoin(businessQuestion, eq(businessQuestion.id, questionAnswer.questionId))
              .where(and(eq(questionAnswer.id, id), isNull(questionAnswer.hiddenAt)))
          : await db
              .select({
                businessId: review.businessId,
                text: reviewReply.body,
                locale: reviewReply.locale,
              })
              .from(reviewReply)
              .innerJoin(review, eq(review.id, reviewReply.reviewId))
              .where(and(eq(reviewReply.id, id), isNull(reviewReply.hiddenAt)));
  if (!row) throw new AppError("not_found");
  return row;
}

const REPORT_COLUMN = {
  review: "reviewId",
  question: "questionId",
  answer: "answerId",
  reply: "replyId",
} as const;

/**
 * Stores a player's report for review; the item stays until someone reviews it. One report per
 * player and item (a unique constraint, so reports sent at once store one): a second is a 409
 * `already_reported`. A missing item is a 404.
 */
export async function reportItem(
  db: Db | Tx,
  userId: string,
  target: ReportTarget,
  id: number,
  report: ReportInput,
): Promise<{ businessId: number }> {
  const found = await getReportTarget(db, target, id);
  const [stored] = await db
    .insert(directoryReport)
    .values({ [REPORT_COLUMN[target]]: id, userId, ...report })
    .onConflictDoNothing()
    .returning({ id: directoryReport.id });
  if (!stored) throw new AppError("already_reported");
  return { businessId: found.businessId };
}

/**
 * Stores a report about a business itself for review. One per reporter and business, as for jobs:
 * a player by their account, a visitor by a hash of their address; a second is a 409
 * `already_reported`. A missing business is a 404.
 */
export async function reportBusiness(
  db: Db | Tx,
  businessId: number,
  report: ReportInput,
  reporter: Reporter,
): Promise<void> {
  await assertBusiness(db, businessId);
  const [stored] = await db
    .insert(businessReport)
    .values({ businessId, ...report, userId: reporter.userId, reporter: reporterKey(reporter) })
    .onConflictDoNothing()
    .returning({ id: businessReport.id });
  if (!stored) throw new AppError("already_reported");
}
