import { and, asc, desc, eq, gt, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import {
  business,
  businessClaim,
  businessOwner,
  businessQuestion,
  businessReport,
  businessVersion,
  directoryReport,
  questionAnswer,
  review,
  reviewReply,
} from "../db/schema/directory.ts";
import { type Locale, localizedPath } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import type { Actor, AuditEntry } from "../platform/audit.server.ts";
import { actedFirst } from "../platform/audit.server.ts";
import { auditChanges } from "../platform/audit-diff.ts";
import { type Email, enqueueEmail, paragraphsEmail } from "../platform/email.server.ts";
import { AppError } from "../platform/errors.ts";
import type { ModeratedKind } from "../platform/moderation.server.ts";
import type { HideReason } from "../platform/moderation.ts";
import { canMove } from "../platform/state-machine.ts";
import { playerContact, publicIdentities } from "../players/identity.server.ts";
import { CLAIM_MOVES } from "./claims.ts";
import {
  editableListing,
  type ListingSnapshot,
  listingTarget,
  writeListing,
} from "./listing-edits.server.ts";

/** What a console action did (the staff area's StaffChange, which this area may not import). */
type StaffChange<T> = { audit: AuditEntry; result: T };

// The directory's console operations (issue 25): what people report here, as the console reads
// and moderates it. The moves themselves are the platform's (app/platform/moderation.server.ts).

export type DirectoryModerated = "review" | "question" | "answer" | "reply" | "business";

const inDirectoryReport = {
  reports: directoryReport,
  reportId: directoryReport.id,
  reportedAt: directoryReport.createdAt,
  reportReason: directoryReport.reason,
  reportDetails: directoryReport.details,
  reportUser: directoryReport.userId,
  resolvedAt: directoryReport.resolvedAt,
  resolution: directoryReport.resolution,
};

/** Each reportable thing of the directory: its table, and where its reports are. */
export const DIRECTORY_MODERATION: Record<DirectoryModerated, ModeratedKind> = {
  review: {
    kind: "review",
    item: review,
    id: review.id,
    hiddenAt: review.hiddenAt,
    hiddenReason: review.hiddenReason,
    hiddenNote: review.hiddenNote,
    reportItem: directoryReport.reviewId,
    ...inDirectoryReport,
  },
  question: {
    kind: "question",
    item: businessQuestion,
    id: businessQuestion.id,
    hiddenAt: businessQuestion.hiddenAt,
    hiddenReason: businessQuestion.hiddenReason,
    hiddenNote: businessQuestion.hiddenNote,
    reportItem: directoryReport.questionId,
    ...inDirectoryReport,
  },
  answer: {
    kind: "answer",
    item: questionAnswer,
    id: questionAnswer.id,
    hiddenAt: questionAnswer.hiddenAt,
    hiddenReason: questionAnswer.hiddenReason,
    hiddenNote: questionAnswer.hiddenNote,
    reportItem: directoryReport.answerId,
    ...inDirectoryReport,
  },
  reply: {
    kind: "reply",
    item: reviewReply,
    id: reviewReply.id,
    hiddenAt: reviewReply.hiddenAt,
    hiddenReason: reviewReply.hiddenReason,
    hiddenNote: reviewReply.hiddenNote,
    reportItem: directoryReport.replyId,
    ...inDirectoryReport,
  },
  business: {
    kind: "business",
    item: business,
    id: business.id,
    hiddenAt: business.hiddenAt,
    hiddenReason: business.hiddenReason,
    hiddenNote: business.hiddenNote,
    reports: businessReport,
    reportId: businessReport.id,
    reportItem: businessReport.businessId,
    reportedAt: businessReport.createdAt,
    reportReason: businessReport.reason,
    reportDetails: businessReport.details,
    reportUser: businessReport.userId,
    resolvedAt: businessReport.resolvedAt,
    resolution: businessReport.resolution,
  },
};

/** A reported thing as a moderator reads it. */
export type DirectoryItem = {
  kind: DirectoryModerated;
  id: number;
  /** What was written (a business: its name and address). */
  text: string;
  /** The writer's handle; a demo entry's shown name; null for a business. */
  author: string | null;
  /** The player who wrote it, who is told when it is hidden; null for demo entries and businesses. */
  authorId: string | null;
  /** 1 to 5 for a review. */
  rating: number | null;
  businessId: number;
  businessName: string;
  /** Where it shows on the site (English address; the page localizes it). */
  href: string;
};

type ItemRow = {
  id: number;
  text: string;
  userId: string | null;
  shownName: string | null;
  rating: number | null;
  businessId: number;
  businessName: string;
};

/** Only reviews have stars. */
const noRating = sql<number | null>`null`;

function itemRows(db: Db | Tx, kind: DirectoryModerated, ids: number[]): Promise<ItemRow[]> {
  if (kind === "review")
    return db
      .select({
        id: review.id,
        text: review.body,
        userId: review.userId,
        shownName: review.authorName,
        rating: review.rating,
        businessId: review.businessId,
        businessName: business.name,
      })
      .from(review)
      .innerJoin(business, eq(business.id, review.businessId))
      .where(inArray(review.id, ids));
  if (kind === "question")
    return db
      .select({
        id: businessQuestion.id,
        text: businessQuestion.question,
        userId: businessQuestion.userId,
        shownName: businessQuestion.askedBy,
        rating: noRating,
        businessId: businessQuestion.businessId,
        businessName: business.name,
      })
      .from(businessQuestion)
      .innerJoin(business, eq(business.id, businessQuestion.businessId))
      .where(inArray(businessQuestion.id, ids));
  if (kind === "answer")
    return db
      .select({
        id: questionAnswer.id,
        text: questionAnswer.body,
        userId: questionAnswer.userId,
        shownName: businessQuestion.askedBy,
        rating: noRating,
        businessId: businessQuestion.businessId,
        businessName: business.name,
      })
      .from(questionAnswer)
      .innerJoin(businessQuestion, eq(businessQuestion.id, questionAnswer.questionId))
      .innerJoin(business, eq(business.id, businessQuestion.businessId))
      .where(inArray(questionAnswer.id, ids));
  if (kind === "reply")
    return db
      .select({
        id: reviewReply.id,
        text: reviewReply.body,
        userId: reviewReply.authorId,
        shownName: sql<string | null>`null`,
        rating: noRating,
        businessId: review.businessId,
        businessName: business.name,
      })
      .from(reviewReply)
      .innerJoin(review, eq(review.id, reviewReply.reviewId))
      .innerJoin(business, eq(business.id, review.businessId))
      .where(inArray(reviewReply.id, ids));
  return db
    .select({
      id: business.id,
      text: business.address,
      userId: sql<string | null>`null`,
      shownName: sql<string | null>`null`,
      rating: noRating,
      businessId: business.id,
      businessName: business.name,
    })
    .from(business)
    .leftJoin(review, eq(review.id, -1))
    .where(inArray(business.id, ids));
}

/** The reported things of one kind, by id (ids without one are absent). */
export async function directoryItems(
  db: Db | Tx,
  kind: DirectoryModerated,
  ids: readonly number[],
): Promise<Map<number, DirectoryItem>> {
  if (ids.length === 0) return new Map();
  const rows = await itemRows(db, kind, [...ids]);
  const identities = await publicIdentities(
    db,
    rows.flatMap((row) => (row.userId ? [row.userId] : [])),
  );
  return new Map(
    rows.map((row) => {
      const identity = row.userId ? identities.get(row.userId) : undefined;
      const item: DirectoryItem = {
        kind,
        id: row.id,
        text: kind === "business" ? `${row.businessName}, ${row.text}` : row.text,
        author:
          kind === "answer" || kind === "reply"
            ? (identity?.handle ?? null)
            : (identity?.handle ?? row.shownName),
        authorId: row.userId,
        rating: row.rating,
        businessId: row.businessId,
        businessName: row.businessName,
        href: `/businesses/${row.businessId}`,
      };
      return [row.id, item];
    }),
  );
}

/**
 * The e-mail to the player whose review, question, answer or reply moderators hid, in their language:
 * what was removed, why, and that replying asks for a second look (the Reply-To is the moderators'
 * address, MODERATION_REPLY_TO).
 */
export function removalEmail(
  to: { email: string; name: string; locale: Locale },
  item: DirectoryItem,
  hidden: { reason: HideReason; note: string | null },
  options: { replyTo: string; baseUrl: string },
): Email {
  const t = serverT(to.locale);
  const what = t(
    `directoryEmail.removal.what.${item.kind as "review" | "question" | "answer" | "reply"}`,
    {
      business: item.businessName,
    },
  );
  const reason = t(`moderation.reasons.${hidden.reason}`);
  const link = `${options.baseUrl}${localizedPath(item.href, to.locale)}`;
  const lines = [
    t("directoryEmail.removal.greeting", { name: to.name }),
    t("directoryEmail.removal.intro", { what }),
    t("directoryEmail.removal.reason", { reason }),
    ...(hidden.note ? [t("directoryEmail.removal.note", { note: hidden.note })] : []),
    t("directoryEmail.removal.quoted", { text: item.text }),
    t("directoryEmail.removal.appeal", { address: options.replyTo }),
    t("directoryEmail.removal.page", { link }),
    t("directoryEmail.removal.signature"),
  ];
  return paragraphsEmail(
    to.email,
    t("directoryEmail.removal.subject", { what }),
    lines,
    to.locale,
    {
      "Reply-To": options.replyTo,
    },
  );
}

/** Where a list of open claims stopped: the last one's time and id. */
type ClaimPosition = { at: Date; id: number };

/** Open listing claims, oldest first, strictly after `after` (partial index on open claims). */
export async function openClaims(
  db: Db | Tx,
  { after, limit }: { after: ClaimPosition | null; limit: number },
) {
  return db
    .select({
      id: businessClaim.id,
      createdAt: businessClaim.createdAt,
      business: business.name,
      planRequestId: businessClaim.sourceId,
      note: businessClaim.note,
    })
    .from(businessClaim)
    .innerJoin(business, eq(business.id, businessClaim.businessId))
    .where(
      and(
        eq(businessClaim.status, "open"),
        after
          ? or(
              gt(businessClaim.createdAt, after.at),
              and(eq(businessClaim.createdAt, after.at), gt(businessClaim.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(businessClaim.createdAt), asc(businessClaim.id))
    .limit(limit);
}

export const openClaimsCount: SQL<number> = sql<number>`(select count(*)::integer
  from ${businessClaim} where ${eq(businessClaim.status, "open")})`;

/** What a player did in the directory, for the console's player page: reports made, reviews. */
export async function directoryActivityOf(db: Db | Tx, userId: string) {
  const [reports, reviews] = await Promise.all([
    db.execute<{ count: number }>(sql`
      select ((select count(*) from ${directoryReport} where ${directoryReport.userId} = ${userId})
        + (select count(*) from ${businessReport} where ${businessReport.userId} = ${userId}))::int as count`),
    db
      .select({
        id: review.id,
        rating: review.rating,
        createdAt: review.createdAt,
        business: business.name,
        businessId: business.id,
        total: sql<number>`count(*) over ()::int`,
      })
      .from(review)
      .innerJoin(business, eq(business.id, review.businessId))
      .where(eq(review.userId, userId))
      .orderBy(desc(review.createdAt), desc(review.id))
      .limit(5),
  ]);
  return {
    reports: reports.rows[0]?.count ?? 0,
    reviews: { count: reviews[0]?.total ?? 0, recent: reviews },
  };
}

// New listings ("Add your business") waiting for staff: the queue kind and the console page.
export {
  decideListing,
  listingForStaff,
  pendingListings,
  pendingListingsCount,
} from "./new-listings.server.ts";
// A listing's kept versions (issue 26): the console lists them and restores one.

/** A kept version of a listing, newest first, as the console's history lists them. */
export type ListingVersion = {
  version: number;
  at: Date;
  /** Who saved it, and in which role; null for the listing as first listed. */
  by: { name: string; role: string } | null;
  snapshot: ListingSnapshot;
};

/** The console's history page of a listing: its name, current version and every kept one. */
export async function listingHistory(db: Db | Tx, id: number) {
  const { name, version } = await editableListing(db, id);
  return { id, name, version, versions: await listingVersions(db, id) };
}

export async function listingVersions(db: Db | Tx, id: number): Promise<ListingVersion[]> {
  const rows = await db
    .select({
      version: businessVersion.version,
      at: businessVersion.createdAt,
      actorId: businessVersion.actorId,
      role: businessVersion.actorRole,
      snapshot: businessVersion.snapshot,
    })
    .from(businessVersion)
    .where(eq(businessVersion.businessId, id))
    .orderBy(desc(businessVersion.version));
  const identities = await publicIdentities(
    db,
    rows.flatMap((row) => (row.actorId ? [row.actorId] : [])),
  );
  return rows.map(({ actorId, role, snapshot, ...row }) => ({
    ...row,
    // A player since deleted keeps their role in the history, without a name.
    by: role ? { name: (actorId && identities.get(actorId)?.displayName) || "—", role } : null,
    snapshot: snapshot as ListingSnapshot,
  }));
}

/**
 * Staff's restore of an earlier version, inside `staffWrite`: its fields and products become the
 * listing again as a new version (so the restore can itself be undone); audit row
 * `business.restore`. `current` is the version the page showed (409 if someone saved since).
 */
export async function restoreListing(
  tx: Tx,
  staff: Actor,
  id: number,
  wanted: number,
  current: number,
): Promise<{ audit: AuditEntry; result: { version: number } }> {
  const [kept] = await tx
    .select({ snapshot: businessVersion.snapshot })
    .from(businessVersion)
    .where(and(eq(businessVersion.businessId, id), eq(businessVersion.version, wanted)));
  if (!kept) throw new AppError("not_found");
  const snapshot = kept.snapshot as ListingSnapshot;
  const { before, after, version } = await writeListing(tx, staff, id, current, snapshot);
  return {
    audit: {
      action: "business.restore",
      target: listingTarget(id),
      reason: `version ${wanted}`,
      ...auditChanges(
        { ...before.fields, products: before.products },
        { ...after.fields, products: after.products },
      ),
    },
    result: { version },
  };
}

/** A listing claim as the console shows it: the business, who asked, how, and what was decided. */
export async function claimForStaff(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      id: businessClaim.id,
      status: businessClaim.status,
      source: businessClaim.source,
      businessId: businessClaim.businessId,
      business: business.name,
      requesterId: businessClaim.requesterId,
      contactEmail: businessClaim.contactEmail,
      planRequestId: businessClaim.sourceId,
      hasDocument: sql<boolean>`${businessClaim.document} is not null`,
      note: businessClaim.note,
      reason: businessClaim.reason,
      createdAt: businessClaim.createdAt,
      decidedAt: businessClaim.decidedAt,
    })
    .from(businessClaim)
    .innerJoin(business, eq(business.id, businessClaim.businessId))
    .where(
      and(eq(businessClaim.id, id), inArray(businessClaim.source, ["plan_request", "document"])),
    );
  if (!row) throw new AppError("not_found");
  const identity = row.requesterId
    ? (await publicIdentities(db, [row.requesterId])).get(row.requesterId)
    : undefined;
  return { ...row, requester: identity ? { id: row.requesterId, handle: identity.handle } : null };
}

/**
 * A member of staff opens the document of a claim that waits on them: its stored name (and
 * whether a PDF or a picture), after `staffWrite` has checked their role inside the transaction;
 * every opening is in the audit trail. Once the claim is decided its document is gone (decision
 * 0063), and so is this: a 404 as for a claim that has none.
 */
export async function openClaimDocument(
  tx: Tx,
  id: number,
): Promise<StaffChange<{ name: string }>> {
  const [claim] = await tx
    .select({ document: businessClaim.document })
    .from(businessClaim)
    .where(
      and(
        eq(businessClaim.id, id),
        eq(businessClaim.source, "document"),
        eq(businessClaim.status, "open"),
      ),
    );
  if (!claim?.document) throw new AppError("not_found");
  return {
    audit: { action: "claim.document_open", target: { kind: "business_claim", id } },
    result: { name: claim.document },
  };
}

export type ClaimDecision = { to: "approved" } | { to: "rejected"; reason: string };

/**
 * Staff approve a claim that waits on them (the claimant becomes an owner via 'staff', even of a
 * business someone already owns: a claimed business is claimed again only this way) or reject it
 * with a reason; the claimant is told by e-mail in their language. The conditional UPDATE on
 * 'open' makes the second of two staff members a 409 naming the first. Returns the claim's
 * document, which the caller deletes once this has committed (decision 0063).
 */
export async function decideClaim(
  tx: Tx,
  id: number,
  decision: ClaimDecision,
  { baseUrl }: { baseUrl: string },
): Promise<StaffChange<{ status: ClaimDecision["to"]; document: string | null }>> {
  const target = { kind: "business_claim", id };
  const [claim] = await tx
    .select({
      status: businessClaim.status,
      document: businessClaim.document,
      businessId: businessClaim.businessId,
      requesterId: businessClaim.requesterId,
      business: business.name,
    })
    .from(businessClaim)
    .innerJoin(business, eq(business.id, businessClaim.businessId))
    .where(
      and(eq(businessClaim.id, id), inArray(businessClaim.source, ["plan_request", "document"])),
    )
    .for("update", { of: businessClaim });
  if (!claim) throw new AppError("not_found");
  if (!canMove(CLAIM_MOVES, claim.status, decision.to)) throw await actedFirst(tx, target);
  // A visitor's plan request named no account: there is nobody to make an owner.
  const claimant = claim.requesterId ? await playerContact(tx, claim.requesterId) : undefined;
  if (decision.to === "approved" && (!claim.requesterId || !claimant))
    throw new AppError("conflict", { message: "staff.claims.problems.noAccount" });
  await tx
    .update(businessClaim)
    .set({
      status: decision.to,
      decidedAt: new Date(),
      reason: decision.to === "rejected" ? decision.reason : null,
    })
    .where(and(eq(businessClaim.id, id), eq(businessClaim.status, "open")));
  if (decision.to === "approved" && claim.requesterId)
    await tx
      .insert(businessOwner)
      .values({ businessId: claim.businessId, userId: claim.requesterId, via: "staff" })
      .onConflictDoNothing();
  if (claimant) {
    const t = serverT(claimant.locale);
    const link = `${baseUrl}${localizedPath(`/businesses/${claim.businessId}`, claimant.locale)}`;
    await enqueueEmail(
      tx,
      paragraphsEmail(
        claimant.email,
        t(`directoryEmail.claimDecision.${decision.to}.subject`, { business: claim.business }),
        [
          t("directoryEmail.removal.greeting", { name: claimant.name }),
          t(`directoryEmail.claimDecision.${decision.to}.body`, { business: claim.business }),
          ...(decision.to === "rejected"
            ? [t("directoryEmail.claimDecision.reason", { reason: decision.reason })]
            : []),
          t("directoryEmail.removal.page", { link }),
          t("directoryEmail.removal.signature"),
        ],
        claimant.locale,
      ),
    );
  }
  return {
    audit: {
      action: decision.to === "approved" ? "claim.approve" : "claim.reject",
      target,
      before: { status: claim.status },
      after: { status: decision.to },
      reason: decision.to === "rejected" ? decision.reason : null,
    },
    result: { status: decision.to, document: claim.document },
  };
}
