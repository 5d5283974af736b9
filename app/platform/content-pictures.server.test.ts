import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { blogPost } from "../db/schema/blog.ts";
import {
  business,
  businessPicture,
  businessProduct,
  businessVersion,
} from "../db/schema/directory.ts";
import { redeemGoal } from "../db/schema/players.ts";
import { product } from "../db/schema/shop.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { sweepOrphanedContentPictures } from "./content-pictures.server.ts";
import { startTestBucket, testStores } from "./test-storage.server.ts";

let database: DatabaseHandle;
let bucket: Awaited<ReturnType<typeof startTestBucket>>;

beforeAll(async () => {
  database = await createTestDatabase();
  bucket = await startTestBucket();
  const place = "/images/directory/restaurants.svg";
  await database.db.insert(business).values({
    slug: "cafe",
    name: "Café",
    category: "restaurants",
    city: "Toronto",
    province: "ON",
    address: "1 King St",
    postalCode: "M5H 1A1",
    latitude: 43.65,
    longitude: -79.38,
    searchName: "cafe",
    searchLocation: "toronto on",
    priceFromCents: 500,
    opensAt: "08:00",
    closesAt: "17:00",
    image: place,
    coverImage: place,
    ownerName: "Owner",
    ownerImage: place,
    description: { "en-CA": "A café.", "fr-CA": "Un café." },
  });
});

afterAll(async () => {
  await database.close();
  await bucket.stop();
});

const address = (name: string) => `/uploads/content/${name}`;

describe.each(testStores(() => bucket))("sweepOrphanedContentPictures, %s", (kind, open) => {
  test("removes old pictures no post, product, goal or listing shows; keeps those shown and another host's fresh upload", async () => {
    const { storage: hostA, second: hostB, backdate } = open();
    const save = () => hostA.save("content", Buffer.from("picture"), "jpg");
    const [cover, picture, morePicture, goal, carousel, versioned, promotion, replaced, fresh] = [
      await save(),
      await save(),
      await save(),
      await save(),
      await save(),
      await save(),
      await save(),
      await save(),
      await save(),
    ];
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of [
      cover,
      picture,
      morePicture,
      goal,
      carousel,
      versioned,
      promotion,
      replaced,
    ])
      backdate("content", name, twoHoursAgo);
    const key = kind.split(" ").at(-1);
    await database.db.insert(blogPost).values({
      type: "city-guides",
      published: false,
      city: "Toronto",
      province: "ON",
      searchLocation: "toronto on",
      rating: "4.5",
      authorName: "Staff",
      cover: address(cover),
    });
    const text = { "en-CA": "Mug", "fr-CA": "Tasse" };
    await database.db.insert(product).values({
      slug: `mug-${key}`,
      name: text,
      description: text,
      category: "home",
      originalPriceCents: 1000,
      salePriceCents: 1000,
      image: address(picture),
      morePictures: [address(morePicture)],
      stock: 1,
      searchName: "mug",
    });
    await database.db
      .insert(redeemGoal)
      .values({ slug: `goal-${key}`, name: text, image: address(goal), cost: 10 });
    // A listing's product picture, one only a kept version of the listing still shows, and its
    // promotion's picture.
    const [listing] = await database.db.select({ id: business.id }).from(business);
    const businessId = listing?.id ?? 0;
    const shown = { name: text, priceCents: 500, url: "https://example.com/mug" };
    await database.db.insert(businessProduct).values({
      ...shown,
      businessId,
      position: key === "bucket" ? 101 : 100,
      image: address(carousel),
    });
    await database.db.insert(businessVersion).values({
      businessId,
      version: key === "bucket" ? 101 : 100,
      snapshot: { fields: {}, products: [{ ...shown, image: address(versioned) }] },
    });
    await database.db
      .update(business)
      .set({ promoImage: address(promotion) })
      .where(eq(business.id, businessId));

    // The replaced cover is the only one: the sweep runs on another host than the uploads.
    expect(await sweepOrphanedContentPictures(database.db, hostB)).toBe(1);
    const left = (await hostA.list("content")).map((file) => file.name).sort();
    expect(left).toEqual(
      [cover, picture, morePicture, goal, carousel, versioned, promotion, fresh].sort(),
    );
    expect(await hostA.read("content", replaced)).toBeNull();
  });

  test("keeps a listing's uploaded cover and gallery pictures, removes the cover it replaced", async () => {
    const { storage, backdate } = open();
    const save = () => storage.save("content", Buffer.from("picture"), "jpg");
    const [cover, gallery, replaced] = [await save(), await save(), await save()];
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of [cover, gallery, replaced]) backdate("content", name, twoHoursAgo);
    const key = kind.split(" ").at(-1);
    const [listing] = await database.db
      .insert(business)
      .values({
        slug: `pictured-${key}`,
        name: "Chez Photo",
        category: "restaurants",
        city: "Toronto",
        province: "ON",
        address: "1 Test Street",
        postalCode: "M5V 1A1",
        latitude: 43.65,
        longitude: -79.38,
        searchName: "chez photo",
        searchLocation: "toronto on",
        priceFromCents: 0,
        opensAt: "09:00",
        closesAt: "17:00",
        image: address(cover),
        coverImage: address(cover),
        ownerName: "Alex",
        ownerImage: "/images/owners/owner-1.svg",
        description: { "en-CA": "", "fr-CA": "" },
      })
      .returning({ id: business.id });
    await database.db.insert(businessPicture).values({
      businessId: listing?.id ?? 0,
      position: 1,
      file: address(gallery),
      alt: { "en-CA": "The terrace", "fr-CA": "" },
    });

    expect(await sweepOrphanedContentPictures(database.db, storage)).toBe(1);
    expect(await storage.read("content", replaced)).toBeNull();
    expect(await storage.read("content", cover)).not.toBeNull();
    expect(await storage.read("content", gallery)).not.toBeNull();
  });
});
