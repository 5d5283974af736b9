import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import {
  DIRECTORY_MODERATION,
  type DirectoryModerated,
  directoryItems,
  removalEmail,
} from "../directory/staff.server.ts";
import type { Locale } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import { JOB_MODERATION, jobItems } from "../jobs/staff.server.ts";
import { enqueueEmail } from "../platform/email.server.ts";
import {
  hiddenItems,
  type ModeratedKind,
  type ModerationMove,
  moderationState,
  moveModeratedItem,
  openReportedItems,
  openReportedItemsCount,
  type ReportRow,
  reportsOf,
} from "../platform/moderation.server.ts";
import type { HideReason, ModerationState } from "../platform/moderation.ts";
import type { StaffActor } from "./access.server.ts";
import type { QueueKind } from "./queue.server.ts";
import { REPORTED_KINDS, type ReportedKind } from "./reported-kinds.ts";
import { staffWrite } from "./write.server.ts";

// The console's reports (issue 25): the directory's and the job board's reportable things as one
// list, one queue kind and one page per item. Each area describes its own kinds; the moves are
// the platform's.

const MODERATION: Record<ReportedKind, ModeratedKind> = {
  ...DIRECTORY_MODERATION,
  job: JOB_MODERATION,
};

const isDirectory = (kind: ReportedKind): kind is DirectoryModerated => kind !== "job";

/** A reported thing as the console shows it, in the member's language. */
export type ReportedThing = {
  kind: ReportedKind;
  id: number;
  /** "Review of Café Lumière by @maya", "Job Cook at Bistro 12". */
  title: string;
  text: string;
  author: string | null;
  rating: number | null;
  /** Where it shows on the site (English; the page localizes it). */
  href: string;
};

/** The things of one kind with these ids, described for the member (ids without one are absent). */
async function describe(
  db: Db | Tx,
  kind: ReportedKind,
  ids: readonly number[],
  locale: Locale,
): Promise<Map<number, ReportedThing>> {
  const t = serverT(locale);
  if (!isDirectory(kind)) {
    const jobs = await jobItems(db, ids, locale);
    return new Map(
      [...jobs].map(([id, job]) => [
        id,
        {
          kind,
          id,
          title: t("staff.reports.titles.job", { title: job.title, company: job.company }),
          text: `${job.title}, ${job.company}`,
          author: null,
          rating: null,
          href: job.href,
        },
      ]),
    );
  }
  const items = await directoryItems(db, kind, ids);
  return new Map(
    [...items].map(([id, item]) => [
      id,
      {
        kind,
        id,
        title: t(`staff.reports.titles.${kind}`, {
          business: item.businessName,
          author: item.author ?? "",
        }),
        text: item.text,
        author: item.author,
        rating: item.rating,
        href: item.href,
      },
    ]),
  );
}

/** Where the list of open reports stopped: the last item's oldest open report (`id`). */
export type ReportsPosition = { at: Date; kind: ReportedKind; id: number };

/** An item with open reports, as the list and the queue show it. */
export type OpenItem = ReportedThing & {
  since: Date;
  count: number;
  reasons: string[];
  position: ReportsPosition;
};

const kindOrder = (kind: ReportedKind) => REPORTED_KINDS.indexOf(kind);

/** The things a page lists, each kind's read in one statement, by kind and id. */
async function describeEach(
  db: Db,
  page: readonly { kind: ReportedKind; itemId: number }[],
  locale: Locale,
): Promise<Map<ReportedKind, Map<number, ReportedThing>>> {
  const described = await Promise.all(
    REPORTED_KINDS.map(async (kind) => {
      const ids = page.filter((item) => item.kind === kind).map((item) => item.itemId);
      return [kind, await describe(db, kind, ids, locale)] as const;
    }),
  );
  return new Map(described);
}

/**
 * Up to `limit` items with open reports, every kind together, by their oldest open report
 * (ties by kind, then report), strictly after `after`: every kind's walk of its open reports'
 * index in one statement, merged.
 */
