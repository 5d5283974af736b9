import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { business } from "../../db/schema/directory.ts";
import { outboxEmail } from "../../db/schema/platform.ts";
import { planRequest } from "../../db/schema/pricing.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { seedBusinesses } from "../../directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "../../directory/test-fixtures.ts";
import { CONTENT_DIR } from "../../platform/content-dir.server.ts";
import { LIMITS } from "../../platform/limits.ts";
import { createTestHost, TEST_BASE_URL } from "../../platform/test-host.server.ts";
import { readPricingContent, seedPlans } from "../../pricing/seed.server.ts";

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let businessId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db);
  await seedPlans(database.db, await readPricingContent(CONTENT_DIR));
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [
      fixtureBusiness({
        slug: "chez-ginette",
        name: "Chez Ginette",
        city: "Montréal",
        province: "QC",
      }),
    ]),
  ]);
  const [row] = await database.db.select({ id: business.id }).from(business);
  businessId = row?.id ?? 0;
});

afterAll(() => database.close());

const page = async (path: string) => (await request(path)).text();

const submit = (fields: Record<string, string>, path = "/pricing?billing=annual&plan=business") =>
  request(path, {
    method: "POST",
    headers: { origin: TEST_BASE_URL, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const valid = {
  plan: "business",
  billing: "annual",
  businessName: "Chez Ginette",
  contactName: "Ginette Lavoie",
  email: "ginette@example.com",
  phone: "(514) 555-0123",
  province: "QC",
};

describe("the plans", () => {
  test("monthly by default: per month, taxes extra, one recommended", async () => {
    const html = await page("/pricing");
    expect(html).toContain("Pricing Plans");
    expect(html).toMatch(/\$49\.00<\/span> <span[^>]*>per month/);
    expect(html).not.toMatch(/>Save /);
    expect(html).toContain("Taxes extra");
    expect(html.match(/>Recommended</g)).toHaveLength(1);
  });

  test("?billing=annual shows the year's price and what it saves, without any script", async () => {
    const html = await page("/pricing?billing=annual");
    expect(html).toMatch(/\$490\.00<\/span> <span[^>]*>per year/);
    expect(html).toContain("Save $98.00 a year compared with paying monthly");
    expect(html).toMatch(/aria-current="true"[^>]*>Annually</);
  });

  test("in French", async () => {
    const html = await page("/fr/pricing?billing=annual");
    expect(html).toContain("490,00\u00a0$");
    expect(html).toContain("Taxes en sus");
  });

  test("GET /api/pricing lists them with both prices in cents", async () => {
    const { items } = await (await request("/api/pricing")).json();
    expect(items.map((plan: { slug: string }) => plan.slug)).toEqual([
      "starter",
      "business",
      "premium",
    ]);
    expect(items[1]).toMatchObject({
      monthlyPriceCents: 4900,
      annualPriceCents: 49000,
      annualSavingsCents: 9800,
      recommended: true,
    });
  });
});

describe("Select Plan", () => {
  test("?plan= opens the form on that plan, or the recommended one", async () => {
    expect(await page("/pricing?plan=premium")).toMatch(/<option value="premium" selected="">/);
    expect(await page("/pricing?plan")).toMatch(/<option value="business" selected="">/);
    expect(await page("/pricing")).not.toContain('id="plan-request"');
  });

  test("a business page's claim link fills in the listing", async () => {
    const html = await page(`/pricing?plan=&business=${businessId}`);
    expect(html).toContain("You are claiming the listing of Chez Ginette, Montréal (QC).");
  });

  test("a request is stored at the price shown, with the phone in E.164, and confirmed by e-mail", async () => {
    const response = await submit(
      { ...valid, claim: `https://nearby.example/businesses/${businessId}` },
      "/fr/pricing?billing=annual&plan=business",
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Nous avons reçu votre demande.");
    const [stored] = await database.db
      .select()
      .from(planRequest)
      .orderBy(desc(planRequest.id))
      .limit(1);
    expect(stored).toMatchObject({
      billing: "annual",
      priceCents: 49000,
      phone: "+15145550123",
      province: "QC",
      claimBusinessId: businessId,
      locale: "fr-CA",
      status: "new",
    });
    const [mail] = await database.db
      .select()
      .from(outboxEmail)
      .where(eq(outboxEmail.to, valid.email));
    expect(mail?.subject).toBe("Nous avons reçu votre demande de forfait Affaires de Nearby");
    expect(mail?.text).toContain("490,00\u00a0$ par année, taxes en sus");
    expect(mail?.text).toContain("(514) 555-0123");
    expect(mail?.text).toContain("Chez Ginette à Montréal (QC)");
  });

  test("a phone number outside Canada is refused, beside its field, and the form keeps what was typed", async () => {
    const response = await submit({ ...valid, email: "us@example.com", phone: "212-555-0123" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter a Canadian phone number, such as 514 555 0123.");
    expect(html).toMatch(
      /id="request-phone"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="request-phone"/,
    );
    expect(html).toContain('value="Ginette Lavoie"');
    const mails = await database.db
      .select()
      .from(outboxEmail)
      .where(eq(outboxEmail.to, "us@example.com"));
    expect(mails).toEqual([]);
  });

  test("a name with control or replacement characters is refused", async () => {
    for (const businessName of ["Fuzz\u0007Bakery", "Fuzz\ufffdBakery", "Fuzz\u202eBakery"]) {
      const response = await submit({ ...valid, businessName, email: "odd@example.com" });
      expect(response.status, businessName).toBe(400);
    }
    expect(
      await database.db.select().from(outboxEmail).where(eq(outboxEmail.to, "odd@example.com")),
    ).toEqual([]);
  });

  test("a listing that does not exist, or an unknown plan, is refused", async () => {
    const missing = await submit({ ...valid, claim: "/businesses/999999" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("No business on Nearby has this page.");
    const garbled = await submit({ ...valid, claim: "my shop on main street" });
    expect(await garbled.text()).toContain("Paste the address of your business");
    const plan = await submit({ ...valid, plan: "platinum" });
    expect(plan.status).toBe(400);
    expect(await plan.text()).toContain("Choose a plan.");
  });
});

describe("Select Plan cannot be used to mail anyone at will", () => {
  let fromAddress: Awaited<ReturnType<typeof createTestHost>>;
  beforeAll(async () => {
    fromAddress = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  });

  const send = (address: string, email: string, path = "/pricing?plan=business") =>
    fromAddress(path, {
      method: "POST",
      headers: {
        origin: TEST_BASE_URL,
        "content-type": "application/x-www-form-urlencoded",
        "x-real-ip": address,
      },
      body: new URLSearchParams({ ...valid, email }).toString(),
    });

  const mailsTo = async (email: string) =>
    (await database.db.select().from(outboxEmail).where(eq(outboxEmail.to, email))).length;

  test("a few requests an hour per client address, then 429 with Retry-After in the page's language", async () => {
    for (let n = 1; n <= LIMITS["plan-request"].max; n++)
      expect((await send("10.70.0.1", `owner${n}@example.com`)).status).toBe(200);
    const refused = await send("10.70.0.1", "victim-a@example.com");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many plan requests in a short time.");
    const enFrancais = await send("10.70.0.1", "victim-a@example.com", "/fr/pricing?plan=business");
    expect(enFrancais.status).toBe(429);
    expect(await enFrancais.text()).toContain("Trop de demandes de forfait en peu de temps.");
    expect(await mailsTo("victim-a@example.com")).toBe(0);
  });

  test("a few an hour per recipient, from however many addresses", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 10; n++)
      statuses.push((await send(`10.71.0.${n}`, "Victim@Example.com")).status);
    const allowed = LIMITS["plan-request-to"].max;
    expect(statuses.slice(0, allowed).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(allowed).every((status) => status === 429)).toBe(true);
    expect(await mailsTo("Victim@Example.com")).toBe(allowed);
  });
});
