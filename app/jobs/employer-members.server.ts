import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { employer, employerInvite, employerMember } from "../db/schema/jobs.ts";
import { partyMembers } from "../platform/party-members.server.ts";
import { inviteeProblem } from "../players/identity.server.ts";
import { type EmployerActor, employerWrite } from "./employers.server.ts";

/** Employer `employerId`'s name, or undefined. */
async function employerName(db: Db | Tx, employerId: number) {
  const [company] = await db
    .select({ name: employer.name })
    .from(employer)
    .where(eq(employer.id, employerId));
  return company?.name;
}

/**
 * An employer's members: invite by a signed link, accept, remove, never the last member. The flow
 * is the one every party shares (platform/party-members.server.ts); these are the employer's
 * tables, e-mail, audit names and messages.
 */
const members = partyMembers<EmployerActor>({
  kind: "employer",
  purpose: "employer-invite",
  partyOf: (actor) => actor.employerId,
  write: employerWrite,
  members: employerMember,
  memberParty: { column: employerMember.employerId, key: "employerId" },
  invites: employerInvite,
  inviteParty: { column: employerInvite.employerId, key: "employerId" },
  nameOf: employerName,
  acceptPath: (employerId) => `/employers/${employerId}/members/accept`,
  email: (t, { name, link, days }) => ({
    subject: t("jobsEmail.employerInvite.subject", { employer: name }),
    paragraphs: [
      t("jobsEmail.employerInvite.intro", { employer: name }),
      t("jobsEmail.employerInvite.link", { link, days }),
      t("jobsEmail.employerInvite.adults"),
      t("jobsEmail.signature"),
    ],
  }),
  messages: {
    last: "employer.members.problems.last",
    problem: (problem) => `employer.invite.problems.${problem}`,
  },
  audit: {
    remove: "employer.member_remove",
    leave: "employer.member_leave",
    invite: "employer.member_invite",
    accept: "employer.member_accept",
    memberKey: "member",
  },
  inviteeProblem,
});

export const {
  remove: removeMember,
  invite: inviteMember,
  accept: acceptEmployerInvitation,
} = members;

/** What the invitation's page shows player `userId`: the employer, and whether they may accept. */
export async function employerInvitationFor(
  db: Db,
  employerId: number,
  token: string,
  userId: string,
  options: { secret: string; now?: Date },
) {
  const { problem } = await members.invitation(db, employerId, token, userId, options);
  return { name: (await employerName(db, employerId)) ?? "", problem };
}
