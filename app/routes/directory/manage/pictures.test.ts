import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUpVerified } from "../../../auth/test-players.server.ts";
import type { DatabaseHandle } from "../../../db/client.server.ts";
import { user } from "../../../db/schema/accounts.ts";
import { business, businessOwner, businessPicture } from "../../../db/schema/directory.ts";
import { createTestDatabase } from "../../../db/test-database.server.ts";
import { seedBusinesses } from "../../../directory/seed.server.ts";
import { fixtureBusiness, fixtureFile } from "../../../directory/test-fixtures.ts";
import { createLocalStorage } from "../../../platform/storage.server.ts";
import { createTestHost, TEST_BASE_URL } from "../../../platform/test-host.server.ts";
import { testPhoto } from "../../../platform/test-images.ts";

// The manage page `pictures` through the built site: an owner uploads a cover and gallery
// pictures through the image pipeline, moves one up by a plain form post, and the public page and
// the API show the new order; a stranger gets the 404; a file that is not a picture, or a picture
// without a description, is refused with a message and changes nothing.

let database: DatabaseHandle;
let request: Awaited<ReturnType<typeof createTestHost>>;
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "pictures-"));
const cookies: Record<string, string> = {};
let businessId = 0;

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
  request = await createTestHost(database.db, {
    clientIpHeader: "x-real-ip",
    maxBodyBytes: 8 * 1024 * 1024,
    storage: createLocalStorage(uploads),
  });
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [fixtureBusiness({ name: "Chez Photo" })]),
  ]);
  const [row] = await database.db.select({ id: business.id }).from(business);
  businessId = row?.id ?? 0;
  const ownerId = await player("owner", "10.42.0.1");
  await player("stranger", "10.42.0.2");
  await database.db.insert(businessOwner).values({ businessId, userId: ownerId, via: "code" });
});

afterAll(async () => {
  await database.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

const pagePath = (prefix = "") => `${prefix}/businesses/${businessId}/manage/pictures`;

const page = (who: string | null, prefix = "") =>
  request(pagePath(prefix), { headers: { cookie: who ? (cookies[who] ?? "") : "" } });

function post(
  who: string,
  fields: Record<string, string>,
  picture?: { bytes: Buffer; name: string; type: string },
  prefix = "",
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (picture)
    form.set(
      "picture",
      new Blob([new Uint8Array(picture.bytes)], { type: picture.type }),
      picture.name,
    );
  return request(pagePath(prefix), {
    method: "POST",
    redirect: "manual",
    headers: { origin: TEST_BASE_URL, cookie: cookies[who] ?? "" },
    body: form,
  });
}

const photo = async (name: string) => ({
  bytes: await testPhoto(64, 48),
  name,
  type: "image/jpeg",
});

const pictures = () =>
  database.db
    .select()
    .from(businessPicture)
    .where(eq(businessPicture.businessId, businessId))
    .orderBy(businessPicture.position);

describe("/businesses/{id}/manage/pictures", () => {
  test("opens for an owner in both languages", async () => {
    for (const [prefix, words] of [
      ["", ["Pictures", "Cover", "Gallery", "0 of 20 pictures", "Description in French"]],
      ["/fr", ["Photos", "Couverture", "Galerie", "0 photos sur 20", "Description en anglais"]],
    ] as const) {
      const response = await page("owner", prefix);
      expect(response.status).toBe(200);
      const html = await response.text();
      for (const word of words) expect(html).toContain(word);
    }
  });

  test("is the 404 for a visitor and a stranger, whose upload changes nothing", async () => {
    expect((await page(null)).status).toBe(404);
    expect((await page("stranger")).status).toBe(404);
    const response = await post(
      "stranger",
      { intent: "add", "alt_en-CA": "Mine now", "alt_fr-CA": "" },
      await photo("a.jpg"),
    );
    expect(response.status).toBe(404);
    expect(await pictures()).toEqual([]);
  });

  test("refuses a file that is not a picture, and a picture without a description", async () => {
    const text = {
      bytes: Buffer.from("<script>alert(1)</script>"),
      name: "a.jpg",
      type: "image/jpeg",
    };
    const notPicture = await post(
      "owner",
      { intent: "add", "alt_en-CA": "A picture", "alt_fr-CA": "" },
      text,
    );
    expect(notPicture.status).toBe(415);
    expect(await notPicture.text()).toContain("the file must be a JPEG, PNG or WebP picture");

    const undescribed = await post(
      "owner",
      { intent: "add", "alt_en-CA": "", "alt_fr-CA": "" },
      await photo("b.jpg"),
      "/fr",
    );
    expect(undescribed.status).toBe(400);
    expect(await undescribed.text()).toContain("Décrivez la photo dans au moins une langue.");
    expect(await pictures()).toEqual([]);
  });

  test("an owner adds two pictures, moves the second up, and the public page and API follow", async () => {
    for (const [name, description] of [
      ["terrace.jpg", "The terrace"],
      ["counter.png", "The counter"],
    ]) {
      const added = await post(
        "owner",
        { intent: "add", "alt_en-CA": description as string, "alt_fr-CA": "" },
        await photo(name as string),
      );
      expect(added.status).toBe(302);
      expect(added.headers.get("location")).toMatch(
        /\/manage\/pictures\?done=added&picture=\d+#picture-\d+$/,
      );
    }
    const [terrace, counter] = await pictures();
    // Cleaned and stored as JPEG in the content folder, the camera's notes dropped.
    expect(counter?.file).toMatch(/^\/uploads\/content\/[a-f0-9]{32}\.jpg$/);
    const stored = await sharp(
      path.join(uploads, "content", path.basename(counter?.file ?? "")),
    ).metadata();
    expect(stored.format).toBe("jpeg");
    expect(stored.exif).toBeUndefined();

    const moved = await post("owner", {
      intent: "up",
      id: String(counter?.id),
      position: "2",
    });
    expect(moved.status).toBe(302);
    expect((await pictures()).map((picture) => picture.id)).toEqual([counter?.id, terrace?.id]);

    // The same form again saw the picture where it no longer is: a 409 that says who moved it.
    const stale = await post("owner", { intent: "up", id: String(counter?.id), position: "2" });
    expect(stale.status).toBe(409);

    const api = await (await request(`/api/businesses/${businessId}`)).json();
    expect(
      api.gallery.map((picture: { alt: { "en-CA": string } }) => picture.alt["en-CA"]),
    ).toEqual(["The counter", "The terrace"]);
    const publicPage = await (await request(`/fr/businesses/${businessId}`)).text();
    // French shows the English description when there is no French one.
    expect(publicPage.indexOf('alt="The counter"')).toBeGreaterThan(-1);
    expect(publicPage.indexOf('alt="The counter"')).toBeLessThan(
      publicPage.indexOf('alt="The terrace"'),
    );
  });

  test("an owner replaces the cover: the card and the page show it with its description", async () => {
    const saved = await post(
      "owner",
      { intent: "cover", "alt_en-CA": "", "alt_fr-CA": "La devanture" },
      await photo("front.webp"),
    );
    expect(saved.status).toBe(302);
    const [row] = await database.db
      .select({ image: business.image, cover: business.coverImage, alt: business.coverAlt })
      .from(business)
      .where(eq(business.id, businessId));
    expect(row?.cover).toMatch(/^\/uploads\/content\//);
    expect(row?.image).toBe(row?.cover);
    expect(row?.alt).toEqual({ "en-CA": "", "fr-CA": "La devanture" });
    const publicPage = await (await request(`/businesses/${businessId}`)).text();
    expect(publicPage).toContain(`src="${row?.cover}" alt="La devanture"`);
  });
});
