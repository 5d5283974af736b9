import { and, eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client.server.ts";
import type { MessageKey, Translate } from "../i18n/i18n.ts";
import { type Locale, localizedPath } from "../i18n/locale.ts";
import { serverT } from "../i18n/messages.server.ts";
import { type Actor, type AuditedChange, recordAudit } from "./audit.server.ts";
import { enqueueEmail, paragraphsEmail } from "./email.server.ts";
import { AppError } from "./errors.ts";
import type { LimitName } from "./limits.ts";
import { takeAttempt } from "./rate-limit.server.ts";
import { signedIdOf, signedToken } from "./signed-links.server.ts";

/** How long an invitation's link works. */
const INVITE_DAYS = 7;

/** Why a player may not accept an invitation (players/identity.server.ts decides it). */
type InviteeProblem = "used" | "expired" | "adultsOnly" | "otherAddress";

/** A column holding a value of type `T`. */
type Column<T> = AnyPgColumn<{ data: T; notNull: true }>;

/**
 * A party several players answer for together: a listing's co-owners (directory) or an employer's
 * members (jobs). Each area describes its own tables, write check, e-mail, audit names and message
 * keys; the flow (invite by a signed link, accept once, remove but never the last) is written once
 * here. The ground imports no area, so the invitee check comes in as `inviteeProblem`.
 */
type Party<A extends Actor> = {
  /** The audit rows' target kind ("business", "employer"). */
  kind: string;
  /** What its links are signed for, also the limit that counts its invitations (LIMITS). */
  purpose: LimitName;
  /** The party an actor acts for. */
  partyOf: (actor: A) => number;
  /** The area's audited write, which checks the actor still acts for the party. */
  write: <T>(db: Db, actor: A, action: (tx: Tx) => Promise<AuditedChange<T>>) => Promise<T>;
  /** The membership table: one row per (party, player), `via` how it began. */
  members: PgTable & { userId: Column<string>; via: Column<string> };
  /** Its party column, and that column's key in the table (for inserts). */
  memberParty: { column: Column<number>; key: string };
  /** The invitation table. */
  invites: PgTable & {
    id: Column<number>;
    email: Column<string>;
    expiresAt: Column<Date>;
    acceptedAt: AnyPgColumn<{ data: Date }>;
  };
  inviteParty: { column: Column<number>; key: string };
  /** The party's name, for the invitation's e-mail. */
  nameOf: (db: Db | Tx, partyId: number) => Promise<string | undefined>;
  /** The page the e-mailed link opens (without language prefix). */
  acceptPath: (partyId: number) => string;
  /** The invitation e-mail, in the translator's language. */
  email: (
    t: Translate,
    invitation: { name: string; link: string; days: number },
  ) => { subject: string; paragraphs: string[] };
  /** Message keys: the last member refused, and each of the invitee's problems. */
  messages: { last: MessageKey; problem: (problem: InviteeProblem) => MessageKey };
  /** Audit action names, and the key naming the removed player in `before`. */
  audit: { remove: string; leave: string; invite: string; accept: string; memberKey: string };
  /** Why player `userId` may not accept `invite`, or undefined. */
  inviteeProblem: (
    db: Db | Tx,
    invite: { email: string; expiresAt: Date; acceptedAt: Date | null },
    userId: string,
    now: Date,
  ) => Promise<InviteeProblem | undefined>;
};

/** What inviting needs: the secret that signs the link, the site's address, the e-mail's language. */
type InviteOptions = { secret: string; baseUrl: string; locale: Locale; now?: Date };

/** What reading or accepting an invitation needs. */
type LinkOptions = { secret: string; now?: Date };

/** A party's membership flow: remove, invite, the invitation's page, accept. */
export function partyMembers<A extends Actor>(party: Party<A>) {
  const { members, invites, memberParty, inviteParty } = party;

  /**
   * Removes member `userId` from the actor's party (a member leaving removes themself), never its
   * last member: a party keeps someone who answers for it (409). The members' rows are locked
   * first, so two members removing each other at once cannot leave none.
   */
  async function remove(db: Db, actor: A, userId: string): Promise<void> {
    const partyId = party.partyOf(actor);
    await party.write(db, actor, async (tx) => {
      const rows = await tx
        .select({ userId: members.userId, via: members.via })
        .from(members)
        .where(eq(memberParty.column, partyId))
        .for("update");
      const removed = rows.find((row) => row.userId === userId);
      if (!removed) throw new AppError("not_found");
      if (rows.length === 1) throw new AppError("conflict", { message: party.messages.last });
      await tx
        .delete(members)
        .where(and(eq(memberParty.column, partyId), eq(members.userId, userId)));
      return {
        audit: {
          action: userId === actor.id ? party.audit.leave : party.audit.remove,
          target: { kind: party.kind, id: partyId },
          before: { [party.audit.memberKey]: userId, via: removed.via },
        },
        result: undefined,
      };
    });
  }

  /**
   * A member invites someone by e-mail: a signed link, valid INVITE_DAYS, to accept while signed
   * in with that address. Counted per member (`purpose` in LIMITS) before anything else. The
   * e-mail is in the language of the page it was sent from: the invitee has no account yet, maybe.
   */
  async function invite(
    db: Db,
    actor: A,
    email: string,
    { secret, baseUrl, locale, now = new Date() }: InviteOptions,
  ): Promise<void> {
    await takeAttempt(db, party.purpose, actor.id, now);
    const partyId = party.partyOf(actor);
    await party.write(db, actor, async (tx) => {
      const name = await party.nameOf(tx, partyId);
      const [row] = await tx
        .insert(invites)
        .values({
          [inviteParty.key]: partyId,
          email,
          invitedBy: actor.id,
          expiresAt: new Date(now.getTime() + INVITE_DAYS * 24 * 60 * 60_000),
        })
        .returning({ id: invites.id });
      if (name === undefined || !row) throw new AppError("not_found");
      const token = signedToken(party.purpose, row.id, secret);
      const link = `${baseUrl}${localizedPath(party.acceptPath(partyId), locale)}?t=${token}`;
      const mail = party.email(serverT(locale), { name, link, days: INVITE_DAYS });
      await enqueueEmail(tx, paragraphsEmail(email, mail.subject, mail.paragraphs, locale));
      return {
        audit: {
          action: party.audit.invite,
          target: { kind: party.kind, id: partyId },
          after: { invite: row.id },
        },
        result: undefined,
      };
    });
  }

  /** The invitation a link names for party `partyId`, locked when `lock`; else a 404. */
  async function inviteFor(
    db: Db | Tx,
    partyId: number,
    token: string,
    secret: string,
    lock: boolean,
  ) {
    const id = signedIdOf(party.purpose, token, secret);
    if (!id) throw new AppError("not_found");
    const query = db
      .select({
        id: invites.id,
        email: invites.email,
        expiresAt: invites.expiresAt,
        acceptedAt: invites.acceptedAt,
      })
      .from(invites)
      .where(and(eq(invites.id, id), eq(inviteParty.column, partyId)));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw new AppError("not_found");
    return row;
  }

  /** What the invitation's page shows player `userId`: whether they may accept, else why not. */
  async function invitation(
    db: Db,
    partyId: number,
    token: string,
    userId: string,
    { secret, now = new Date() }: LinkOptions,
  ) {
    const row = await inviteFor(db, partyId, token, secret, false);
    return { problem: (await party.inviteeProblem(db, row, userId, now)) ?? null };
  }

  /**
   * The invitee accepts: they become a member ('invite') and the invitation is used, in one
   * transaction with its audit row; the invitation's row is locked, so it is used once.
   */
  async function accept(
    db: Db,
    invitee: Actor,
    partyId: number,
    token: string,
    { secret, now = new Date() }: LinkOptions,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await inviteFor(tx, partyId, token, secret, true);
      const problem = await party.inviteeProblem(tx, row, invitee.id, now);
      if (problem)
        throw new AppError(problem === "used" ? "conflict" : "forbidden", {
          message: party.messages.problem(problem),
        });
      await tx
        .insert(members)
        .values({ [memberParty.key]: partyId, userId: invitee.id, via: "invite" })
        .onConflictDoNothing();
      await tx
        .update(invites)
        .set({ acceptedAt: now, acceptedBy: invitee.id })
        .where(eq(invites.id, row.id));
      await recordAudit(tx, invitee, {
        action: party.audit.accept,
        target: { kind: party.kind, id: partyId },
        after: { invite: row.id },
      });
    });
  }

  return { remove, invite, invitation, accept };
}
