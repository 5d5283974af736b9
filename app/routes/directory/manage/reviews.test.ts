import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../../db/client.server.ts";
import { user } from "../../../db/schema/accounts.ts";
import { business, businessOwner, review } from "../../../db/schema/directory.ts";
import { createTestDatabase } from "../../../db/test-database.server.ts";
import { seedBusinesses } from "../../../directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "../../../directory/test-fixtures.ts";
import { createTestHost, TEST_BASE_URL } from "../../../platform/test-host.server.ts";

// The manage section "reviews" through the built site: the forms work without JavaScript, the
// reply shows on the public page and in the API, and only the listing's managers get in.

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
const cookies: Record<string, string> = {};
let businessId = 0;
let reviewId = 0;
const REPLY = "Thank you for the kind words, come back soon!";

async function player(name: string, address: string) {
  const email = `${name}@example.com`;
  cookies[name] = await signUpVerified(request, database.db, {
    name: `${name} Tester`,
    email,
    address,
    age: 30,
  });
  const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id as string;
}

beforeAll(async () => {
  database = await createTestDatabase();
  request = await createTestHost(database.db, { clientIpHeader: "x-real-ip" });
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [fixtureBusiness({ name: "Chez Owner" })]),
  ]);
  const [row] = await database.db.select({ id: business.id }).from(business);
  businessId = row?.id ?? 0;
  const ownerId = await player("owner", "10.41.0.1");
  await player("stranger", "10.41.0.2");
  await database.db.insert(businessOwner).values({ businessId, userId: ownerId, via: "code" });
  const [first] = await database.db
    .select({ id: review.id })
    .from(review)
    .where(eq(review.businessId, businessId))
    .limit(1);
  reviewId = first?.id ?? 0;
});

afterAll(() => database.close());

const get = (who: string | null, path: string) =>
  request(path, { redirect: "manual", headers: { cookie: who ? (cookies[who] ?? "") : "" } });

const post = (who: string, path: string, fields: Record<string, string>) =>
  request(path, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: cookies[who] ?? "",
      origin: TEST_BASE_URL,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  });

describe("/businesses/{id}/manage/reviews", () => {
  test("lists the reviews with a reply form, in both languages, and is in the section's navigation", async () => {
    for (const [path, words] of [
      [`/businesses/${businessId}/manage/reviews`, ["Reviews and replies", "Post the reply"]],
      [`/fr/businesses/${businessId}/manage/reviews`, ["Avis et réponses", "Publier la réponse"]],
    ] as const) {
      const response = await get("owner", path);
      expect(response.status).toBe(200);
      const html = await response.text();
      for (const word of words) expect(html).toContain(word);
      expect(html).toContain(`name="reviewId" value="${reviewId}"`);
    }
    const index = await (await get("owner", `/businesses/${businessId}/manage`)).text();
    expect(index).toContain(`href="/businesses/${businessId}/manage/reviews"`);
  });

  test("a page past the last goes to the last, keeping the filter", async () => {
    const response = await get(
      "owner",
      `/businesses/${businessId}/manage/reviews?show=unanswered&page=40`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `/businesses/${businessId}/manage/reviews?show=unanswered&page=1`,
    );
  });

  test("is the site's 404 for another player, to read and to write", async () => {
    const path = `/businesses/${businessId}/manage/reviews`;
    expect((await get("stranger", path)).status).toBe(404);
    expect((await get(null, path)).status).toBe(404);
    const refused = await post("stranger", path, {
      intent: "reply",
      reviewId: String(reviewId),
      body: REPLY,
    });
    expect(refused.status).toBe(404);
  });

  test("a reply too short is refused beside its form and changes nothing", async () => {
    const response = await post("owner", `/businesses/${businessId}/manage/reviews`, {
      intent: "reply",
      reviewId: String(reviewId),
      body: "Thanks",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Your reply must have from 20 to 2,000 characters.");
    const api = await (await get(null, `/api/businesses/${businessId}/reviews`)).json();
    expect(api.items.find((item: { id: number }) => item.id === reviewId).reply).toBeNull();
  });

  test("an owner's reply, posted without JavaScript, shows on the public page and in the API; a second is refused", async () => {
    const path = `/fr/businesses/${businessId}/manage/reviews`;
    const response = await post("owner", path, {
      intent: "reply",
      reviewId: String(reviewId),
      body: REPLY,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${path}?done=posted#review-${reviewId}`);
    const page = await (await get(null, `/businesses/${businessId}`)).text();
    expect(page).toContain("Response from the owner");
    expect(page).toContain(REPLY);
    const french = await (await get(null, `/fr/businesses/${businessId}`)).text();
    expect(french).toContain("Réponse du propriétaire");
    const api = await (await get(null, `/api/businesses/${businessId}/reviews`)).json();
    expect(api.items.find((item: { id: number }) => item.id === reviewId).reply).toMatchObject({
      removed: null,
      body: REPLY,
      locale: "fr-CA",
    });
    // Anyone signed in can report it, on the business's report page.
    const replyId = api.items.find((item: { id: number }) => item.id === reviewId).reply.id;
    const reportPage = await get("stranger", `/businesses/${businessId}/report?reply=${replyId}`);
    expect(reportPage.status).toBe(200);
    expect(await reportPage.text()).toContain(REPLY);
    const again = await post("owner", path, {
      intent: "reply",
      reviewId: String(reviewId),
      body: REPLY,
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Cet avis a déjà une réponse.");
  });
});

describe("PUT/DELETE /api/reviews/{id}/reply", () => {
  const api = (who: string, path: string, method: string, body?: unknown) =>
    request(path, {
      method,
      headers: {
        cookie: cookies[who] ?? "",
        origin: TEST_BASE_URL,
        "content-type": "application/json",
        "accept-language": "en-CA",
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  test("the owner creates (201), replaces (204) and deletes (204); others get the 404", async () => {
    const [other] = await database.db
      .insert(review)
      .values({
        businessId,
        authorName: "Dana D.",
        rating: 5,
        body: "The back room is quiet and the staff are lovely.",
        locale: "en-CA",
      })
      .returning({ id: review.id });
    const path = `/api/reviews/${other?.id}/reply`;
    const text = { body: "We are glad you liked the back room!" };
    expect((await api("stranger", path, "PUT", text)).status).toBe(404);
    expect((await api("owner", "/api/reviews/999999/reply", "PUT", text)).status).toBe(404);
    expect((await api("owner", path, "PUT", { body: "Short" })).status).toBe(400);
    const created = await api("owner", path, "PUT", text);
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ id: expect.any(Number) });
    const replaced = await api("owner", path, "PUT", {
      body: "We are glad you liked the quiet room!",
    });
    expect(replaced.status).toBe(204);
    const list = await (await get(null, `/api/businesses/${businessId}/reviews`)).json();
    const shown = list.items.find((item: { id: number }) => item.id === other?.id);
    expect(shown.reply).toMatchObject({
      body: "We are glad you liked the quiet room!",
      locale: "en-CA",
    });
    expect(shown.reply.editedAt).toEqual(expect.any(String));

    const reported = await api("stranger", `/api/replies/${shown.reply.id}/reports`, "POST", {
      reason: "spam",
    });
    expect(reported.status).toBe(204);

    expect((await api("stranger", path, "DELETE")).status).toBe(404);
    expect((await api("owner", path, "DELETE")).status).toBe(204);
    expect((await api("owner", path, "DELETE")).status).toBe(404);
  });
});
