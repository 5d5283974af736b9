import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { business, businessOwner, businessOwnerInvite } from "../db/schema/directory.ts";
import { type Locale, localizedPath } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import { type Actor, recordAudit } from "../platform/audit.server.ts";
import { enqueueEmail, paragraphsEmail } from "../platform/email.server.ts";
import { AppError } from "../platform/errors.ts";
import { takeAttempt } from "../platform/rate-limit.server.ts";
import { signedIdOf, signedToken } from "../platform/signed-links.server.ts";
import { inviteeProblem } from "../players/identity.server.ts";
import { type Manager, managerWrite } from "./owners.server.ts";

/** How long an invitation's link works. */
const INVITE_DAYS = 7;

/** What an invitation's link is signed for. */
const INVITE_PURPOSE = "owner-invite";

/**
 * Removes owner `userId` from the manager's listing (an owner leaving removes themself), never its
 * last owner: a claimed listing keeps someone who answers for it (409). The owners' rows are locked
 * first, so two owners removing each other at once cannot leave none.
 */
export async function removeOwner(db: Db, manager: Manager, userId: string): Promise<void> {
  await managerWrite(db, manager, async (tx) => {
    const owners = await tx
      .select({ userId: businessOwner.userId, via: businessOwner.via })
      .from(businessOwner)
      .where(eq(businessOwner.businessId, manager.businessId))
      .for("update");
    const removed = owners.find((owner) => owner.userId === userId);
    if (!removed) throw new AppError("not_found");
    if (owners.length === 1)
      throw new AppError("conflict", { message: "manage.owners.problems.last" });
    await tx
      .delete(businessOwner)
      .where(
        and(eq(businessOwner.businessId, manager.businessId), eq(businessOwner.userId, userId)),
      );
    return {
      audit: {
        action: userId === manager.id ? "business_owner.leave" : "business_owner.remove",
        target: { kind: "business", id: manager.businessId },
        before: { owner: userId, via: removed.via },
      },
      result: undefined,
    };
  });
}

/** What inviting needs: the secret that signs the link, the site's address, the e-mail's language. */
export type InviteOptions = { secret: string; baseUrl: string; locale: Locale; now?: Date };

/**
 * An owner invites a co-owner by e-mail: a signed link, valid INVITE_DAYS, to accept while signed
 * in with that address. Counted per manager ("owner-invite" in LIMITS) before anything else.
 */
export async function inviteOwner(
  db: Db,
  manager: Manager,
  email: string,
  { secret, baseUrl, locale, now = new Date() }: InviteOptions,
): Promise<void> {
  await takeAttempt(db, "owner-invite", manager.id, now);
  await managerWrite(db, manager, async (tx) => {
    const [listing] = await tx
      .select({ name: business.name })
      .from(business)
      .where(eq(business.id, manager.businessId));
    const [invite] = await tx
      .insert(businessOwnerInvite)
      .values({
        businessId: manager.businessId,
        email,
        invitedBy: manager.id,
        expiresAt: new Date(now.getTime() + INVITE_DAYS * 24 * 60 * 60_000),
      })
      .returning({ id: businessOwnerInvite.id });
    if (!listing || !invite) throw new AppError("not_found");
    const path = `/businesses/${manager.businessId}/owners/accept`;
    const link = `${baseUrl}${localizedPath(path, locale)}?t=${signedToken(INVITE_PURPOSE, invite.id, secret)}`;
    const t = serverT(locale);
    await enqueueEmail(
      tx,
      paragraphsEmail(
        email,
        t("directoryEmail.ownerInvite.subject", { business: listing.name }),
        [
          t("directoryEmail.ownerInvite.intro", { business: listing.name }),
          t("directoryEmail.ownerInvite.link", { link, days: INVITE_DAYS }),
          t("directoryEmail.ownerInvite.adults"),
          t("directoryEmail.ownerInvite.signature"),
        ],
        locale,
      ),
    );
    return {
      audit: {
        action: "business_owner.invite",
        target: { kind: "business", id: manager.businessId },
        after: { invite: invite.id },
      },
      result: undefined,
    };
  });
}

/** The invitation a link names for business `businessId`, locked when `tx` writes; else a 404. */
async function inviteFor(db: Db | Tx, businessId: number, token: string, secret: string) {
  const id = signedIdOf(INVITE_PURPOSE, token, secret);
  if (!id) throw new AppError("not_found");
  const [invite] = await db
    .select({
      id: businessOwnerInvite.id,
      email: businessOwnerInvite.email,
      expiresAt: businessOwnerInvite.expiresAt,
      acceptedAt: businessOwnerInvite.acceptedAt,
    })
    .from(businessOwnerInvite)
    .where(and(eq(businessOwnerInvite.id, id), eq(businessOwnerInvite.businessId, businessId)));
  if (!invite) throw new AppError("not_found");
  return invite;
}

/** What the invitation's page shows player `userId`: whether they may accept, else why not. */
export async function invitationFor(
  db: Db,
  businessId: number,
  token: string,
  userId: string,
  { secret, now = new Date() }: { secret: string; now?: Date },
) {
  const invite = await inviteFor(db, businessId, token, secret);
  return { problem: (await inviteeProblem(db, invite, userId, now)) ?? null };
}

/**
 * The invitee accepts: they become an owner ('invite') and the invitation is used, in one
 * transaction with its audit row; the invitation's row is locked, so it is used once.
 */
export async function acceptInvitation(
  db: Db,
  invitee: Actor,
  businessId: number,
  token: string,
  { secret, now = new Date() }: { secret: string; now?: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { id } = await inviteFor(tx, businessId, token, secret);
    const [invite] = await tx
      .select()
      .from(businessOwnerInvite)
      .where(eq(businessOwnerInvite.id, id))
      .for("update");
    if (!invite) throw new AppError("not_found");
    const problem = await inviteeProblem(tx, invite, invitee.id, now);
    if (problem)
      throw new AppError(problem === "used" ? "conflict" : "forbidden", {
        message: `manage.invite.problems.${problem}`,
      });
    await tx
      .insert(businessOwner)
      .values({ businessId, userId: invitee.id, via: "invite" })
      .onConflictDoNothing();
    await tx
      .update(businessOwnerInvite)
      .set({ acceptedAt: now, acceptedBy: invitee.id })
      .where(eq(businessOwnerInvite.id, id));
    await recordAudit(tx, invitee, {
      action: "business_owner.accept",
      target: { kind: "business", id: businessId },
      after: { invite: id },
    });
  });
}
