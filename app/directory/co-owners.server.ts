import { eq } from "drizzle-orm";
import { business, businessOwner, businessOwnerInvite } from "../db/schema/directory.ts";
import { partyMembers } from "../platform/party-members.server.ts";
import { inviteeProblem } from "../players/identity.server.ts";
import { type Manager, managerWrite } from "./owners.server.ts";

/**
 * A listing's co-owners (issue 26): invite by a signed link, accept, remove, never the last owner.
 * The flow is the one every party shares (platform/party-members.server.ts); these are the
 * listing's tables, e-mail, audit names and messages.
 */
const coOwners = partyMembers<Manager>({
  kind: "business",
  purpose: "owner-invite",
  partyOf: (manager) => manager.businessId,
  write: managerWrite,
  members: businessOwner,
  memberParty: { column: businessOwner.businessId, key: "businessId" },
  invites: businessOwnerInvite,
  inviteParty: { column: businessOwnerInvite.businessId, key: "businessId" },
  nameOf: async (db, businessId) =>
    (await db.select({ name: business.name }).from(business).where(eq(business.id, businessId)))[0]
      ?.name,
  acceptPath: (businessId) => `/businesses/${businessId}/owners/accept`,
  email: (t, { name, link, days }) => ({
    subject: t("directoryEmail.ownerInvite.subject", { business: name }),
    paragraphs: [
      t("directoryEmail.ownerInvite.intro", { business: name }),
      t("directoryEmail.ownerInvite.link", { link, days }),
      t("directoryEmail.ownerInvite.adults"),
      t("directoryEmail.ownerInvite.signature"),
    ],
  }),
  messages: {
    last: "manage.owners.problems.last",
    problem: (problem) => `manage.invite.problems.${problem}`,
  },
  audit: {
    remove: "business_owner.remove",
    leave: "business_owner.leave",
    invite: "business_owner.invite",
    accept: "business_owner.accept",
    memberKey: "owner",
  },
  inviteeProblem,
});

export const {
  remove: removeOwner,
  invite: inviteOwner,
  invitation: invitationFor,
  accept: acceptInvitation,
} = coOwners;
