// Employer verification from the queue to the console's decision, against PostgreSQL: a new
// employer waits in the queue, staff verify or reject it through staffWrite as the console page
// does, two at once give one success and one 409 naming the first, and the members are told in
// their language. Here (beside the console's pages) because only the console may import both the
// job board's modules and its write path.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { user } from "../../db/schema/accounts.ts";
import { employer, employerMember } from "../../db/schema/jobs.ts";
import { auditEvent, outboxEmail } from "../../db/schema/platform.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { managedEmployer } from "../../jobs/employers.server.ts";
import { decideEmployer, employerForStaff } from "../../jobs/staff.server.ts";
import { isAppError } from "../../platform/errors.ts";
import type { StaffActor } from "../../staff/access.server.ts";
import { type QueueKind, queueCounts } from "../../staff/queue.server.ts";
import { QUEUE_KINDS } from "../../staff/queue-kinds.server.ts";
import { staffWrite } from "../../staff/write.server.ts";

/** A queue kind's count, as the queue page reads it. */
async function countOf(kind: QueueKind | undefined): Promise<number> {
  if (!kind) throw new Error("No such queue kind.");
  return (await queueCounts(database.db, [kind])).get(kind.key) ?? 0;
}

let database: DatabaseHandle;
const maude: StaffActor = {
  id: "mod-maude",
  name: "Maude",
  role: "moderator",
  clientAddress: null,
};
const marc: StaffActor = { id: "mod-marc", name: "Marc", role: "moderator", clientAddress: null };
const BASE = "https://nearby.test";

const employersKind = () => QUEUE_KINDS.find((kind) => kind.key === "employers");

async function newEmployer(name: string) {
  const [row] = await database.db
    .insert(employer)
    .values({
      name,
      description: { "en-CA": `${name} hires.` },
      province: "QC",
      contactEmail: `private-${name.length}@example.test`,
    })
    .returning({ id: employer.id });
  const id = row?.id ?? 0;
  await database.db.insert(employerMember).values([
    { employerId: id, userId: "olive", via: "founder" },
    { employerId: id, userId: "paul", via: "invite" },
  ]);
  return id;
}

const decide = (staff: StaffActor, id: number, decision: Parameters<typeof decideEmployer>[2]) =>
  staffWrite(database.db, staff, "moderator", (tx) =>
    decideEmployer(tx, id, decision, { baseUrl: BASE }),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(user).values([
    {
      id: "olive",
      name: "Olive",
      email: "olive@example.com",
      handle: "olive",
      age: 34,
      locale: "fr-CA",
    },
    {
      id: "paul",
      name: "Paul",
      email: "paul@example.com",
      handle: "paul",
      age: 40,
      locale: "en-CA",
    },
    ...[maude, marc].map((staff) => ({
      id: staff.id,
      name: staff.name,
      email: `${staff.id}@example.com`,
      handle: staff.id,
      role: "moderator" as const,
      twoFactorEnabled: true,
    })),
  ]);
});

afterAll(() => database?.close());

describe("verifying employers", () => {
  test("a new employer waits in the queue, with its private address shown to staff", async () => {
    const id = await newEmployer("Fromagerie Nord");
    const kind = employersKind();
    expect(await countOf(kind)).toBe(1);
    const [item] =
      (await kind?.list(database.db, { locale: "en-CA", after: null, limit: 10 })) ?? [];
    expect(item).toMatchObject({
      id: String(id),
      title: "Employer Fromagerie Nord",
      detail: "Quebec",
      href: `/staff/employers/${id}`,
    });
    expect(await employerForStaff(database.db, id)).toMatchObject({
      status: "waiting",
      contactEmail: "private-15@example.test",
      members: [{ id: "olive" }, { id: "paul" }],
    });
  });

  test("two staff at once: one verifies, the other gets the 409 naming who acted first", async () => {
    const id = await newEmployer("Boulangerie Sud");
    const outcomes = await Promise.allSettled([
      decide(maude, id, { to: "verified" }),
      decide(marc, id, { to: "rejected", reason: "Not found" }),
    ]);
    const done = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === "rejected" ? [outcome.reason] : [],
    );
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const [error] = refused;
    expect(isAppError(error) && error.code).toBe("already_handled");
    const winner = outcomes[0]?.status === "fulfilled" ? maude : marc;
    expect(isAppError(error) && error.options.values?.name).toBe(winner.name);
    const audit = await database.db
      .select({ actor: auditEvent.actorId })
      .from(auditEvent)
      .where(eq(auditEvent.targetId, String(id)));
    expect(audit).toEqual([{ actor: winner.id }]);
  });

  test("verified: the badge's flag is on, it leaves the queue, and each member is told in their language", async () => {
    const id = await newEmployer("Quincaillerie Est");
    const before = (await countOf(employersKind())) ?? 0;
    expect(await decide(maude, id, { to: "verified" })).toEqual({ status: "verified" });
    expect(await managedEmployer(database.db, id)).toMatchObject({ verified: true });
    expect(await countOf(employersKind())).toBe(before - 1);
    const mails = await database.db
      .select({ to: outboxEmail.to, subject: outboxEmail.subject })
      .from(outboxEmail)
      .where(eq(outboxEmail.to, "olive@example.com"));
    expect(mails.map((mail) => mail.subject)).toContain("Quincaillerie Est est vérifié sur Nearby");
    const english = await database.db
      .select({ subject: outboxEmail.subject })
      .from(outboxEmail)
      .where(eq(outboxEmail.to, "paul@example.com"));
    expect(english.map((mail) => mail.subject)).toContain(
      "Quincaillerie Est is verified on Nearby",
    );
    const again = await decide(marc, id, { to: "verified" }).catch((caught: unknown) => caught);
    expect(isAppError(again) && again.status).toBe(409);
  });

  test("rejected with a reason its members read; a missing employer is the 404", async () => {
    const id = await newEmployer("Garage Ouest");
    await decide(maude, id, { to: "rejected", reason: "No such company" });
    expect(await managedEmployer(database.db, id)).toMatchObject({
      verified: false,
      rejectionReason: "No such company",
    });
    expect((await employerForStaff(database.db, id)).status).toBe("rejected");
    const [mail] = await database.db
      .select({ text: outboxEmail.text })
      .from(outboxEmail)
      .where(eq(outboxEmail.subject, "Garage Ouest was not verified on Nearby"));
    expect(mail?.text).toContain("Why: No such company");
    const missing = await decide(maude, id + 1000, { to: "verified" }).catch((e: unknown) => e);
    expect(isAppError(missing) && missing.status).toBe(404);
  });
});
