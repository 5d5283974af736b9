import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../../db/client.server.ts";
import { user } from "../../../db/schema/accounts.ts";
import { employer, employerMember } from "../../../db/schema/jobs.ts";
import { createTestDatabase } from "../../../db/test-database.server.ts";
import { createTestHost } from "../../../platform/test-host.server.ts";

// An employer's own pages through the built site: its members and staff get in, everyone else
// gets the site's 404 (the pages do not admit they exist).

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
const cookies: Record<string, string> = {};
let employerId = 0;

async function player(name: string, address: string) {
  const email = `${name}@example.com`;
  cookies[name] = await signUpVerified(request, database.db, {
    name: `${name} Tester`,
    email,
    address,
  });
  const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id as string;
}

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  const [row] = await database.db
    .insert(employer)
    .values({
      name: "Maple Works",
      description: { "fr-CA": "Maple Works embauche." },
      province: "QC",
      contactEmail: "hiring@example.test",
    })
    .returning({ id: employer.id });
  employerId = row?.id ?? 0;
  const memberId = await player("member", "10.41.0.1");
  await player("stranger", "10.41.0.2");
  const staffId = await player("moderator", "10.41.0.3");
  await database.db.insert(employerMember).values({ employerId, userId: memberId, via: "founder" });
  await database.db
    .update(user)
    .set({ role: "moderator", twoFactorEnabled: true })
    .where(eq(user.id, staffId));
});

afterAll(() => database.close());

const get = (who: string | null, path: string) =>
  request(path, { redirect: "manual", headers: { cookie: who ? (cookies[who] ?? "") : "" } });

describe("/employers/{id}/manage", () => {
  test("opens for a member, in both languages, with the employer's state and its members", async () => {
    for (const [path, words] of [
      [
        `/employers/${employerId}/manage`,
        [
          "Maple Works: employer pages",
          "as one of its members",
          "Waiting for our staff",
          "member Tester",
        ],
      ],
      [
        `/fr/employers/${employerId}/manage`,
        [
          "Maple Works\u202f: pages de l’employeur",
          "en tant que membre",
          "En attente de vérification",
        ],
      ],
    ] as const) {
      const response = await get("member", path);
      expect(response.status).toBe(200);
      const html = await response.text();
      for (const word of words) expect(html).toContain(word);
      expect(html).toContain('name="robots" content="noindex"');
      expect(html).not.toContain("member@example.com");
    }
  });

  test("opens for staff with two-factor sign-in, in their own role", async () => {
    const response = await get("moderator", `/employers/${employerId}/manage`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("as a moderator");
  });

  test("is the site's 404 for a visitor, another player, and an employer that is not there", async () => {
    expect((await get(null, `/employers/${employerId}/manage`)).status).toBe(404);
    expect((await get("stranger", `/employers/${employerId}/manage`)).status).toBe(404);
    expect((await get("member", `/employers/${employerId + 1000}/manage`)).status).toBe(404);
    expect((await get("member", "/employers/abc/manage")).status).toBe(404);
  });

  test("the 404 also answers a client navigation's data request", async () => {
    const response = await get("stranger", `/employers/${employerId}/manage.data`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Maple Works");
  });
});
