import { createHmac, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNotNull, isNull, lte, not, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { guardianConsent } from "../db/schema/players.ts";
import { type Locale, localizedPath } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import { enqueueEmail, paragraphsEmail } from "../platform/email.server.ts";
import { AppError } from "../platform/errors.ts";
import { takeAttempt } from "../platform/rate-limit.server.ts";

/**
 * The version of the consent page's text (players.consent.text.* in the message files): a parent's
 * consent records the version they read, so a new text is a new number.
 */
export const CONSENT_TEXT_VERSION = 1;

/** Days a child's account waits for a parent's consent before it is deleted. */
const CONSENT_DAYS = 7;

/** Parents whose consent may be in force for one child at a time. */
const MAX_PARENTS = 2;

/** Who may consent for a child: an adult with a confirmed address (DESIGN.md, parties). */
const PARENT_MIN_AGE = 18;

/** What sending the link needs: the secret its hash is keyed with, the site's address, the clock. */
export type ConsentOptions = { secret: string; baseUrl: string; now?: Date };

/** A key of its own, derived from the auth secret: a consent token's hash passes for nothing else. */
function tokenHash(secret: string, token: string): string {
  const key = createHmac("sha256", secret).update("nearby:guardian-consent:v1").digest();
  return createHmac("sha256", key).update(token).digest("base64url");
}

const dueFrom = (now: Date) => new Date(now.getTime() + CONSENT_DAYS * 24 * 60 * 60 * 1000);

/**
 * A request to a parent, at sign-up or from the child's page (a first parent for an account older
 * than the consent flow, or a second parent): a new row with a fresh token and the e-mail to the
 * parent in the child's language. A child without consent waits ("pending") with its deadline:
 * kept when it already runs (asking again does not buy time), else CONSENT_DAYS from now; a child
 * with a parent's consent keeps it. The address must not be the child's own. In the caller's
 * transaction when given one.
 */
export async function requestConsent(
  db: Db | Tx,
  childId: string,
  parentEmail: string,
  { secret, baseUrl, now = new Date() }: ConsentOptions,
): Promise<void> {
  const [child] = await db
    .select({ email: user.email, name: user.name, locale: user.locale })
    .from(user)
    .where(and(eq(user.id, childId), sql`${user.consentStatus} <> 'not_needed'`));
  if (!child) throw new AppError("conflict");
  if (child.email.toLowerCase() === parentEmail.toLowerCase())
    throw new AppError("invalid_parameters", {
      problems: [{ field: "parentEmail", message: "auth.problems.parentEmailSame" }],
    });
  await db
    .update(user)
    .set({
      consentStatus: "pending",
      consentDueBy: sql`coalesce(${user.consentDueBy}, ${dueFrom(now)}::timestamptz)`,
    })
    .where(and(eq(user.id, childId), sql`${user.consentStatus} <> 'given'`));
  const token = randomBytes(24).toString("base64url");
  await db
    .insert(guardianConsent)
    .values({ childId, parentEmail, tokenHash: tokenHash(secret, token), createdAt: now });
  await enqueueEmail(db, consentEmail(child, parentEmail, token, baseUrl));
}

function consentEmail(
  child: { name: string; locale: Locale },
  to: string,
  token: string,
  baseUrl: string,
) {
  const t = serverT(child.locale);
  const link = `${baseUrl}${localizedPath(`/family/consent/${token}`, child.locale)}`;
  return paragraphsEmail(
    to,
    t("playersEmail.consentSubject", { name: child.name }),
    [
      t("playersEmail.consentHello"),
      t("playersEmail.consentAsked", { name: child.name }),
      t("playersEmail.consentLink", { link }),
      t("playersEmail.consentDeadline", { days: CONSENT_DAYS }),
      t("playersEmail.signature"),
    ],
    child.locale,
  );
}

/**
 * The child's page asks a parent (LIMITS "consent-request", per child: each mails the address
 * typed); see `requestConsent`.
 */
export async function askParent(
  db: Db,
  childId: string,
  parentEmail: string,
  options: ConsentOptions,
): Promise<void> {
  await takeAttempt(db, "consent-request", childId, options.now);
  await db.transaction((tx) => requestConsent(tx, childId, parentEmail, options));
}

/**
 * Sends the parent's e-mail again with a new link (the old one stops working), for the child's
 * waiting page: "consent-request" in LIMITS, per child. The deadline does not move.
 */
export async function resendConsent(
  db: Db,
  childId: string,
  options: ConsentOptions,
): Promise<void> {
  await takeAttempt(db, "consent-request", childId, options.now);
  await db.transaction(async (tx) => {
    const [last] = await tx
      .select({ id: guardianConsent.id, parentEmail: guardianConsent.parentEmail })
      .from(guardianConsent)
      .where(and(eq(guardianConsent.childId, childId), isNull(guardianConsent.parentId)))
      .orderBy(desc(guardianConsent.id))
      .limit(1);
    if (!last) throw new AppError("not_found");
    await tx.delete(guardianConsent).where(eq(guardianConsent.id, last.id));
    await requestConsent(tx, childId, last.parentEmail, options);
  });
}

export type ChildConsentState = {
  status: "needs_parent" | "pending" | "given" | "not_needed";
  /** The last address the child gave, for the waiting page (the child's own input). */
  parentEmail: string | null;
  dueBy: Date | null;
};

/** The signed-in child's own view of their consent: for the waiting page. */
export async function childConsentState(db: Db | Tx, childId: string): Promise<ChildConsentState> {
  const [row] = await db
    .select({ status: user.consentStatus, dueBy: user.consentDueBy })
    .from(user)
    .where(eq(user.id, childId));
  if (!row) throw new AppError("not_found");
  const [last] = await db
    .select({ parentEmail: guardianConsent.parentEmail })
    .from(guardianConsent)
    .where(eq(guardianConsent.childId, childId))
    .orderBy(desc(guardianConsent.id))
    .limit(1);
  return { ...row, parentEmail: last?.parentEmail ?? null };
}

export type ConsentLink = {
  /** The child's name, as the child gave it: the parent needs to know who asks. */
  childName: string;
  childAge: number | null;
  /** Whether the viewing parent's consent for this child is in force (they may withdraw it). */
  consentedByViewer: boolean;
};

async function linkRow(db: Db | Tx, token: string, secret: string, lock = false) {
  if (token.length > 100) throw new AppError("not_found");
  const query = db
    .select({
      id: guardianConsent.id,
      childId: guardianConsent.childId,
      parentId: guardianConsent.parentId,
      withdrawnAt: guardianConsent.withdrawnAt,
    })
    .from(guardianConsent)
    .where(eq(guardianConsent.tokenHash, tokenHash(secret, token)));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw new AppError("not_found");
  return row;
}

/** What the consent page shows for its link; an unknown link is the site's 404. */
export async function consentLink(
  db: Db | Tx,
  token: string,
  viewerId: string | null,
  { secret }: { secret: string },
): Promise<ConsentLink> {
  const link = await linkRow(db, token, secret);
  const [child] = await db
    .select({ name: user.name, age: user.age })
    .from(user)
    .where(eq(user.id, link.childId));
  if (!child) throw new AppError("not_found");
  return {
    childName: child.name,
    childAge: child.age,
    consentedByViewer: viewerId !== null && isInForce(link) && link.parentId === viewerId,
  };
}

const isInForce = (link: { parentId: string | null; withdrawnAt: Date | null }) =>
  link.parentId !== null && link.withdrawnAt === null;

/** Consent in force for a child: a parent linked, not withdrawn. */
const inForce = (childId: string) =>
  and(
    eq(guardianConsent.childId, childId),
    isNotNull(guardianConsent.parentId),
    isNull(guardianConsent.withdrawnAt),
  );

/**
 * The parent's consent, from the link of the e-mail: the parent must be an adult (18 or more)
 * with a confirmed address, not banned, and not the child. The child's row is locked first, so two
 * parents consenting at once are counted one after the other: a third is refused (409). A link
 * serves one parent; the same parent again changes nothing.
 */
export async function giveConsent(
  db: Db,
  parent: { id: string; clientAddress: string | null },
  token: string,
  { secret, now = new Date() }: { secret: string; now?: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await linkRow(tx, token, secret);
    const [child] = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(user.id, found.childId))
      .for("update");
    if (!child) throw new AppError("not_found");
    const link = await linkRow(tx, token, secret, true);
    if (link.parentId === parent.id && link.withdrawnAt === null) return;
    if (link.parentId !== null)
      throw new AppError("conflict", { message: "consent.problems.linkUsed" });
    const [adult] = await tx
      .select({ id: user.id })
      .from(user)
      .where(
        and(
          eq(user.id, parent.id),
          sql`${user.age} >= ${PARENT_MIN_AGE}`,
          eq(user.emailVerified, true),
          eq(user.banned, false),
        ),
      );
    if (!adult || parent.id === link.childId)
      throw new AppError("forbidden", { message: "consent.problems.adultsOnly" });
    const [linked] = await tx
      .select({ parents: count() })
      .from(guardianConsent)
      .where(inForce(link.childId));
    const [already] = await tx
      .select({ id: guardianConsent.id })
      .from(guardianConsent)
      .where(and(inForce(link.childId), eq(guardianConsent.parentId, parent.id)));
    if (already) return;
    if ((linked?.parents ?? 0) >= MAX_PARENTS)
      throw new AppError("conflict", { message: "consent.problems.twoParents" });
    await tx
      .update(guardianConsent)
      .set({
        parentId: parent.id,
        textVersion: CONSENT_TEXT_VERSION,
        consentedAt: now,
        consentIp: parent.clientAddress,
      })
      .where(eq(guardianConsent.id, link.id));
    await tx
      .update(user)
      .set({ consentStatus: "given", consentDueBy: null })
      .where(eq(user.id, link.childId));
  });
}

