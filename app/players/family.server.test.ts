import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { auditEvent } from "../db/schema/platform.ts";
import { guardianConsent } from "../db/schema/players.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { childrenOf, parentWrite, requireChildOf } from "./family.server.ts";
import { linkParent, parentWithChild } from "./test-family.server.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await parentWithChild(database.db, { parent: "mum", child: "kid-a" });
  await parentWithChild(database.db, { parent: "stranger", child: "kid-b" });
});

afterAll(() => database.close());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "allowed",
    (error: { code: string }) => error.code,
  );

test("a parent sees their own children, and a second one once linked", async () => {
  expect((await childrenOf(database.db, "mum")).map((child) => child.id)).toEqual(["kid-a"]);
  await linkParent(database.db, "mum", "kid-b");
  expect((await childrenOf(database.db, "mum")).map((child) => child.id)).toEqual([
    "kid-a",
    "kid-b",
  ]);
  expect(await childrenOf(database.db, "kid-a")).toEqual([]);
});

test("a parent's write is audited in the role parent; a stranger's writes nothing", async () => {
  await parentWithChild(database.db, { parent: "dad", child: "kid-w" });
  const touch = (parentId: string) =>
    parentWrite(
      database.db,
      { id: parentId, clientAddress: "192.0.2.1" },
      "kid-w",
      async (_tx, child) => ({
        audit: { action: "family.test", target: { kind: "user", id: child.id } },
        result: child.handle,
      }),
    );
  expect(await touch("dad")).toBe("kid-w");
  expect(await refusal(touch("stranger"))).toBe("not_found");
  const rows = await database.db.select().from(auditEvent).where(eq(auditEvent.targetId, "kid-w"));
  expect(rows).toMatchObject([
    { actorId: "dad", actorRole: "parent", action: "family.test", clientAddress: "192.0.2.1" },
  ]);
});

test("anyone but a linked parent gets not_found, and withdrawn consent unlinks", async () => {
  expect(await requireChildOf(database.db, "mum", "kid-a")).toMatchObject({ id: "kid-a", age: 10 });
  expect(await refusal(requireChildOf(database.db, "stranger", "kid-a"))).toBe("not_found");
  expect(await refusal(requireChildOf(database.db, "kid-a", "kid-a"))).toBe("not_found");
  expect(await refusal(requireChildOf(database.db, "mum", "nobody"))).toBe("not_found");
  await database.db
    .update(guardianConsent)
    .set({ withdrawnAt: new Date() })
    .where(eq(guardianConsent.childId, "kid-a"));
  expect(await refusal(requireChildOf(database.db, "mum", "kid-a"))).toBe("not_found");
  expect(await childrenOf(database.db, "mum")).toHaveLength(1);
});
