import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { type BusinessStatus, business, businessOwner } from "../db/schema/directory.ts";
import { type Locale, localizedPath } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import { type AuditEntry, actedFirst } from "../platform/audit.server.ts";
import { type Email, enqueueEmail } from "../platform/email.server.ts";
import { AppError } from "../platform/errors.ts";
import { assertMove, type Moves } from "../platform/state-machine.ts";
import { escapeHtml, normalizeForSearch } from "../platform/text.ts";
import { isAdult, playerContact, publicIdentities } from "../players/identity.server.ts";
import type { NewListing } from "./new-listing.ts";

/**
 * A listing a player added waits for staff: approved (listed, the player its owner) or rejected
 * (with a reason), once. The conditional UPDATE on status = 'pending' checks it again.
 */
const LISTING_MOVES: Moves<BusinessStatus> = {
  pending: ["approved", "rejected"],
  approved: [],
  rejected: [],
};

/**
 * "Add your business": a new listing from `submitterId`, waiting for staff (not listed, so out of
 * search, counts and the sitemap until approved). Only adults (the route counts each attempt
 * against "business-add" before the form is checked, decision 0038). The player
 * becomes its owner when staff approve it (`decideListing`), so a listing nobody checked gives no
 * one a manage page; until then `submitted_by` lets them see its page. Returns its id.
 */
export async function addBusiness(db: Db, submitterId: string, form: NewListing): Promise<number> {
  if (!(await isAdult(db, submitterId))) throw new AppError("forbidden");
  // The owner's name and picture on the listing, as other players may see them.
  const submitter = (await publicIdentities(db, [submitterId])).get(submitterId);
  if (!submitter) throw new AppError("unauthorized");
  // The category's drawing, until the listing's own pictures are added on its manage page.
  const picture = `/images/directory/${form.category}-1.svg`;
  const [row] = await db
    .insert(business)
    .values({
      slug: `listing-${randomUUID()}`,
      name: form.name,
      category: form.category,
      city: form.city,
      province: form.province,
      address: form.address,
      postalCode: form.postalCode,
      latitude: form.latitude,
      longitude: form.longitude,
      searchName: normalizeForSearch(form.name),
      searchLocation: normalizeForSearch(`${form.city} ${form.province}`),
      priceFromCents: 0,
      opensAt: form.opensAt,
      closesAt: form.closesAt,
      image: picture,
      coverImage: picture,
      ownerName: submitter.displayName,
      ownerImage: submitter.image ?? "/images/owners/owner-1.svg",
      website: form.website ?? null,
      phone: form.phone ?? null,
      contactEmail: form.email,
      description: form.description,
      status: "pending",
      submittedBy: submitterId,
    })
    .returning({ id: business.id });
  if (!row) throw new Error("insert into business returned no row");
  return row.id;
}

/** Where a list of new listings stopped: the last one's time and id. */
type ListingPosition = { at: Date; id: number };

