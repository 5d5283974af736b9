import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { guardianConsent } from "../db/schema/players.ts";
import type { Locale } from "../i18n/locale.ts";
import { type Actor, type AuditedChange, auditedWrite } from "../platform/audit.server.ts";
import { AppError } from "../platform/errors.ts";
import { QUIZ_CATEGORIES, type QuizTimer, quizTimerOf } from "../quiz/categories.ts";
import { quizProgressColumns } from "../quiz/progress.server.ts";
import { lastMondays, PLAY_TIME_ZONE, type PlayWeek, playWeeks } from "./weeks.ts";

/** A child as their parent sees them on the family pages. */
export type LinkedChild = { id: string; name: string; handle: string; age: number | null };

const childColumns = { id: user.id, name: user.name, handle: user.handle, age: user.age };

/** A parent's consent in force for the child: the one link that opens the family pages. */
const linkedTo = (parentId: string) =>
  and(eq(guardianConsent.parentId, parentId), isNull(guardianConsent.withdrawnAt));

/**
 * The children whose parent this player is (consent given and not withdrawn), first linked first.
 * A parent's consent for a child is in force once at most (giveConsent refuses a second).
 */
export function childrenOf(db: Db | Tx, parentId: string): Promise<LinkedChild[]> {
  return db
    .select(childColumns)
    .from(guardianConsent)
    .innerJoin(user, eq(user.id, guardianConsent.childId))
    .where(linkedTo(parentId))
    .orderBy(asc(guardianConsent.consentedAt), asc(user.id));
}

/**
 * The parents whose consent for the child is in force, with where and in which language to write
 * to them: their own account's address, never the child's.
 */
export function parentsOf(
  db: Db | Tx,
  childId: string,
): Promise<{ email: string; name: string; locale: Locale }[]> {
  return db
    .select({ email: user.email, name: user.name, locale: user.locale })
    .from(guardianConsent)
    .innerJoin(user, eq(user.id, guardianConsent.parentId))
    .where(and(eq(guardianConsent.childId, childId), isNull(guardianConsent.withdrawnAt)))
    .orderBy(asc(guardianConsent.consentedAt));
}

/**
 * The child, if this player is their parent; anyone else gets not_found, the same answer as for a
 * child who does not exist, so the family pages never tell a stranger who has an account. The check
 * sits inside the query: pass `forUpdate` to lock the child's row for the rest of a transaction.
 */
export async function requireChildOf(
  db: Db | Tx,
  parentId: string,
  childId: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<LinkedChild> {
  const query = db
    .select(childColumns)
    .from(user)
    .innerJoin(guardianConsent, eq(guardianConsent.childId, user.id))
    .where(and(eq(user.id, childId), linkedTo(parentId)))
    .limit(1);
  const [child] = forUpdate ? await query.for("update", { of: user }) : await query;
  if (!child) throw new AppError("not_found");
  return child;
}

/** A parent acting on a child's account: an audit Actor without a role, which is always "parent". */
export type ParentActor = Omit<Actor, "role">;

/**
 * Every write a parent makes for a child goes through here: one audited transaction that locks the
 * child's row and re-checks the link inside it (requireChildOf), so consent withdrawn cannot slip
 * between the check and the write; a stranger gets the site's 404 and nothing is written.
 */
export function parentWrite<T>(
  db: Db,
  parent: ParentActor,
  childId: string,
  action: (tx: Tx, child: LinkedChild) => Promise<AuditedChange<T>>,
): Promise<T> {
  let child: LinkedChild | undefined;
  return auditedWrite(
    db,
    { ...parent, role: "parent" },
    async (tx) => {
      child = await requireChildOf(tx, parent.id, childId, { forUpdate: true });
      return "parent";
    },
    (tx) => action(tx, child as LinkedChild),
  );
}

/** What a parent sees of one child on /family (decision 0071). */
export type ChildOverview = LinkedChild & {
  points: number;
  profilePublic: boolean;
  quizTimer: QuizTimer;
  /** The parent's daily points cap, or null for the site's. */
  pointsCap: number | null;
  /** Per quiz category, in the quiz's order: sets completed, answers given and answered right. */
  categories: { category: string; setsDone: number; answers: number; correct: number }[];
  /** Sets finished and seconds spent, per week (Monday to Sunday in Toronto), oldest first. */
  weeks: PlayWeek[];
};

/**
 * Every linked child of the parent with their progress, points, settings and last weeks of play:
 * one statement for all of them (per category and per week are subqueries of each child's row,
 * quizProgressColumns).
 */
export async function familyOverview(
  db: Db | Tx,
  parentId: string,
  now = new Date(),
): Promise<ChildOverview[]> {
  const [firstMonday = ""] = lastMondays(now);
  const rows = await db
    .select({
      ...childColumns,
      points: user.points,
      profilePublic: user.profilePublic,
      quizTimer: user.quizTimer,
      pointsCap: user.familyPointsCap,
      ...quizProgressColumns(sql`${user.id}`, { since: firstMonday, timeZone: PLAY_TIME_ZONE }),
    })
    .from(guardianConsent)
    .innerJoin(user, eq(user.id, guardianConsent.childId))
    .where(linkedTo(parentId))
    .orderBy(asc(guardianConsent.consentedAt), asc(user.id));
  return rows.map(({ setsDone, answers, weeks, quizTimer, ...child }) => ({
    ...child,
    quizTimer: quizTimerOf(quizTimer),
    categories: QUIZ_CATEGORIES.map((category) => ({
      category,
      setsDone: setsDone[category] ?? 0,
      answers: answers[category]?.[0] ?? 0,
      correct: answers[category]?.[1] ?? 0,
    })),
    weeks: playWeeks(now, weeks),
  }));
}

/** What a parent may change of a child's settings on /family (decision 0071). */
export type ChildSettings = Partial<{
  profilePublic: boolean;
  quizTimer: QuizTimer;
  /** Below the site's cap (checked by the form's schema), or null for the site's cap alone. */
  familyPointsCap: number | null;
}>;

/**
 * A parent changes a child's settings: through parentWrite, so only a linked parent can, and the
 * audit row (`family.settings`) keeps what the settings were and what they became. The only way a
 * child under 14's profile is opened to others (the child's own settings refuse it).
 */
export async function updateChildSettings(
  db: Db,
  parent: ParentActor,
  childId: string,
  settings: ChildSettings,
): Promise<void> {
  await parentWrite(db, parent, childId, async (tx) => {
    const [before] = await tx
      .select({
        profilePublic: user.profilePublic,
        quizTimer: user.quizTimer,
        familyPointsCap: user.familyPointsCap,
      })
      .from(user)
      .where(eq(user.id, childId));
    await tx
      .update(user)
      .set({ ...settings, updatedAt: new Date() })
      .where(eq(user.id, childId));
    return {
      audit: {
        action: "family.settings",
        target: { kind: "user", id: childId },
        before,
        after: { ...before, ...settings },
      },
      result: undefined,
    };
  });
}
