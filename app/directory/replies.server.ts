import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { business, review, reviewReply } from "../db/schema/directory.ts";
import { type Locale, localizedPath } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import { type Email, enqueueEmail, paragraphsEmail } from "../platform/email.server.ts";
import { AppError } from "../platform/errors.ts";
import { notificationContact } from "../players/identity.server.ts";
import { authorsOf, replyItem } from "./community.server.ts";
import type { Author, Reply, ReplyInput } from "./community.ts";
import { type Manager, managerWrite } from "./owners.server.ts";
import type { ReplyFilter } from "./replies.ts";

// Owners' public replies to the reviews of their listing (issue 26, "Answer the people"): one per
// review, written on the manage pages through managerWrite, so each is in the audit trail.

/** A review as its listing's managers see it, with their reply (their own words even if hidden). */
export type ManagedReview = {
  id: number;
  author: Author;
  rating: number;
  body: string;
  locale: Locale;
  createdAt: string;
  /** What the public sees of the reply. */
  reply: Reply | null;
  /** The reply's text for the edit form, also while moderators hide it. */
  replyBody: string | null;
};

/**
 * A page (1-based) of the listing's shown reviews for its managers, newest first, the unanswered
 * ones first when `filter` is "all" (a reply that moderators hid counts as an answer: editing it
 * is not offered, deleting it is).
 */