export async function listOpenItems(
  db: Db,
  locale: Locale,
  after: ReportsPosition | null,
  limit: number,
): Promise<OpenItem[]> {
  // At the position's own time, a kind before it is done, the same kind continues after its
  // report, a kind after it starts over.
  const walks = await openReportedItems(
    db,
    REPORTED_KINDS.map((kind) => ({
      kind: MODERATION[kind],
      after: after && {
        at: after.at,
        reportId:
          kind === after.kind ? after.id : kindOrder(kind) > kindOrder(after.kind) ? 0 : null,
      },
    })),
    limit,
  );
  const found = REPORTED_KINDS.map((kind, index) =>
    (walks[index] ?? []).map((item) => ({ kind, ...item })),
  );
  const page = found
    .flat()
    .sort(
      (a, b) =>
        a.since.getTime() - b.since.getTime() ||
        kindOrder(a.kind) - kindOrder(b.kind) ||
        a.reportId - b.reportId,
    )
    .slice(0, limit);
  const described = await describeEach(db, page, locale);
  return page.flatMap((item) => {
    const thing = described.get(item.kind)?.get(item.itemId);
    if (!thing || item.count === 0) return [];
    return [
      {
        ...thing,
        since: item.since,
        count: item.count,
        reasons: item.reasons,
        position: { at: item.since, kind: item.kind, id: item.reportId },
      },
    ];
  });
}

/** The words of a report's reason, for its kind (the directory's and jobs' lists differ). */
export function reportReasonLabel(locale: Locale, kind: ReportedKind, reason: string): string {
  const t = serverT(locale);
  return kind === "job"
    ? t(`jobs.report.reasons.${reason as "scam"}`)
    : t(`community.reportPage.reasons.${reason as "spam"}`);
}

/** The queue's kind: every reported thing waiting on a moderator, oldest report first. */
export const reportsQueue: QueueKind = {
  key: "reports",
  label: "staff.queue.kinds.reports",
  count: openReportedItemsCount(REPORTED_KINDS.map((kind) => MODERATION[kind])),
  async list(db, { locale, after, limit }) {
    const t = serverT(locale);
    const items = await listOpenItems(db, locale, after && positionOfQueue(after), limit);
    return items.map((item) => ({
      id: `${item.kind}:${item.position.id}`,
      waitingSince: item.since,
      title: item.title,
      detail: t("staff.reports.tally", {
        count: item.count,
        reasons: item.reasons
          .map((reason) => reportReasonLabel(locale, item.kind, reason))
          .join(", "),
      }),
      href: `/staff/reports/${item.kind}/${item.id}`,
    }));
  },
};

/** The queue's position (time and `kind:report` id) as the list's. */
function positionOfQueue(after: { at: Date; id: string }): ReportsPosition | null {
  const [kind, reportId] = after.id.split(":");
  if (!REPORTED_KINDS.includes(kind as ReportedKind) || !/^\d+$/.test(reportId ?? "")) return null;
  return { at: after.at, kind: kind as ReportedKind, id: Number(reportId) };
}

/** A hidden thing, to restore. */
export type HiddenThing = ReportedThing & { hiddenAt: Date; reason: HideReason };

/** Where the list of hidden things stopped: the last one's time, kind and id. */
export type HiddenPosition = { at: Date; kind: ReportedKind; id: number };

/**
 * Up to `limit` hidden things, every kind together, most recently hidden first (ties by kind,
 * then id, both descending), strictly before `before`: each kind's walk of its hidden rows' index,
 * merged.
 */
