import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { employer, employerInvite, employerMember } from "../db/schema/jobs.ts";
import { type Locale, localizedPath } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import { type Actor, recordAudit } from "../platform/audit.server.ts";
import { enqueueEmail, paragraphsEmail } from "../platform/email.server.ts";
import { AppError } from "../platform/errors.ts";
import { takeAttempt } from "../platform/rate-limit.server.ts";
import { signedIdOf, signedToken } from "../platform/signed-links.server.ts";
import { inviteeProblem } from "../players/identity.server.ts";
import { type EmployerActor, employerWrite } from "./employers.server.ts";

/** How long an invitation's link works. */
const INVITE_DAYS = 7;

/** What an invitation's link is signed for. */
const INVITE_PURPOSE = "employer-invite";

/**
 * Removes member `userId` from the actor's employer (a member leaving removes themself), never its
 * last member: an employer keeps someone who answers for its postings (409). The members' rows are
 * locked first, so two members removing each other at once cannot leave none.
 */
export async function removeMember(db: Db, actor: EmployerActor, userId: string): Promise<void> {
  await employerWrite(db, actor, async (tx) => {
    const members = await tx
      .select({ userId: employerMember.userId, via: employerMember.via })
      .from(employerMember)
      .where(eq(employerMember.employerId, actor.employerId))
      .for("update");
    const removed = members.find((member) => member.userId === userId);
    if (!removed) throw new AppError("not_found");
    if (members.length === 1)
      throw new AppError("conflict", { message: "employer.members.problems.last" });
    await tx
      .delete(employerMember)
      .where(
        and(eq(employerMember.employerId, actor.employerId), eq(employerMember.userId, userId)),
      );
    return {
      audit: {
        action: userId === actor.id ? "employer.member_leave" : "employer.member_remove",
        target: { kind: "employer", id: actor.employerId },
        before: { member: userId, via: removed.via },
      },
      result: undefined,
    };
  });
}

/** What inviting needs: the secret that signs the link, the site's address, the e-mail's language. */
export type InviteOptions = { secret: string; baseUrl: string; locale: Locale; now?: Date };

/**
 * A member invites someone by e-mail: a signed link, valid INVITE_DAYS, to accept while signed in
 * with that address. Counted per member ("employer-invite" in LIMITS) before anything else. The
 * e-mail is in the language of the page it was sent from: the invitee has no account yet, maybe.
 */
export async function inviteMember(
  db: Db,
  actor: EmployerActor,
  email: string,
  { secret, baseUrl, locale, now = new Date() }: InviteOptions,
): Promise<void> {
  await takeAttempt(db, "employer-invite", actor.id, now);
  await employerWrite(db, actor, async (tx) => {
    const [company] = await tx
      .select({ name: employer.name })
      .from(employer)
      .where(eq(employer.id, actor.employerId));
    const [invite] = await tx
      .insert(employerInvite)
      .values({
        employerId: actor.employerId,
        email,
        invitedBy: actor.id,
        expiresAt: new Date(now.getTime() + INVITE_DAYS * 24 * 60 * 60_000),
      })
      .returning({ id: employerInvite.id });
    if (!company || !invite) throw new AppError("not_found");
    const path = `/employers/${actor.employerId}/members/accept`;
    const link = `${baseUrl}${localizedPath(path, locale)}?t=${signedToken(INVITE_PURPOSE, invite.id, secret)}`;
    const t = serverT(locale);
    await enqueueEmail(
      tx,
      paragraphsEmail(
        email,
        t("jobsEmail.employerInvite.subject", { employer: company.name }),
        [
          t("jobsEmail.employerInvite.intro", { employer: company.name }),
          t("jobsEmail.employerInvite.link", { link, days: INVITE_DAYS }),
          t("jobsEmail.employerInvite.adults"),
          t("jobsEmail.signature"),
        ],
        locale,
      ),
    );
    return {
      audit: {
        action: "employer.member_invite",
        target: { kind: "employer", id: actor.employerId },
        after: { invite: invite.id },
      },
      result: undefined,
    };
  });
}

/** The invitation a link names for employer `employerId`; else a 404. */
async function inviteFor(db: Db | Tx, employerId: number, token: string, secret: string) {
  const id = signedIdOf(INVITE_PURPOSE, token, secret);
  if (!id) throw new AppError("not_found");
  const [invite] = await db
    .select({ id: employerInvite.id })
    .from(employerInvite)
    .where(and(eq(employerInvite.id, id), eq(employerInvite.employerId, employerId)));
  if (!invite) throw new AppError("not_found");
  return invite.id;
}

/** The invitation's row, locked when `lock` (inside the accepting transaction). */
async function inviteRow(db: Db | Tx, id: number, lock: boolean) {
  const query = db.select().from(employerInvite).where(eq(employerInvite.id, id));
  const [invite] = lock ? await query.for("update") : await query;
  if (!invite) throw new AppError("not_found");
  return invite;
}

/** What the invitation's page shows player `userId`: the employer, and whether they may accept. */
export async function employerInvitationFor(
  db: Db,
  employerId: number,
  token: string,
  userId: string,
  { secret, now = new Date() }: { secret: string; now?: Date },
) {
  const invite = await inviteRow(db, await inviteFor(db, employerId, token, secret), false);
  const [company] = await db
    .select({ name: employer.name })
    .from(employer)
    .where(eq(employer.id, employerId));
  return {
    name: company?.name ?? "",
    problem: (await inviteeProblem(db, invite, userId, now)) ?? null,
  };
}

/**
 * The invitee accepts: they become a member ('invite') and the invitation is used, in one
 * transaction with its audit row; the invitation's row is locked, so it is used once.
 */
export async function acceptEmployerInvitation(
  db: Db,
  invitee: Actor,
  employerId: number,
  token: string,
  { secret, now = new Date() }: { secret: string; now?: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const invite = await inviteRow(tx, await inviteFor(tx, employerId, token, secret), true);
    const problem = await inviteeProblem(tx, invite, invitee.id, now);
    if (problem)
      throw new AppError(problem === "used" ? "conflict" : "forbidden", {
        message: `employer.invite.problems.${problem}`,
      });
    await tx
      .insert(employerMember)
      .values({ employerId, userId: invitee.id, via: "invite" })
      .onConflictDoNothing();
    await tx
      .update(employerInvite)
      .set({ acceptedAt: now, acceptedBy: invitee.id })
      .where(eq(employerInvite.id, invite.id));
    await recordAudit(tx, invitee, {
      action: "employer.member_accept",
      target: { kind: "employer", id: employerId },
      after: { invite: invite.id },
    });
  });
}