export async function managedReviews(
  db: Db | Tx,
  businessId: number,
  { filter, page, limit }: { filter: ReplyFilter; page: number; limit: number },
): Promise<{ items: ManagedReview[]; pages: number; unanswered: number }> {
  const shown = and(eq(review.businessId, businessId), isNull(review.hiddenAt));
  const waiting: SQL = sql`${reviewReply.id} is null`;
  const where = filter === "unanswered" ? and(shown, waiting) : shown;
  const [totals] = await db
    .select({ all: count(), unanswered: sql<number>`count(*) filter (where ${waiting})::integer` })
    .from(review)
    .leftJoin(reviewReply, eq(reviewReply.reviewId, review.id))
    .where(shown);
  const rows = await db
    .select({
      id: review.id,
      userId: review.userId,
      authorName: review.authorName,
      rating: review.rating,
      body: review.body,
      locale: review.locale,
      createdAt: review.createdAt,
      reply: {
        id: reviewReply.id,
        body: reviewReply.body,
        locale: reviewReply.locale,
        createdAt: reviewReply.createdAt,
        editedAt: reviewReply.editedAt,
        hiddenReason: reviewReply.hiddenReason,
      },
    })
    .from(review)
    .leftJoin(reviewReply, eq(reviewReply.reviewId, review.id))
    .where(where)
    .orderBy(sql`${reviewReply.id} is not null`, desc(review.createdAt), desc(review.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const author = await authorsOf(
    db,
    rows.map((row) => ({ userId: row.userId, name: row.authorName })),
  );
  const listed = filter === "unanswered" ? (totals?.unanswered ?? 0) : (totals?.all ?? 0);
  return {
    items: rows.map((row) => ({
      id: row.id,
      author: author({ userId: row.userId, name: row.authorName }),
      rating: row.rating,
      body: row.body,
      locale: row.locale,
      createdAt: row.createdAt.toISOString(),
      reply: replyItem(row.reply),
      replyBody: row.reply?.body ?? null,
    })),
    pages: Math.max(1, Math.ceil(listed / limit)),
    unanswered: totals?.unanswered ?? 0,
  };
}

/**
 * The listing a review belongs to, for the API, whose address names only the review: the manager
 * check then runs on that listing. A missing review is the 404.
 */
export async function businessOfReview(db: Db | Tx, reviewId: number): Promise<number> {
  const [row] = await db
    .select({ businessId: review.businessId })
    .from(review)
    .where(eq(review.id, reviewId));
  if (!row) throw new AppError("not_found");
  return row.businessId;
}

/** The review, if it is a shown review of the manager's listing; else the 404. */
async function reviewOfListing(tx: Tx, manager: Manager, reviewId: number) {
  const [row] = await tx
    .select({
      id: review.id,
      userId: review.userId,
      business: business.name,
    })
    .from(review)
    .innerJoin(business, eq(business.id, review.businessId))
    .where(
      and(
        eq(review.id, reviewId),
        eq(review.businessId, manager.businessId),
        isNull(review.hiddenAt),
      ),
    );
  if (!row) throw new AppError("not_found");
  return row;
}

/**
 * The listing's reply to one of its reviews, once: a second is a 409 (the first is edited
 * instead). The reviewer is e-mailed in their language, unless they turned notifications off;
 * the e-mail never names who replied.
 */
export async function writeReply(
  db: Db,
  manager: Manager,
  reviewId: number,
  input: ReplyInput & { locale: Locale },
  options: { baseUrl: string },
): Promise<{ id: number }> {
  return managerWrite(db, manager, async (tx) => {
    const found = await reviewOfListing(tx, manager, reviewId);
    const [row] = await tx
      .insert(reviewReply)
      .values({ reviewId, authorId: manager.id, body: input.body, locale: input.locale })
      .onConflictDoNothing({ target: reviewReply.reviewId })
      .returning({ id: reviewReply.id });
    if (!row) throw new AppError("conflict", { message: "replies.problems.alreadyReplied" });
    const reviewer = found.userId && (await notificationContact(tx, found.userId));
    if (reviewer)
      await enqueueEmail(
        tx,
        replyEmail(
          reviewer,
          { businessId: manager.businessId, business: found.business, body: input.body },
          options,
        ),
      );
    return {
      audit: {
        action: "review_reply.create",
        target: { kind: "review_reply", id: row.id },
        after: { reviewId, body: input.body },
      },
      result: row,
    };
  });
}

/** Changes the listing's reply to a review; none, or one moderators hid, is the 404. */
export async function updateReply(
  db: Db,
  manager: Manager,
  reviewId: number,
  input: ReplyInput & { locale: Locale },
): Promise<void> {
  await managerWrite(db, manager, async (tx) => {
    await reviewOfListing(tx, manager, reviewId);
    const [before] = await tx
      .select({ id: reviewReply.id, body: reviewReply.body })
      .from(reviewReply)
      .where(and(eq(reviewReply.reviewId, reviewId), isNull(reviewReply.hiddenAt)))
      .for("update");
    if (!before) throw new AppError("not_found");
    await tx
      .update(reviewReply)
      .set({ body: input.body, locale: input.locale, editedAt: sql`now()` })
      .where(eq(reviewReply.id, before.id));
    return {
      audit: {
        action: "review_reply.update",
        target: { kind: "review_reply", id: before.id },
        before: { body: before.body },
        after: { body: input.body },
      },
      result: undefined,
    };
  });
}

/** Deletes the listing's reply to a review (also one moderators hid); none is the 404. */
export async function deleteReply(db: Db, manager: Manager, reviewId: number): Promise<void> {
  await managerWrite(db, manager, async (tx) => {
    await reviewOfListing(tx, manager, reviewId);
    const [gone] = await tx
      .delete(reviewReply)
      .where(eq(reviewReply.reviewId, reviewId))
      .returning({ id: reviewReply.id, body: reviewReply.body });
    if (!gone) throw new AppError("not_found");
    return {
      audit: {
        action: "review_reply.delete",
        target: { kind: "review_reply", id: gone.id },
        before: { reviewId, body: gone.body },
      },
      result: undefined,
    };
  });
}

/** The e-mail to a reviewer that the listing answered their review, in their language. */
function replyEmail(
  to: { email: string; name: string; locale: Locale },
  reply: { businessId: number; business: string; body: string },
  options: { baseUrl: string },
): Email {
  const t = serverT(to.locale);
  const link = `${options.baseUrl}${localizedPath(`/businesses/${reply.businessId}`, to.locale)}#reviews`;
  const lines = [
    t("directoryEmail.reply.greeting", { name: to.name }),
    t("directoryEmail.reply.intro", { business: reply.business }),
    t("directoryEmail.reply.quoted", { text: reply.body }),
    t("directoryEmail.reply.page", { link }),
    t("directoryEmail.reply.settings"),
    t("directoryEmail.reply.signature"),
  ];
  return paragraphsEmail(
    to.email,
    t("directoryEmail.reply.subject", { business: reply.business }),
    lines,
    to.locale,
  );
}
