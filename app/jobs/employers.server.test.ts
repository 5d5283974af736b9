import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { employer, employerMember } from "../db/schema/jobs.ts";
import { auditEvent } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { isAppError } from "../platform/errors.ts";
import {
  type EmployerActor,
  employerRoleOf,
  employerWrite,
  managedEmployer,
  membersOf,
} from "./employers.server.ts";

let database: DatabaseHandle;
let employerId: number;
let otherId: number;

async function insertPlayer(
  id: string,
  { role = "player", twoFactor = false, banned = false } = {},
) {
  await database.db.execute(
    sql`insert into "user" (id, name, email, handle, age, role, two_factor_enabled, banned)
        values (${id}, ${`Name of ${id}`}, ${`${id}@example.com`}, ${`${id}-handle`}, 30,
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
