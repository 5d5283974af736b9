import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { DatabaseHandle } from "../app/db/client.server.ts";
import { user } from "../app/db/schema/accounts.ts";
import { auditEvent } from "../app/db/schema/platform.ts";
import { createTestDatabase } from "../app/db/test-database.server.ts";

// npm run staff:grant, run for real against a database of its own through DATABASE_URL.

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db
    .insert(user)
    .values({ id: "alice", name: "Alice", email: "alice@example.com", handle: "alice-1234" });
});

afterAll(() => database.close());

const withoutBaseUrl = ({ BASE_URL: _, ...env }: NodeJS.ProcessEnv) => env;

async function grant(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["scripts/staff-grant.ts", ...args],
      // Vitest's own BASE_URL ("/") is not the site's: the script reads the environment as the site.
      { env: { ...withoutBaseUrl(process.env), DATABASE_URL: database.url } },
    );
    return { code: 0, out: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}` };
  }
}

const roleOfAlice = async () =>
  (await database.db.select({ role: user.role }).from(user).where(eq(user.id, "alice")))[0]?.role;

test("grants a role, says what it did, and writes the audit row as the command line", async () => {
  expect(await grant("--email", "Alice@Example.com", "--role", "admin")).toEqual({
    code: 0,
    out: "alice@example.com is now admin (was player).\n",
  });
  expect(await roleOfAlice()).toBe("admin");
  const rows = await database.db.select().from(auditEvent);
  expect(rows).toEqual([
    expect.objectContaining({
      actorId: "cli",
      actorRole: "cli",
      action: "staff.grant",
      targetKind: "user",
      targetId: "alice",
      before: { role: "player" },
      after: { role: "admin" },
    }),
  ]);
});

test("--role none makes a player again; the same role twice changes nothing", async () => {
  expect((await grant("--email", "alice@example.com", "--role", "none")).out).toBe(
    "alice@example.com is now player (was admin).\n",
  );
  expect(await roleOfAlice()).toBe("player");
  const before = (await database.db.select().from(auditEvent)).length;
  expect(await grant("--email", "alice@example.com", "--role", "none")).toEqual({
    code: 0,
    out: "alice@example.com is already player: nothing changed.\n",
  });
  expect(await database.db.select().from(auditEvent)).toHaveLength(before);
});

test("an unknown e-mail exits 1; a bad role or a missing option shows the usage and exits 2", async () => {
  const unknown = await grant("--email", "nobody@example.com", "--role", "admin");
  expect(unknown.code).toBe(1);
  expect(unknown.out).toContain("No account has the e-mail address nobody@example.com.");
  for (const args of [
    ["--email", "alice@example.com", "--role", "owner"],
    ["--email", "alice@example.com"],
    ["--role", "admin"],
    ["--mail", "alice@example.com", "--role", "admin"],
  ]) {
    const bad = await grant(...args);
    expect(bad.code).toBe(2);
    expect(bad.out).toContain("Usage: npm run staff:grant");
  }
  expect(await roleOfAlice()).toBe("player");
});
