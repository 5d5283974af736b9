import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { employer, employerMember } from "../db/schema/jobs.ts";
import { auditEvent } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { isAppError } from "../platform/errors.ts";
import { validate } from "../platform/input.server.ts";
import { type EmployerProfile, employerProfileSchema } from "./employer-profile.ts";
import {
  createEmployer,
  type EmployerActor,
  employerProfile,
  employerRoleOf,
  employersOf,
  employerWrite,
  managedEmployer,
  membersOf,
  updateEmployer,
} from "./employers.server.ts";

let database: DatabaseHandle;
let employerId: number;
let otherId: number;

async function insertPlayer(
  id: string,
  {
    role = "player",
    twoFactor = false,
    banned = false,
    age = 30 as number | null,
  }: { role?: string; twoFactor?: boolean; banned?: boolean; age?: number | null } = {},
) {
  await database.db.execute(
    sql`insert into "user" (id, name, email, handle, age, role, two_factor_enabled, banned)
        values (${id}, ${`Name of ${id}`}, ${`${id}@example.com`}, ${`${id}-handle`}, ${age},
                ${role}, ${twoFactor}, ${banned})`,
  );
}

async function insertEmployer(name: string) {
  const [row] = await database.db
    .insert(employer)
    .values({
      name,
      description: { "en-CA": `${name} hires.` },
      province: "ON",
      contactEmail: "hiring@example.test",
    })
    .returning({ id: employer.id });
  return row?.id ?? 0;
}

beforeAll(async () => {
  database = await createTestDatabase();
  employerId = await insertEmployer("Maple Works");
  otherId = await insertEmployer("Other Co");
  await insertPlayer("member");
  await insertPlayer("invitee");
  await insertPlayer("stranger");
  await insertPlayer("banned-member", { banned: true });
  await insertPlayer("moderator", { role: "moderator", twoFactor: true });
  await insertPlayer("moderator-without-code", { role: "moderator" });
  await insertPlayer("minor", { age: 15 });
  await insertPlayer("ageless", { age: null });
  // One at a time: the list is in the order they joined.
  await database.db.insert(employerMember).values({ employerId, userId: "member", via: "founder" });
  await database.db.insert(employerMember).values({ employerId, userId: "invitee", via: "invite" });
  await database.db
    .insert(employerMember)
    .values({ employerId, userId: "banned-member", via: "invite" });
});

afterAll(() => database?.close());

describe("who acts for an employer", () => {
  test("its members, for that employer only", async () => {
    expect(await employerRoleOf(database.db, employerId, "member")).toBe("employer");
    expect(await employerRoleOf(database.db, employerId, "invitee")).toBe("employer");
    expect(await employerRoleOf(database.db, otherId, "member")).toBeUndefined();
  });

  test("nobody else: a stranger, a banned member, staff without two-factor sign-in", async () => {
    for (const id of ["stranger", "banned-member", "moderator-without-code", "nobody"]) {
      expect(await employerRoleOf(database.db, employerId, id)).toBeUndefined();
    }
  });

  test("staff with two-factor sign-in, in their own role, for any employer", async () => {
    expect(await employerRoleOf(database.db, otherId, "moderator")).toBe("moderator");
  });

  test("its members listed oldest first, without their e-mail; the employer not yet verified", async () => {
    const members = await membersOf(database.db, employerId);
    expect(members.map((member) => [member.id, member.via])).toEqual([
      ["member", "founder"],
      ["invitee", "invite"],
      ["banned-member", "invite"],
    ]);
    expect(JSON.stringify(members)).not.toContain("@example.com");
    expect(await managedEmployer(database.db, employerId)).toEqual({
      id: employerId,
      name: "Maple Works",
      verified: false,
      rejectionReason: null,
    });
  });
});

describe("an employer's write", () => {
  const actor = (id: string): EmployerActor => ({
    id,
    role: "employer",
    employerId,
    clientAddress: "192.0.2.7",
  });
  const rename =
    (name: string) => async (tx: Parameters<Parameters<typeof employerWrite>[2]>[0]) => {
      await tx.update(employer).set({ name }).where(eq(employer.id, employerId));
      return {
        audit: { action: "employer.rename", target: { kind: "employer", id: employerId } },
        result: name,
      };
    };
  const auditRows = () =>
    database.db.select().from(auditEvent).where(eq(auditEvent.action, "employer.rename"));

  test("changes the employer and writes its audit row in the member's role", async () => {
    expect(await employerWrite(database.db, actor("member"), rename("Maple Works Ltd"))).toBe(
      "Maple Works Ltd",
    );
    const [row] = await auditRows();
    expect(row).toMatchObject({
      actorId: "member",
      actorRole: "employer",
      clientAddress: "192.0.2.7",
    });
  });

  test("is refused (404) to someone who does not act for it, and leaves nothing", async () => {
    const before = (await auditRows()).length;
    const refused = await employerWrite(database.db, actor("stranger"), rename("Hijacked")).catch(
      (error: unknown) => error,
    );
    expect(isAppError(refused) && refused.code).toBe("not_found");
    expect((await managedEmployer(database.db, employerId)).name).toBe("Maple Works Ltd");
    expect(await auditRows()).toHaveLength(before);
  });
});

