import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { user } from "../db/schema/accounts.ts";
import { auditEvent } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { actedFirst } from "../platform/audit.server.ts";
import { AppError } from "../platform/errors.ts";
import type { StaffActor } from "./access.server.ts";
import { staffWrite } from "./write.server.ts";

let database: DatabaseHandle;

const moderator: StaffActor = {
  id: "mod-1",
  name: "Maude Moderator",
  role: "moderator",
  clientAddress: "203.0.113.7",
};

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(user).values([
    {
      id: "mod-1",
      name: "Maude Moderator",
      email: "mod@example.com",
      handle: "mod-1",
      role: "moderator",
    },
    { id: "player-1", name: "Pat", email: "pat@example.com", handle: "player-1" },
  ]);
});

afterAll(() => database.close());

const auditRows = () => database.db.select().from(auditEvent).orderBy(auditEvent.id);

test("a console write leaves one audit row, written in its transaction", async () => {
  const result = await staffWrite(database.db, moderator, "moderator", async () => ({
    audit: {
      action: "test.touch",
      target: { kind: "user", id: "player-1" },
      before: { state: "a" },
      after: { state: "b" },
      reason: "because",
    },
    result: 42,
  }));
  expect(result).toBe(42);
  const [row] = await auditRows();
  expect(row).toMatchObject({
    actorId: "mod-1",
    actorRole: "moderator",
    action: "test.touch",
    targetKind: "user",
    targetId: "player-1",
    before: { state: "a" },
    after: { state: "b" },
    reason: "because",
    clientAddress: "203.0.113.7",
  });
});

test("an action that fails leaves no audit row and changes nothing", async () => {
  const before = (await auditRows()).length;
  await expect(
    staffWrite(database.db, moderator, "moderator", async (tx) => {
      await tx.update(user).set({ name: "Changed" }).where(eq(user.id, "player-1"));
      throw new AppError("conflict");
    }),
  ).rejects.toMatchObject({ code: "conflict" });
  expect(await auditRows()).toHaveLength(before);
  const [player] = await database.db
    .select({ name: user.name })
    .from(user)
    .where(eq(user.id, "player-1"));
  expect(player?.name).toBe("Pat");
});

test("a member without the role (an admin's action, a role removed) gets the 404 and writes nothing", async () => {
  const before = (await auditRows()).length;
  const touch = async () => ({
    audit: { action: "test.touch", target: { kind: "user", id: "x" } },
    result: 1,
  });
  await expect(staffWrite(database.db, moderator, "admin", touch)).rejects.toMatchObject({
    code: "not_found",
  });
  await database.db.update(user).set({ role: "player" }).where(eq(user.id, "mod-1"));
  await expect(staffWrite(database.db, moderator, "moderator", touch)).rejects.toMatchObject({
    code: "not_found",
  });
  await database.db.update(user).set({ role: "moderator" }).where(eq(user.id, "mod-1"));
  expect(await auditRows()).toHaveLength(before);
});

/** The database's own message for a statement it refused (Drizzle wraps it in `cause`). */
const refusal = (statement: Promise<unknown>) =>
  statement.then(
    () => "accepted",
    (error: { cause?: { message?: string } }) => error.cause?.message ?? "",
  );

test("the audit trail refuses UPDATE, DELETE and TRUNCATE", async () => {
  expect(await refusal(database.db.execute(sql`update audit_event set reason = 'edited'`))).toMatch(
    /append-only: UPDATE refused/,
  );
  expect(await refusal(database.db.execute(sql`delete from audit_event`))).toMatch(
    /append-only: DELETE refused/,
  );
  expect(await refusal(database.db.execute(sql`truncate audit_event`))).toMatch(
    /append-only: TRUNCATE refused/,
  );
  expect((await auditRows()).length).toBeGreaterThan(0);
});

test("a lost race names who acted first", async () => {
  const error = await actedFirst(database.db, { kind: "user", id: "player-1" });
  expect(error.code).toBe("already_handled");
  expect(error.status).toBe(409);
  expect(error.options.values).toMatchObject({ name: "Maude Moderator" });
  expect((await actedFirst(database.db, { kind: "user", id: "nobody" })).code).toBe("conflict");
});
