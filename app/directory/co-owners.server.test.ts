import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { business, businessOwner } from "../db/schema/directory.ts";
import { auditEvent } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { isAppError } from "../platform/errors.ts";
import { removeOwner } from "./co-owners.server.ts";
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
  for (const id of ["ana", "ben", "cy", "stranger"])
    await database.db.execute(
      sql`insert into "user" (id, name, email, handle, age)
          values (${id}, ${id}, ${`${id}@example.com`}, ${`${id}-handle`}, 30)`,
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
