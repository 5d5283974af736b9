import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { business, businessOwner } from "../db/schema/directory.ts";
import { auditEvent } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { isAppError } from "../platform/errors.ts";
import { type Manager, managerRoleOf, managerWrite, ownersOf } from "./owners.server.ts";
import { seedBusinesses } from "./seed.server.ts";
import { fixtureBusiness, fixtureFile } from "./test-fixtures.ts";

let database: DatabaseHandle;
let businessId: number;
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

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [
      fixtureBusiness({ slug: "owned" }),
      fixtureBusiness({ slug: "other" }),
    ]),
  ]);
  const rows = await database.db.select({ id: business.id, slug: business.slug }).from(business);
  businessId = rows.find((row) => row.slug === "owned")?.id ?? 0;
  otherId = rows.find((row) => row.slug === "other")?.id ?? 0;
  await insertPlayer("owner");
  await insertPlayer("stranger");
  await insertPlayer("banned-owner", { banned: true });
  await insertPlayer("moderator", { role: "moderator", twoFactor: true });
  await insertPlayer("moderator-without-code", { role: "moderator" });
  // One at a time: the list is in the order they became owners.
  await database.db.insert(businessOwner).values({ businessId, userId: "owner", via: "code" });
  await database.db
    .insert(businessOwner)
    .values({ businessId, userId: "banned-owner", via: "invite" });
});

afterAll(() => database?.close());

describe("who manages a listing", () => {
  test("its owner, on that listing only", async () => {
    expect(await managerRoleOf(database.db, businessId, "owner")).toBe("owner");
    expect(await managerRoleOf(database.db, otherId, "owner")).toBeUndefined();
  });

  test("nobody else: a stranger, a banned owner, staff without two-factor sign-in", async () => {
    for (const id of ["stranger", "banned-owner", "moderator-without-code", "nobody"]) {
      expect(await managerRoleOf(database.db, businessId, id)).toBeUndefined();
    }
  });

  test("staff with two-factor sign-in, in their own role, on any listing", async () => {
    expect(await managerRoleOf(database.db, otherId, "moderator")).toBe("moderator");
  });

  test("the owners listed oldest first, without their e-mail", async () => {
    const owners = await ownersOf(database.db, businessId);
    expect(owners.map((owner) => owner.id)).toEqual(["owner", "banned-owner"]);
    expect(JSON.stringify(owners)).not.toContain("@example.com");
  });
});

describe("a manager's write", () => {
  const manager = (id: string, at = businessId): Manager => ({
    id,
    role: "owner",
    businessId: at,
    clientAddress: "192.0.2.1",
  });
  const rename =
    (name: string) => async (tx: Parameters<Parameters<typeof managerWrite>[2]>[0]) => {
      await tx.update(business).set({ name }).where(eq(business.id, businessId));
      return {
        audit: { action: "business.rename", target: { kind: "business", id: businessId } },
        result: name,
      };
    };
  const auditRows = () =>
    database.db.select().from(auditEvent).where(eq(auditEvent.action, "business.rename"));

  test("changes the listing and writes its audit row in the owner's role", async () => {
    expect(await managerWrite(database.db, manager("owner"), rename("Renamed by owner"))).toBe(
      "Renamed by owner",
    );
    const [row] = await auditRows();
    expect(row).toMatchObject({ actorId: "owner", actorRole: "owner", clientAddress: "192.0.2.1" });
  });

  test("is refused (404) to someone who no longer manages it, and leaves nothing", async () => {
    const before = (await auditRows()).length;
    const refused = await managerWrite(database.db, manager("stranger"), rename("Hijacked")).catch(
      (error: unknown) => error,
    );
    expect(isAppError(refused) && refused.code).toBe("not_found");
    const [row] = await database.db
      .select({ name: business.name })
      .from(business)
      .where(eq(business.id, businessId));
    expect(row?.name).toBe("Renamed by owner");
    expect(await auditRows()).toHaveLength(before);
  });

  test("a failing action leaves no audit row", async () => {
    const before = (await auditRows()).length;
    await expect(
      managerWrite(database.db, manager("owner"), async () => {
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect(await auditRows()).toHaveLength(before);
  });
});
