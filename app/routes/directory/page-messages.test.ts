import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../../db/client.server.ts";
import { business } from "../../db/schema/directory.ts";
import { createTestDatabase } from "../../db/test-database.server.ts";
import { seedBusinesses } from "../../directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "../../directory/test-fixtures.ts";
import { createTestHost } from "../../platform/test-host.server.ts";

/**
 * A page's hydration data carries the messages of the bundles its loader names: the lists of
 * businesses send the directory's, not those of a business's own page (its reviews and questions
 * form most of them), which only that page and the report form send.
 */
let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
let businessId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db);
  await seedBusinesses(database.db, [fixtureFile("restaurants", [fixtureBusiness({})])]);
  const [row] = await database.db.select({ id: business.id }).from(business);
  businessId = row?.id ?? 0;
});

afterAll(() => database.close());

const LANGUAGES = {
  "en-CA": {
    prefix: "",
    businessPageOnly: ["Write a review", "See all photos"],
    saved: "Saved to your places.",
  },
  "fr-CA": {
    prefix: "/fr",
    businessPageOnly: ["Écrire un avis", "Voir toutes les photos"],
    saved: "Ajouté à vos lieux.",
  },
} as const;

async function html(path: string) {
  const answer = await request(path);
  expect(answer.status, path).toBe(200);
  return answer.text();
}

describe.each(Object.entries(LANGUAGES))("in %s", (_, { prefix, businessPageOnly, saved }) => {
  test.each(["/", "/businesses"])("%s sends no message of a business's own page", async (path) => {
    const page = await html(path === "/" ? prefix || "/" : `${prefix}${path}`);
    for (const message of businessPageOnly) expect(page).not.toContain(message);
    // The notice after saving from a card is still in the page's language.
    expect(page).toContain(saved);
  });

  test("a business's page sends its own messages", async () => {
    const page = await html(`${prefix}/businesses/${businessId}`);
    for (const message of businessPageOnly) expect(page).toContain(message);
  });
});