/**
 * A parent withdraws their consent (from the consent page). With no other parent's consent in
 * force, the child waits again, with a new CONSENT_DAYS clock, as a child who just signed up
 * (decision 0064): nothing is deleted on the spot, so a mistaken click costs nothing.
 */
export async function withdrawConsent(
  db: Db,
  parentId: string,
  token: string,
  { secret, now = new Date() }: { secret: string; now?: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await linkRow(tx, token, secret);
    await tx.select({ id: user.id }).from(user).where(eq(user.id, found.childId)).for("update");
    const [withdrawn] = await tx
      .update(guardianConsent)
      .set({ withdrawnAt: now })
      .where(and(inForce(found.childId), eq(guardianConsent.parentId, parentId)))
      .returning({ id: guardianConsent.id });
    if (!withdrawn) throw new AppError("forbidden");
    const [left] = await tx
      .select({ parents: count() })
      .from(guardianConsent)
      .where(inForce(found.childId));
    if ((left?.parents ?? 0) === 0)
      await tx
        .update(user)
        .set({ consentStatus: "pending", consentDueBy: dueFrom(now) })
        .where(eq(user.id, found.childId));
  });
}

/**
 * A parent's account is about to be deleted, taking their consent rows with it: each child whose
 * consent by this parent is in force and who has no other parent's consent in force waits again,
 * with a new CONSENT_DAYS clock, as after a withdrawal (the child is told at their next page). In
 * the deleting transaction.
 */