export async function listHidden(
  db: Db,
  locale: Locale,
  before: HiddenPosition | null,
  limit: number,
): Promise<(HiddenThing & { position: HiddenPosition })[]> {
  const found = await Promise.all(
    REPORTED_KINDS.map(async (kind) => {
      // At the position's own time, a kind after it is done, the same kind continues below its
      // id, a kind before it starts over (the mirror of listOpenItems).
      const start = before && {
        at: before.at,
        itemId:
          kind === before.kind
            ? before.id
            : kindOrder(kind) < kindOrder(before.kind)
              ? 2 ** 31
              : null,
      };
      const items = await hiddenItems(db, MODERATION[kind], start, limit);
      return items.map((item) => ({ kind, ...item }));
    }),
  );
  const page = found
    .flat()
    .sort(
      (a, b) =>
        b.hiddenAt.getTime() - a.hiddenAt.getTime() ||
        kindOrder(b.kind) - kindOrder(a.kind) ||
        b.itemId - a.itemId,
    )
    .slice(0, limit);
  const described = await describeEach(db, page, locale);
  return page.flatMap((item) => {
    const thing = described.get(item.kind)?.get(item.itemId);
    return thing
      ? [
          {
            ...thing,
            hiddenAt: item.hiddenAt,
            reason: item.reason,
            position: { at: item.hiddenAt, kind: item.kind, id: item.itemId },
          },
        ]
      : [];
  });
}

/** One reported thing with its state and every report (reporters by handle only). */
export async function reportedThing(
  db: Db,
  locale: Locale,
  kind: ReportedKind,
  id: number,
): Promise<{
  thing: ReportedThing;
  state: ModerationState;
  hidden: { reason: HideReason; note: string | null } | null;
  reports: (Omit<ReportRow, "userId"> & { reporter: string | null })[];
} | null> {
  const [things, state, reports] = await Promise.all([
    describe(db, kind, [id], locale),
    moderationState(db, MODERATION[kind], id),
    reportsOf(db, MODERATION[kind], id),
  ]);
  const thing = things.get(id);
  if (!thing || !state) return null;
  const reporterIds = [...new Set(reports.flatMap((report) => report.userId ?? []))];
  const reporters = new Map(
    reporterIds.length === 0
      ? []
      : (
          await db
            .select({ id: user.id, handle: user.handle })
            .from(user)
            .where(inArray(user.id, reporterIds))
        ).map((row) => [row.id, row.handle]),
  );
  return {
    thing,
    state: state.state,
    hidden: state.reason ? { reason: state.reason, note: state.note } : null,
    reports: reports.map(({ userId, ...report }) => ({
      ...report,
      reporter: userId ? (reporters.get(userId) ?? null) : null,
    })),
  };
}

const VERBS = { hidden: "hide", restored: "restore", dismissed: "dismiss" } as const;

/**
 * A moderator's move on a reported thing, in one staff write: the conditional moves, the audit
 * row (`report.hide` / `report.restore` / `report.dismiss`, before and after), and for a hidden
 * review, question or answer written by a player, the e-mail to them in their language, queued in
 * the same transaction. Hiding or restoring a review moves its business's rating there too (the
 * review aggregate's triggers).
 */
export async function moderate(
  db: Db,
  staff: StaffActor,
  kind: ReportedKind,
  id: number,
  move: ModerationMove,
  options: { replyTo: string; baseUrl: string },
): Promise<ModerationState> {
  return staffWrite(db, staff, "moderator", async (tx) => {
    const { before, after } = await moveModeratedItem(tx, MODERATION[kind], id, move);
    if (move.to === "hidden" && isDirectory(kind) && kind !== "business") {
      const item = (await directoryItems(tx, kind, [id])).get(id);
      const [author] = item?.authorId
        ? await tx
            .select({ email: user.email, name: user.name, locale: user.locale })
            .from(user)
            .where(eq(user.id, item.authorId))
        : [];
      if (item && author)
        await enqueueEmail(
          tx,
          removalEmail({ ...author, locale: author.locale as Locale }, item, move, options),
        );
    }
    return {
      audit: {
        action: `report.${VERBS[move.to]}`,
        target: { kind, id },
        before,
        after,
        reason: move.to === "hidden" ? (move.note ?? move.reason) : null,
      },
      result: after.state,
    };
  });
}
