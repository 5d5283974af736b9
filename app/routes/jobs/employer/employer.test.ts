import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../../db/client.server.ts";
import { user } from "../../../db/schema/accounts.ts";
import { employer, employerMember } from "../../../db/schema/jobs.ts";
import { createTestDatabase } from "../../../db/test-database.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../../platform/test-host.server.ts";

// An employer's own pages through the built site: its members and staff get in, everyone else
// gets the site's 404 (the pages do not admit they exist).

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
const cookies: Record<string, string> = {};
let employerId = 0;

async function player(name: string, address: string, age = 30) {
  const email = `${name}@example.com`;
  cookies[name] = await signUpVerified(request, database.db, {
    name: `${name} Tester`,
    email,
    address,
    age,
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
  await player("founder", "10.41.0.4");
  await player("teen", "10.41.0.5", 15);
  await database.db.insert(employerMember).values({ employerId, userId: memberId, via: "founder" });
  await database.db
    .update(user)
    .set({ role: "moderator", twoFactorEnabled: true })
    .where(eq(user.id, staffId));
});

afterAll(() => database.close());

const get = (who: string | null, path: string) =>
  request(path, { redirect: "manual", headers: { cookie: who ? (cookies[who] ?? "") : "" } });

const post = (who: string | null, path: string, fields: Record<string, string>) =>
  request(path, {
    method: "POST",
    headers: {
      origin: TEST_BASE_URL,
      "content-type": "application/x-www-form-urlencoded",
      cookie: who ? (cookies[who] ?? "") : "",
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

const PROFILE = {
  name: "Prairie Bakery",
  website: "https://prairie.example.ca",
  descriptionEn: "Bread since 1950.",
  descriptionFr: "",
  province: "SK",
  contactEmail: "jobs@prairie.example.ca",
};

describe("/employers/{id}/manage", () => {
  test("opens for a member, in both languages, with the employer's state and its members", async () => {
    for (const [path, words] of [
      [
        `/employers/${employerId}/manage`,
        [
          "Maple Works: employer pages",
          "as one of its members",
          "Waiting for our staff",
          "hiring@example.test",
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

describe("/employers/new and the way in", () => {
  test('a visitor is sent to sign in and back; so is "Post a job"', async () => {
    for (const [path, back] of [
      ["/employers/new", "%2Femployers%2Fnew"],
      ["/fr/employers", "%2Ffr%2Femployers"],
    ] as const) {
      const response = await get(null, path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toContain(`redirectTo=${back}`);
    }
  });

  test("a minor is told employers must be adults, and a form sent anyway makes nothing", async () => {
    const page = await (await get("teen", "/fr/employers/new")).text();
    expect(page).toContain("Les employeurs doivent être majeurs");
    expect(page).not.toContain('name="contactEmail"');
    const response = await post("teen", "/employers/new", PROFILE);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Employers must be adults");
  });

  test("a refused form shows the first field's message beside it, and keeps what was typed", async () => {
    const response = await post("founder", "/employers/new", { ...PROFILE, website: "ftp://x" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter a web address starting with http or https");
    expect(html).toContain('value="Prairie Bakery"');
  });

  test('an adult creates a profile and lands on its pages; "Post a job" leads there next', async () => {
    expect((await get("founder", "/employers")).headers.get("location")).toBe("/employers/new");
    const response = await post("founder", "/fr/employers/new", PROFILE);
    expect(response.status).toBe(302);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/fr\/employers\/\d+\/manage$/);
    expect((await get("founder", "/fr/employers")).headers.get("location")).toBe(location);
    const page = await (await get("founder", location)).text();
    expect(page).toContain("Prairie Bakery : pages de l’employeur");
    expect(page).toContain("jobs@prairie.example.ca");
  });
});

describe("the overview's profile form", () => {
  test("a member saves it and is told so", async () => {
    const path = `/employers/${employerId}/manage`;
    // The overview is the frame's index: a form posts to it with ?index.
    const response = await post("member", `${path}?index`, { ...PROFILE, name: "Maple Works Inc" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${path}?saved=1`);
    const page = await (await get("member", `${path}?saved=1`)).text();
    expect(page).toContain("Maple Works Inc: employer pages");
    expect(page).toContain("The profile is saved.");
  });

  test("is the site's 404 for a stranger, by page and by data request, and changes nothing", async () => {
    for (const path of [
      `/employers/${employerId}/manage?index`,
      `/employers/${employerId}/manage.data?index`,
    ]) {
      const response = await post("stranger", path, { ...PROFILE, name: "Hijacked" });
      expect(response.status).toBe(404);
    }
    const [row] = await database.db
      .select({ name: employer.name })
      .from(employer)
      .where(eq(employer.id, employerId));
    expect(row?.name).not.toBe("Hijacked");
  });
});

describe("the members section and the invitation's page", () => {
  test("lists the members for a member, in both languages", async () => {
    const english = await (await get("member", `/employers/${employerId}/manage/members`)).text();
    expect(english).toContain("member Tester");
    expect(english).toContain("Leave this employer");
    const french = await (await get("member", `/fr/employers/${employerId}/manage/members`)).text();
    expect(french).toContain("Quitter cet employeur");
  });

  test("is the site's 404 for a stranger: page, data request and form", async () => {
    const path = `/employers/${employerId}/manage/members`;
    expect((await get("stranger", path)).status).toBe(404);
    expect((await get("stranger", `${path}.data`)).status).toBe(404);
    const invite = await post("stranger", path, { intent: "invite", email: "x@example.com" });
    expect(invite.status).toBe(404);
  });

  test("the last member cannot leave: the page says why", async () => {
    const [row] = await database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, "founder@example.com"));
    const [other] = await database.db
      .insert(employer)
      .values({
        name: "Solo Co",
        description: { "en-CA": "Solo." },
        province: "ON",
        contactEmail: "s@example.test",
      })
      .returning({ id: employer.id });
    await database.db
      .insert(employerMember)
      .values({ employerId: other?.id ?? 0, userId: row?.id ?? "", via: "founder" });
    const response = await post("founder", `/employers/${other?.id}/manage/members`, {
      intent: "remove",
      userId: row?.id ?? "",
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("An employer keeps at least one member");
  });

  test("an invitation's page sends a visitor to sign in; a link not signed is the 404", async () => {
    const path = `/employers/${employerId}/members/accept?t=1.forged`;
    expect((await get(null, path)).status).toBe(302);
    expect((await get("stranger", path)).status).toBe(404);
    expect(
      (await get("stranger", `/employers/${employerId}/members/accept.data?t=1.x`)).status,
    ).toBe(404);
  });
});

describe("/staff/employers/{id}", () => {
  test("is the site's 404 for a player, a member of that employer, and a visitor; data requests too", async () => {
    for (const who of [null, "stranger", "member"]) {
      expect((await get(who, `/staff/employers/${employerId}`)).status).toBe(404);
      expect((await get(who, `/fr/staff/employers/${employerId}.data`)).status).toBe(404);
      const decision = await post(who, `/staff/employers/${employerId}`, { intent: "verify" });
      expect(decision.status).toBe(404);
    }
    const [row] = await database.db
      .select({ verifiedAt: employer.verifiedAt })
      .from(employer)
      .where(eq(employer.id, employerId));
    expect(row?.verifiedAt).toBeNull();
  });
});
