import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { business, businessOwner } from "../db/schema/directory.ts";
import { auditEvent, outboxEmail } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { isAppError } from "../platform/errors.ts";
import { acceptInvitation, invitationFor, inviteOwner, removeOwner } from "./co-owners.server.ts";
import type { Manager } from "./owners.server.ts";
import { seedBusinesses } from "./seed.server.ts";
import { fixtureBusiness, fixtureFile } from "./test-fixtures.ts";

let database: DatabaseHandle;
let businessId = 0;

const manager = (id: string): Manager => ({
  id,
  role: "owner",
  businessId,
  clientAddress: "192.0.2.1",
});

const owners = async () =>
  (
    await database.db
      .select({ userId: businessOwner.userId })
      .from(businessOwner)
      .where(eq(businessOwner.businessId, businessId))
      .orderBy(businessOwner.userId)
  ).map((row) => row.userId);

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [fixtureFile("restaurants", [fixtureBusiness()])]);
  const [row] = await database.db.select({ id: business.id }).from(business);
  businessId = row?.id ?? 0;
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
  await database.db.insert(businessOwner).values([
    { businessId, userId: "ana", via: "code" },
    { businessId, userId: "ben", via: "invite" },
    { businessId, userId: "cy", via: "invite" },
  ]);
});

afterAll(() => database?.close());

test("an owner removes another, with an audit row; one may leave; the last owner stays", async () => {
  await removeOwner(database.db, manager("ana"), "ben");
  expect(await owners()).toEqual(["ana", "cy"]);
  await removeOwner(database.db, manager("cy"), "cy");
  expect(await owners()).toEqual(["ana"]);
  const audit = await database.db
    .select({ action: auditEvent.action, actor: auditEvent.actorId, role: auditEvent.actorRole })
    .from(auditEvent)
    .orderBy(auditEvent.id);
  expect(audit).toEqual([
    { action: "business_owner.remove", actor: "ana", role: "owner" },
    { action: "business_owner.leave", actor: "cy", role: "owner" },
  ]);

  const last = await removeOwner(database.db, manager("ana"), "ana").catch((error) => error);
  expect(isAppError(last) && last.status).toBe(409);
  expect(await owners()).toEqual(["ana"]);
});

test("a stranger removes nobody (404), and nobody who is not an owner can be removed", async () => {
  const stranger = await removeOwner(database.db, manager("stranger"), "ana").catch((e) => e);
  expect(isAppError(stranger) && stranger.status).toBe(404);
  const notOwner = await removeOwner(database.db, manager("ana"), "stranger").catch((e) => e);
  expect(isAppError(notOwner) && notOwner.status).toBe(404);
  expect(await owners()).toEqual(["ana"]);
});

describe("inviting a co-owner", () => {
  const secret = "a test secret of at least thirty-two characters";
  const options = { secret, baseUrl: "https://nearby.test", locale: "fr-CA" as const };
  const invitee = (id: string) => ({ id, role: "owner", clientAddress: "192.0.2.2" });

  /** The token in the last invitation mailed to `email`. */
  async function tokenSentTo(email: string): Promise<string> {
    const [mail] = await database.db
      .select({ text: outboxEmail.text })
      .from(outboxEmail)
      .where(eq(outboxEmail.to, email))
      .orderBy(desc(outboxEmail.id))
      .limit(1);
    const link = /https:\/\/nearby\.test(\S+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(link).toMatch(new RegExp(`^/fr/businesses/${businessId}/owners/accept\\?t=`));
    return new URL(link, "https://nearby.test").searchParams.get("t") ?? "";
  }

  test("the invitee, an adult signed in with the invited address, accepts once and becomes an owner", async () => {
    await inviteOwner(database.db, manager("ana"), "ben@example.com", options);
    const token = await tokenSentTo("ben@example.com");
    // Someone else with the link cannot use it.
    expect(await invitationFor(database.db, businessId, token, "cy", { secret })).toEqual({
      problem: "otherAddress",
    });
    const other = await acceptInvitation(database.db, invitee("cy"), businessId, token, {
      secret,
    }).catch((error) => error);
    expect(isAppError(other) && other.status).toBe(403);
    expect(await invitationFor(database.db, businessId, token, "ben", { secret })).toEqual({
      problem: null,
    });
    await acceptInvitation(database.db, invitee("ben"), businessId, token, { secret });
    expect(await owners()).toEqual(["ana", "ben"]);
    const [row] = await database.db
      .select({ via: businessOwner.via })
      .from(businessOwner)
      .where(eq(businessOwner.userId, "ben"));
    expect(row?.via).toBe("invite");
    const again = await acceptInvitation(database.db, invitee("ben"), businessId, token, {
      secret,
    }).catch((error) => error);
    expect(isAppError(again) && again.status).toBe(409);
    // And an owner can remove the co-owner again.
    await removeOwner(database.db, manager("ana"), "ben");
    expect(await owners()).toEqual(["ana"]);
  });

  test("a forged or other listing's link is a 404; an expired one and a minor are refused", async () => {
    await inviteOwner(database.db, manager("ana"), "cy@example.com", {
      ...options,
      now: new Date(Date.now() - 8 * 24 * 60 * 60_000),
    });
    const token = await tokenSentTo("cy@example.com");
    for (const [business, forged] of [
      [businessId, `${token.split(".")[0]}.forged`],
      [businessId + 1, token],
    ] as const) {
      const error = await invitationFor(database.db, business, forged, "cy", { secret }).catch(
        (caught) => caught,
      );
      expect(isAppError(error) && error.status).toBe(404);
    }
    expect(await invitationFor(database.db, businessId, token, "cy", { secret })).toEqual({
      problem: "expired",
    });
    await inviteOwner(database.db, manager("ana"), "teen@example.com", options);
    const teen = await tokenSentTo("teen@example.com");
    expect(await invitationFor(database.db, businessId, teen, "teen", { secret })).toEqual({
      problem: "adultsOnly",
    });
    expect(await owners()).toEqual(["ana"]);
  });
});
