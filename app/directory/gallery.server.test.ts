import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { business, businessOwner, businessPicture } from "../db/schema/directory.ts";
import { auditEvent } from "../db/schema/platform.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { isAppError } from "../platform/errors.ts";
import { getBusiness } from "./businesses.server.ts";
import {
  addPicture,
  galleryOf,
  movePicture,
  removePicture,
  updateCover,
  updatePictureAlt,
} from "./gallery.server.ts";
import { GALLERY_MAX, pictureFormSchema } from "./gallery.ts";
import { type Manager, managerWrite, requireBusinessManager } from "./owners.server.ts";
import { seedBusinesses } from "./seed.server.ts";
import { fixtureBusiness, fixtureFile } from "./test-fixtures.ts";

// A listing's cover and gallery, against PostgreSQL: the 20 pictures and the 21st refused, moves
// and removals keeping positions 1…n, stale forms and concurrent reorders, the audit trail.

let database: DatabaseHandle;
let businessId = 0;
let otherId = 0;
let owner: Manager;

const request = () => new Request("http://site.test/");
const alt = (text: string) => ({ "en-CA": text, "fr-CA": "" });
const file = (n: number) => `/uploads/content/${n.toString(16).padStart(32, "0")}.jpg`;

const write = <T>(change: Parameters<typeof managerWrite<T>>[2]) =>
  managerWrite(database.db, owner, change);

/** The gallery as "file:position", in order, with positions checked to be 1…n. */
async function order() {
  const pictures = await galleryOf(database.db, businessId);
  expect(pictures.map((picture) => picture.position)).toEqual(
    pictures.map((_, index) => index + 1),
  );
  return pictures.map((picture) => picture.alt["en-CA"]);
}

async function emptyGallery() {
  await database.db.delete(businessPicture).where(eq(businessPicture.businessId, businessId));
}

async function addNamed(...names: string[]) {
  const ids: number[] = [];
  for (const [index, name] of names.entries())
    ids.push((await write((tx) => addPicture(tx, owner, file(index + 1), alt(name)))).id);
  return ids;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [
      fixtureBusiness({ slug: "pictured", name: "Chez Photo" }),
      fixtureBusiness({ slug: "other", name: "Ailleurs" }),
    ]),
  ]);
  const rows = await database.db.select({ id: business.id, slug: business.slug }).from(business);
  businessId = rows.find((row) => row.slug === "pictured")?.id ?? 0;
  otherId = rows.find((row) => row.slug === "other")?.id ?? 0;
  for (const id of ["owner", "stranger"])
    await database.db.execute(
      sql`insert into "user" (id, name, email, handle, age)
          values (${id}, ${`Name of ${id}`}, ${`${id}@example.com`}, ${`${id}-handle`}, 30)`,
    );
  await database.db.insert(businessOwner).values({ businessId, userId: "owner", via: "code" });
  owner = await requireBusinessManager(database.db, { id: "owner" }, businessId, request());
});

afterAll(() => database?.close());

describe("the pictures form", () => {
  test("needs an alternative text in at least one language", () => {
    const picture = new File([new Uint8Array([1])], "a.jpg");
    const refused = pictureFormSchema.safeParse({
      intent: "add",
      picture,
      "alt_en-CA": " ",
      "alt_fr-CA": "",
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ["alt_en-CA"],
      message: "manage.pictures.problems.alt",
    });
    const french = pictureFormSchema.safeParse({
      intent: "add",
      picture,
      "alt_en-CA": "",
      "alt_fr-CA": "La terrasse",
    });
    expect(french.success).toBe(true);
  });

  test("needs a picture to add, and a whole position to move", () => {
    expect(
      pictureFormSchema.safeParse({ intent: "add", "alt_en-CA": "x", "alt_fr-CA": "" }).success,
    ).toBe(false);
    expect(pictureFormSchema.safeParse({ intent: "up", id: "1", position: "x" }).success).toBe(
      false,
    );
  });
});