const profileForm = {
  name: "  Northern Lights Co  ",
  website: "northern.example.ca",
  descriptionEn: "",
  descriptionFr: "Nous embauchons au Nord.",
  province: "NT",
  contactEmail: "jobs@northern.example.ca",
};

const refusal = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

describe("an employer's profile", () => {
  const founder = (id: string) => ({ id, role: "employer", clientAddress: "192.0.2.9" });

  test("its schema takes one description (the other left out) and a website without a scheme", async () => {
    expect(await validate(employerProfileSchema, profileForm)).toEqual({
      name: "Northern Lights Co",
      website: "https://northern.example.ca",
      description: { "fr-CA": "Nous embauchons au Nord." },
      province: "NT",
      contactEmail: "jobs@northern.example.ca",
    });
  });

  test("its schema gives each field's own message, in the order of the form", async () => {
    const refused = await refusal(
      validate(employerProfileSchema, {
        name: " ",
        logo: "not a file",
        website: "ftp://example.ca",
        descriptionEn: "",
        descriptionFr: " ",
        province: "XX",
        contactEmail: "nobody",
      }),
    );
    expect(isAppError(refused) && refused.options.problems).toEqual([
      { field: "name", message: "employer.profile.problems.name" },
      { field: "logo", message: "employer.profile.problems.logo" },
      { field: "website", message: "employer.profile.problems.website" },
      { field: "descriptionEn", message: "employer.profile.problems.description" },
      { field: "province", message: "employer.profile.problems.province" },
      { field: "contactEmail", message: "employer.profile.problems.contactEmail" },
    ]);
  });

  test("an adult creates one and is its founder; the audit row says so; it waits for staff", async () => {
    const form = await validate(employerProfileSchema, profileForm);
    const id = await createEmployer(database.db, founder("stranger"), form, undefined);
    expect(await membersOf(database.db, id)).toEqual([
      { id: "stranger", via: "founder", name: "stranger-handle" },
    ]);
    expect(await managedEmployer(database.db, id)).toMatchObject({ verified: false });
    expect(await employersOf(database.db, "stranger")).toEqual([
      { id, name: "Northern Lights Co" },
    ]);
    const [audit] = await database.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.action, "employer.create"));
    expect(audit).toMatchObject({
      actorId: "stranger",
      actorRole: "employer",
      targetKind: "employer",
      targetId: String(id),
    });
  });

  test("a minor, or a player who gave no age, is told employers must be adults; nothing is made", async () => {
    const form = await validate(employerProfileSchema, profileForm);
    for (const id of ["minor", "ageless"]) {
      const refused = await refusal(createEmployer(database.db, founder(id), form, undefined));
      expect(isAppError(refused) && [refused.code, refused.messageKey]).toEqual([
        "forbidden",
        "employer.new.adultsOnly",
      ]);
      expect(await employersOf(database.db, id)).toEqual([]);
    }
  });

  test("a member edits it through employerWrite: the audit row keeps before and after", async () => {
    const form: EmployerProfile = await validate(employerProfileSchema, {
      ...profileForm,
      name: "Other Co Renamed",
      descriptionEn: "We hire.",
    });
    const owner: EmployerActor = {
      id: "moderator",
      role: "moderator",
      employerId: otherId,
      clientAddress: null,
    };
    await updateEmployer(database.db, owner, form, "/uploads/content/logo.jpg");
    expect(await employerProfile(database.db, otherId)).toMatchObject({
      name: "Other Co Renamed",
      logo: "/uploads/content/logo.jpg",
      description: { "en-CA": "We hire.", "fr-CA": "Nous embauchons au Nord." },
    });
    const [audit] = await database.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.action, "employer.update"));
    expect(audit).toMatchObject({ actorId: "moderator", actorRole: "moderator" });
    expect(audit?.before).toMatchObject({ name: "Other Co", logo: null });
    expect(audit?.after).toMatchObject({
      name: "Other Co Renamed",
      logo: "/uploads/content/logo.jpg",
    });
    // Without a new logo, the one before stays.
    await updateEmployer(database.db, owner, form, undefined);
    expect((await employerProfile(database.db, otherId)).logo).toBe("/uploads/content/logo.jpg");
  });

  test("a stranger's edit is the 404 and changes nothing", async () => {
    const form = await validate(employerProfileSchema, { ...profileForm, name: "Hijacked" });
    const stranger: EmployerActor = {
      id: "stranger",
      role: "employer",
      employerId: otherId,
      clientAddress: null,
    };
    const refused = await refusal(updateEmployer(database.db, stranger, form, undefined));
    expect(isAppError(refused) && refused.code).toBe("not_found");
    expect((await employerProfile(database.db, otherId)).name).not.toBe("Hijacked");
  });
});