export async function releaseChildrenOf(
  tx: Db | Tx,
  parentId: string,
  now = new Date(),
): Promise<void> {
  const consentOf = (parent: SQL) =>
    sql`exists (select 1 from ${guardianConsent} where ${guardianConsent.childId} = ${user.id}
      and ${parent} and ${guardianConsent.withdrawnAt} is null)`;
  await tx
    .update(user)
    .set({ consentStatus: "pending", consentDueBy: dueFrom(now) })
    .where(
      and(
        eq(user.consentStatus, "given"),
        consentOf(sql`${guardianConsent.parentId} = ${parentId}`),
        not(consentOf(sql`${guardianConsent.parentId} <> ${parentId}`)),
      ),
    );
}

/**
 * Children whose week ended without a parent's consent: their accounts, and with them every row
 * about them (each table's player column cascades, or is set to null where the row is another's),
 * are deleted; a picture goes with the avatars' sweep. Safe to run twice or at once.
 */
export async function deleteUnconsentedChildren(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(user)
    .where(and(eq(user.consentStatus, "pending"), lte(user.consentDueBy, now)))
    .returning({ id: user.id });
  return deleted.length;
}

/**
 * Whether player `playerId` (a query's id column) gave a consent still in force: as a column, so
 * the session's one query reads it for the header's Family link (the family pages check the link
 * again, child by child).
 */
export function hasLinkedChild(playerId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${guardianConsent} where ${guardianConsent.parentId} = ${playerId} and ${guardianConsent.withdrawnAt} is null)`;
}