/** New listings waiting for staff, oldest first, strictly after `after` (business_pending_idx). */
export async function pendingListings(
  db: Db | Tx,
  { after, limit }: { after: ListingPosition | null; limit: number },
) {
  return db
    .select({
      id: business.id,
      createdAt: business.createdAt,
      name: business.name,
      city: business.city,
      province: business.province,
    })
    .from(business)
    .where(
      and(
        eq(business.status, "pending"),
        after
          ? or(
              gt(business.createdAt, after.at),
              and(eq(business.createdAt, after.at), gt(business.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(business.createdAt), asc(business.id))
    .limit(limit);
}

export const pendingListingsCount: SQL<number> = sql<number>`(select count(*)::integer
  from ${business} where ${eq(business.status, "pending")})`;

/** A new listing as staff review it: every field, and who added it. */
export async function listingForStaff(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      id: business.id,
      status: business.status,
      name: business.name,
      category: business.category,
      address: business.address,
      city: business.city,
      province: business.province,
      postalCode: business.postalCode,
      phone: business.phone,
      website: business.website,
      contactEmail: business.contactEmail,
      description: business.description,
      opensAt: business.opensAt,
      closesAt: business.closesAt,
      latitude: business.latitude,
      longitude: business.longitude,
      createdAt: business.createdAt,
      rejectedReason: business.rejectedReason,
      submittedBy: business.submittedBy,
    })
    .from(business)
    .where(eq(business.id, id));
  if (!row) throw new AppError("not_found");
  const { submittedBy, ...listing } = row;
  const identity = submittedBy
    ? (await publicIdentities(db, [submittedBy])).get(submittedBy)
    : undefined;
  return {
    ...listing,
    submitter: submittedBy && identity ? { id: submittedBy, handle: identity.handle } : null,
  };
}

export type ListingDecision = { to: "approved" } | { to: "rejected"; reason: string };

/** The e-mail to the player who added a listing, in their language: approved, or why not. */
function decisionEmail(
  to: { email: string; name: string; locale: Locale },
  listing: { id: number; name: string },
  decision: ListingDecision,
  baseUrl: string,
): Email {
  const t = serverT(to.locale);
  const values = { business: listing.name };
  const lines = [
    t("directoryEmail.newListing.greeting", { name: to.name }),
    ...(decision.to === "approved"
      ? [
          t("directoryEmail.newListing.approved", values),
          t("directoryEmail.newListing.page", {
            link: `${baseUrl}${localizedPath(`/businesses/${listing.id}`, to.locale)}`,
          }),
        ]
      : [
          t("directoryEmail.newListing.rejected", values),
          t("directoryEmail.newListing.reason", { reason: decision.reason }),
        ]),
    t("directoryEmail.newListing.signature"),
  ];
  return {
    to: to.email,
    subject: t(
      decision.to === "approved"
        ? "directoryEmail.newListing.approvedSubject"
        : "directoryEmail.newListing.rejectedSubject",
      values,
    ),
    text: lines.join("\n\n"),
    html: `<!doctype html><html lang="${to.locale}"><body style="font-family:sans-serif;color:#1f2937">\n${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}\n</body></html>`,
  };
}

/**
 * Staff approve or reject a new listing, in the caller's (staffWrite's) transaction: one
 * conditional UPDATE on status = 'pending', so of two staff one moves it and the other gets the
 * 409 naming who acted first. Approval lists it (search, the category counts through their
 * triggers, the sitemap) and makes its submitter an owner (via "staff"), in the same transaction;
 * the submitter is e-mailed in their language either way.
 */
export async function decideListing(
  tx: Tx,
  id: number,
  decision: ListingDecision,
  { baseUrl }: { baseUrl: string },
): Promise<{ audit: AuditEntry; result: { status: ListingDecision["to"] } }> {
  const target = { kind: "business", id };
  const seen = await listingForStaff(tx, id);
  if (seen.status !== "pending") throw await actedFirst(tx, target);
  assertMove(LISTING_MOVES, seen.status, decision.to);
  const reason = decision.to === "rejected" ? decision.reason : null;
  const [moved] = await tx
    .update(business)
    .set({ status: decision.to, rejectedReason: reason })
    .where(and(eq(business.id, id), eq(business.status, "pending")))
    .returning({ id: business.id });
  if (!moved) throw await actedFirst(tx, target);
  const contact = seen.submitter ? await playerContact(tx, seen.submitter.id) : null;
  if (seen.submitter && contact) {
    if (decision.to === "approved")
      await tx
        .insert(businessOwner)
        .values({ businessId: id, userId: seen.submitter.id, via: "staff" })
        .onConflictDoNothing();
    await enqueueEmail(tx, decisionEmail(contact, seen, decision, baseUrl));
  }
  return {
    audit: {
      action: decision.to === "approved" ? "business.approve" : "business.reject",
      target,
      before: { status: "pending" },
      after: {
        status: decision.to,
        owner: decision.to === "approved" ? (seen.submitter?.id ?? null) : null,
      },
      reason,
    },
    result: { status: decision.to },
  };
}
