import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { employer, employerMember } from "../db/schema/jobs.ts";
import { auditEvent, outboxEmail } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { isAppError } from "../platform/errors.ts";
import {
  acceptEmployerInvitation,
  employerInvitationFor,
  inviteMember,
  removeMember,
} from "./employer-members.server.ts";
import type { EmployerActor } from "./employers.server.ts";

let database: DatabaseHandle;
let employerId = 0;

const actor = (id: string): EmployerActor => ({
  id,
  role: "employer",
  employerId,
  clientAddress: "192.0.2.1",
});

const members = async () =>
  (
    await database.db
      .select({ userId: employerMember.userId })
      .from(employerMember)
      .where(eq(employerMember.employerId, employerId))
      .orderBy(employerMember.userId)
  ).map((row) => row.userId);

const refusal = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

beforeAll(async () => {
  database = await createTestDatabase();
  const [row] = await database.db
    .insert(employer)
    .values({
      name: "Maple Works",
      description: { "en-CA": "We hire." },
      province: "ON",
      contactEmail: "hiring@example.test",
    })
    .returning({ id: employer.id });
  employerId = row?.id ?? 0;
  for (const [id, age] of [
    ["ana", 30],
    ["ben", 30],
    ["cy", 30],
    ["stranger", 30],
    ["teen", 16],
  ] as const)
    await database.db.execute(
      sql`insert into "user" (id, name, email, handle, age)
          values (${id}, ${id}, ${`${id}@example.com`}, ${`${id}-handle`}, ${age})`,
    );
  await database.db.insert(employerMember).values([
    { employerId, userId: "ana", via: "founder" },
    { employerId, userId: "ben", via: "invite" },
    { employerId, userId: "cy", via: "invite" },
  ]);
});

afterAll(() => database?.close());

test("a member removes another, with an audit row; one may leave; the last member stays", async () => {
  await removeMember(database.db, actor("ana"), "ben");
  expect(await members()).toEqual(["ana", "cy"]);
  await removeMember(database.db, actor("cy"), "cy");
  expect(await members()).toEqual(["ana"]);
  const audit = await database.db
    .select({ action: auditEvent.action, actor: auditEvent.actorId, role: auditEvent.actorRole })
    .from(auditEvent)
    .orderBy(auditEvent.id);
  expect(audit).toEqual([
    { action: "employer.member_remove", actor: "ana", role: "employer" },
    { action: "employer.member_leave", actor: "cy", role: "employer" },
  ]);
  const last = await refusal(removeMember(database.db, actor("ana"), "ana"));
  expect(isAppError(last) && [last.status, last.messageKey]).toEqual([
    409,
    "employer.members.problems.last",
  ]);
  expect(await members()).toEqual(["ana"]);
});

test("a stranger removes nobody (404), and nobody who is not a member can be removed", async () => {
  const stranger = await refusal(removeMember(database.db, actor("stranger"), "ana"));
  expect(isAppError(stranger) && stranger.status).toBe(404);
  const notMember = await refusal(removeMember(database.db, actor("ana"), "stranger"));
  expect(isAppError(notMember) && notMember.status).toBe(404);
  expect(await members()).toEqual(["ana"]);
});

describe("inviting a member", () => {
  const secret = "a test secret of at least thirty-two characters";
  const options = { secret, baseUrl: "https://nearby.test", locale: "fr-CA" as const };
  const invitee = (id: string) => ({ id, role: "employer", clientAddress: "192.0.2.2" });

  /** The last invitation mailed to `email`: its subject and the token of its link. */
  async function mailTo(email: string) {
    const [mail] = await database.db
      .select({ subject: outboxEmail.subject, text: outboxEmail.text })
      .from(outboxEmail)
      .where(eq(outboxEmail.to, email))
      .orderBy(desc(outboxEmail.id))
      .limit(1);
    const link = /https:\/\/nearby\.test(\S+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(link).toMatch(new RegExp(`^/fr/employers/${employerId}/members/accept\\?t=`));
    return {
      subject: mail?.subject,
      token: new URL(link, "https://nearby.test").searchParams.get("t") ?? "",
    };
  }

  test("the invitee, an adult signed in with the invited address, accepts once and becomes a member", async () => {
    await inviteMember(database.db, actor("ana"), "ben@example.com", options);
    const { subject, token } = await mailTo("ben@example.com");
    expect(subject).toBe("Vous êtes invité à agir pour Maple Works sur Nearby");
    // Someone else with the link cannot use it.
    expect(await employerInvitationFor(database.db, employerId, token, "cy", { secret })).toEqual({
      name: "Maple Works",
      problem: "otherAddress",
    });
    const other = await refusal(
      acceptEmployerInvitation(database.db, invitee("cy"), employerId, token, { secret }),
    );
    expect(isAppError(other) && other.status).toBe(403);
    await acceptEmployerInvitation(database.db, invitee("ben"), employerId, token, { secret });
    expect(await members()).toEqual(["ana", "ben"]);
    const again = await refusal(
      acceptEmployerInvitation(database.db, invitee("ben"), employerId, token, { secret }),
    );
    expect(isAppError(again) && again.status).toBe(409);
    const audit = await database.db
      .select({ action: auditEvent.action, actor: auditEvent.actorId })
      .from(auditEvent)
      .where(sql`${auditEvent.action} in ('employer.member_invite', 'employer.member_accept')`)
      .orderBy(auditEvent.id);
    expect(audit).toEqual([
      { action: "employer.member_invite", actor: "ana" },
      { action: "employer.member_accept", actor: "ben" },
    ]);
  });

  test("a forged link, or one for another employer, is a 404; an expired one and a minor are refused", async () => {
    await inviteMember(database.db, actor("ana"), "cy@example.com", {
      ...options,
      now: new Date(Date.now() - 8 * 24 * 60 * 60_000),
    });
    const { token } = await mailTo("cy@example.com");
    for (const [id, forged] of [
      [employerId, `${token.split(".")[0]}.forged`],
      [employerId + 1, token],
    ] as const) {
      const error = await refusal(employerInvitationFor(database.db, id, forged, "cy", { secret }));
      expect(isAppError(error) && error.status).toBe(404);
    }
    expect(
      (await employerInvitationFor(database.db, employerId, token, "cy", { secret })).problem,
    ).toBe("expired");
    await inviteMember(database.db, actor("ana"), "teen@example.com", options);
    const teen = (await mailTo("teen@example.com")).token;
    expect(
      (await employerInvitationFor(database.db, employerId, teen, "teen", { secret })).problem,
    ).toBe("adultsOnly");
    const refused = await refusal(
      acceptEmployerInvitation(database.db, invitee("teen"), employerId, teen, { secret }),
    );
    expect(isAppError(refused) && refused.messageKey).toBe("employer.invite.problems.adultsOnly");
    expect(await members()).toEqual(["ana", "ben"]);
  });

  test("a stranger cannot invite (404), and nothing is mailed", async () => {
    const refused = await refusal(
      inviteMember(database.db, actor("stranger"), "victim@example.com", options),
    );
    expect(isAppError(refused) && refused.status).toBe(404);
    const mails = await database.db
      .select()
      .from(outboxEmail)
      .where(eq(outboxEmail.to, "victim@example.com"));
    expect(mails).toEqual([]);
  });
});
