import {
  openClaims,
  openClaimsCount,
  pendingListings,
  pendingListingsCount,
} from "../directory/staff.server.ts";
import { formatNumber } from "../i18n/format.ts";
import { serverT } from "../i18n/messages.server.ts";
import {
  heldPostings,
  heldPostingsCount,
  waitingEmployers,
  waitingEmployersCount,
} from "../jobs/staff.server.ts";
import { pendingRedeemRequests, pendingRedeemRequestsCount } from "../players/staff.server.ts";
import { openPlanRequests, openPlanRequestsCount } from "../pricing/staff.server.ts";
import type { QueueKind } from "./queue.server.ts";

/** The queue's position as a list of these kinds reads it (their ids are numbers). */
const positionOf = (after: { at: Date; id: string } | null) =>
  after ? { at: after.at, id: Number(after.id) } : null;

/** Redeem requests waiting for staff to fulfil or decline them. */
export const redeemKind: QueueKind = {
  key: "redeem",
  label: "staff.queue.kinds.redeem",
  count: pendingRedeemRequestsCount,
  async list(db, { locale, after, limit }) {
    const t = serverT(locale);
    const rows = await pendingRedeemRequests(db, { after: positionOf(after), limit });
    return rows.map((row) => ({
      id: String(row.id),
      waitingSince: row.createdAt,
      title: t("staff.redeem.title", { id: row.id, goal: row.goal[locale] }),
      detail: `${row.handle}, ${t("staff.redeem.points", { points: formatNumber(row.cost, locale) })}`,
      href: `/staff/redeem/${row.id}`,
    }));
  },
};

/** Plan requests staff have not settled yet (new or contacted). */
export const plansKind: QueueKind = {
  key: "plans",
  label: "staff.queue.kinds.plans",
  count: openPlanRequestsCount,
  async list(db, { locale, after, limit }) {
    const t = serverT(locale);
    const rows = await openPlanRequests(db, { after: positionOf(after), limit });
    return rows.map((row) => ({
      id: String(row.id),
      waitingSince: row.createdAt,
      title: t("staff.plans.title", { id: row.id, business: row.businessName }),
      detail: `${row.plan[locale]}, ${t(`staff.plans.status.${row.status}`)}`,
      href: `/staff/plans/${row.id}`,
    }));
  },
};

/** Listing claims waiting on staff (won plan requests, documents), reviewed at /staff/claims/:id. */
export const claimsKind: QueueKind = {
  key: "claims",
  label: "staff.queue.kinds.claims",
  count: openClaimsCount,
  async list(db, { locale, after, limit }) {
    const t = serverT(locale);
    const rows = await openClaims(db, { after: positionOf(after), limit });
    return rows.map((row) => ({
      id: String(row.id),
      waitingSince: row.createdAt,
      title: t("staff.claims.title", { business: row.business }),
      // A document claim says what the claimant says the document is.
      detail:
        row.planRequestId === null
          ? t("staff.claims.detailDocument", { note: row.note ?? "" })
          : t("staff.claims.detail", { request: row.planRequestId }),
      href: `/staff/claims/${row.id}`,
    }));
  },
};

/** Listings players added ("Add your business"), waiting for staff to approve or reject them. */
export const listingsKind: QueueKind = {
  key: "listings",
  label: "staff.queue.kinds.listings",
  count: pendingListingsCount,
  async list(db, { locale, after, limit }) {
    const t = serverT(locale);
    const rows = await pendingListings(db, { after: positionOf(after), limit });
    return rows.map((row) => ({
      id: String(row.id),
      waitingSince: row.createdAt,
      title: t("staff.listings.title", { business: row.name }),
      detail: `${row.city}, ${row.province}`,
      href: `/staff/listings/${row.id}`,
    }));
  },
};

/** Employer profiles waiting for staff to verify or reject them (issue 27). */
export const employersKind: QueueKind = {
  key: "employers",
  label: "staff.queue.kinds.employers",
  count: waitingEmployersCount,
  async list(db, { locale, after, limit }) {
    const t = serverT(locale);
    const rows = await waitingEmployers(db, { after: positionOf(after), limit });
    return rows.map((row) => ({
      id: String(row.id),
      waitingSince: row.createdAt,
      title: t("staff.employers.title", { name: row.name }),
      detail: t(`provinces.${row.province as "ON"}`),
      href: `/staff/employers/${row.id}`,
    }));
  },
};

/** Postings of employers not yet verified, held until staff publish them or send them back. */
export const postingsKind: QueueKind = {
  key: "postings",
  label: "staff.queue.kinds.postings",
  count: heldPostingsCount,
  async list(db, { locale, after, limit }) {
    const t = serverT(locale);
    const rows = await heldPostings(db, { after: positionOf(after), limit });
    return rows.map((row) => ({
      id: String(row.id),
      waitingSince: row.heldSince,
      title: row.title[locale],
      detail: t("staff.postings.detail", { company: row.company }),
      href: `/staff/postings/${row.id}`,
    }));
  },
};