describe("a listing's gallery", () => {
  test("takes 20 pictures and refuses the 21st, changing nothing", async () => {
    await emptyGallery();
    await addNamed(...Array.from({ length: GALLERY_MAX }, (_, index) => `p${index + 1}`));
    expect(await order()).toHaveLength(GALLERY_MAX);
    await expect(write((tx) => addPicture(tx, owner, file(99), alt("p21")))).rejects.toMatchObject({
      code: "conflict",
      message: "manage.pictures.problems.full",
    });
    expect(await order()).toHaveLength(GALLERY_MAX);
    const added = await database.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.action, "business.picture_add"));
    expect(added).toHaveLength(GALLERY_MAX);
  });

  test("two owners adding the 20th at once: one is refused, positions stay unique", async () => {
    await emptyGallery();
    await addNamed(...Array.from({ length: GALLERY_MAX - 1 }, (_, index) => `p${index + 1}`));
    const results = await Promise.allSettled([
      write((tx) => addPicture(tx, owner, file(50), alt("a"))),
      write((tx) => addPicture(tx, owner, file(51), alt("b"))),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    // Refused with the gallery's message, not a clash of positions (a 500).
    const [refused] = results.flatMap((result) =>
      result.status === "rejected" ? [result.reason] : [],
    );
    expect(isAppError(refused) && refused.messageKey).toBe("manage.pictures.problems.full");
    expect(await order()).toHaveLength(GALLERY_MAX);
  });

  test("moves a picture up and down, and shows the order on the listing's page", async () => {
    await emptyGallery();
    const [first, second, third] = await addNamed("first", "second", "third");
    await write((tx) => movePicture(tx, owner, third as number, 3, "up"));
    expect(await order()).toEqual(["first", "third", "second"]);
    await write((tx) => movePicture(tx, owner, first as number, 1, "down"));
    expect(await order()).toEqual(["third", "first", "second"]);
    const page = await getBusiness(database.db, businessId);
    expect(page.gallery.map((picture) => picture.alt["en-CA"])).toEqual([
      "third",
      "first",
      "second",
    ]);
    const [audit] = await database.db
      .select({ before: auditEvent.before, after: auditEvent.after, role: auditEvent.actorRole })
      .from(auditEvent)
      .where(eq(auditEvent.action, "business.picture_move"))
      .orderBy(asc(auditEvent.id))
      .limit(1);
    expect(audit).toEqual({
      before: { picture: third, position: 3 },
      after: { picture: third, position: 2 },
      role: "owner",
    });
    // The first cannot go up: the form is stale, a 409.
    await expect(
      write((tx) => movePicture(tx, owner, third as number, 1, "up")),
    ).rejects.toMatchObject({ code: "already_handled" });
    expect(second).toBeDefined();
  });

  test("a form that saw a picture where a co-owner has since moved it is a 409, changing nothing", async () => {
    await emptyGallery();
    const [, second] = await addNamed("first", "second");
    await write((tx) => movePicture(tx, owner, second as number, 2, "up"));
    await expect(
      write((tx) => movePicture(tx, owner, second as number, 2, "up")),
    ).rejects.toMatchObject({ code: "already_handled" });
    expect(await order()).toEqual(["second", "first"]);
  });

  test("concurrent reorders keep positions 1…n, each move applied or refused whole", async () => {
    await emptyGallery();
    const ids = await addNamed("a", "b", "c", "d", "e");
    const moves = ids.flatMap((id, index) => [
      write((tx) => movePicture(tx, owner, id, index + 1, "up")),
      write((tx) => movePicture(tx, owner, id, index + 1, "down")),
    ]);
    const results = await Promise.allSettled(moves);
    for (const result of results)
      if (result.status === "rejected") expect(isAppError(result.reason)).toBe(true);
    expect((await order()).sort()).toEqual(["a", "b", "c", "d", "e"]);
    const moved = await database.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.action, "business.picture_move"));
    expect(moved.length).toBeGreaterThan(0);
  });

  test("removes a picture, the later ones moving up a place; a removed one is a 409", async () => {
    await emptyGallery();
    const [, second] = await addNamed("a", "b", "c", "d");
    await write((tx) => removePicture(tx, owner, second as number, 2));
    expect(await order()).toEqual(["a", "c", "d"]);
    await expect(
      write((tx) => removePicture(tx, owner, second as number, 2)),
    ).rejects.toMatchObject({ code: "already_handled" });
    const [audit] = await database.db
      .select({ before: auditEvent.before })
      .from(auditEvent)
      .where(eq(auditEvent.action, "business.picture_remove"));
    expect(audit?.before).toMatchObject({ picture: second, position: 2 });
  });

  test("changes a picture's alternative text", async () => {
    await emptyGallery();
    const [id] = await addNamed("old");
    await write((tx) =>
      updatePictureAlt(tx, owner, id as number, { "en-CA": "", "fr-CA": "Neuf" }),
    );
    const [picture] = await galleryOf(database.db, businessId);
    expect(picture?.alt).toEqual({ "en-CA": "", "fr-CA": "Neuf" });
  });

  test("a stranger's write is the 404 and changes nothing", async () => {
    await emptyGallery();
    await expect(
      requireBusinessManager(database.db, { id: "stranger" }, businessId, request()),
    ).rejects.toMatchObject({ code: "not_found" });
    // Even with a manager made up for them, the write re-checks inside its transaction.
    const forged: Manager = { ...owner, id: "stranger" };
    await expect(
      managerWrite(database.db, forged, (tx) => addPicture(tx, forged, file(7), alt("x"))),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await order()).toEqual([]);
  });

  test("another listing's picture is not this one's to move", async () => {
    await emptyGallery();
    const [id] = await addNamed("mine", "also mine");
    // A manager of another listing sending this listing's picture: as if it were not there.
    const other = { ...owner, businessId: otherId };
    await expect(
      database.db.transaction((tx) => movePicture(tx, other, id as number, 1, "down")),
    ).rejects.toMatchObject({ status: 409 });
    expect(await order()).toEqual(["mine", "also mine"]);
  });
});

describe("a listing's cover", () => {
  test("sets the card's picture and the cover, with its alternative text, in the audit trail", async () => {
    await write((tx) => updateCover(tx, owner, file(3), { "en-CA": "The front", "fr-CA": "" }));
    const page = await getBusiness(database.db, businessId);
    expect(page.coverImage).toBe(file(3));
    expect(page.image).toBe(file(3));
    expect(page.coverAlt).toEqual({ "en-CA": "The front", "fr-CA": "" });
    const [audit] = await database.db
      .select({ after: auditEvent.after })
      .from(auditEvent)
      .where(and(eq(auditEvent.action, "business.cover_update"), eq(auditEvent.actorId, "owner")));
    expect(audit?.after).toEqual({ file: file(3), alt: { "en-CA": "The front", "fr-CA": "" } });
  });
});
