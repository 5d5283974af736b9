import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { business } from "../../db/schema/directory.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { seedBusinesses } from "../../directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "../../directory/test-fixtures.ts";
import { createTestHost } from "../../platform/test-host.server.ts";

/**
 * An AppError a page's loader throws (a service's not_found, a query the schema refuses) is its
 * status and the site's error page, in the language of the address.
 */
let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let cookie: string;
let businessId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  await seedBusinesses(database.db, [fixtureFile("restaurants", [fixtureBusiness({})])]);
  const [row] = await database.db.select({ id: business.id }).from(business);
  businessId = row?.id ?? 0;
  cookie = await signUpVerified(request, database.db, {
    name: "Ola Viewer",
    email: "ola@example.com",
    age: 30,
  });
});

afterAll(() => database.close());

const PAGES = {
  "en-CA": { prefix: "", notFound: "Error 404!!!!", error: "Something went wrong" },
  "fr-CA": { prefix: "/fr", notFound: "Erreur 404\u202f!!!!", error: "Une erreur est survenue" },
} as const;

async function page(path: string) {
  const answer = await request(path, { headers: { cookie }, redirect: "manual" });
  const html = await answer.text();
  return {
    status: answer.status,
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    heading: /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1],
    html,
  };
}

describe.each(Object.entries(PAGES))("in %s", (lang, { prefix, notFound, error }) => {
  test.each([
    ["a job", "/jobs/999999"],
    ["a business", "/businesses/999999"],
    ["a product", "/shop/999999"],
    ["a blog post", "/blogs/no-such-post"],
    ["a player", "/profile-view/no-such-player/s"],
    ["a site page's typo", "/abuot"],
  ])("%s that does not exist is the 404 page", async (_what, path) => {
    expect(await page(`${prefix}${path}`)).toMatchObject({ status: 404, lang, heading: notFound });
  });

  test("a query the page's schema refuses is the error page with 400 and the reason", async () => {
    const answer = await page(`${prefix}/businesses/${businessId}?reviews=not-a-cursor`);
    expect(answer).toMatchObject({ status: 400, lang, heading: error });
    expect(answer.html).toContain(
      lang === "fr-CA"
        ? "Une partie des renseignements envoyés n’est pas valide."
        : "Some of the information sent is not valid.",
    );
  });

  test("a click's data request answers with the same status", async () => {
    expect((await request(`${prefix}/jobs/999999.data`, { headers: { cookie } })).status).toBe(404);
  });
});

test("a resource route's AppError is the API's JSON error", async () => {
  const answer = await request("/sitemaps/nope.xml");
  expect(answer.status).toBe(404);
  expect(await answer.json()).toMatchObject({ error: { code: "not_found" } });
});
