import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { business, businessReport, directoryReport } from "../db/schema/directory.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { isAppError } from "../platform/errors.ts";
import { LIMITS } from "../platform/limits.ts";
import { takeAttempt } from "../platform/rate-limit.server.ts";
import {
  answerQuestion,
  askQuestion,
  deleteReview,
  listQuestions,
  listReviews,
  reportBusiness,
  reportItem,
  updateReview,
  writeReview,
} from "./community.server.ts";
import { reviewCursor } from "./community.ts";
import { listSavedBusinesses, saveBusiness, savedAmong, unsaveBusiness } from "./saved.server.ts";
import { seedBusinesses } from "./seed.server.ts";
import { fixtureBusiness, fixtureFile } from "./test-fixtures.ts";

/** The items moderators did not hide: the others carry no text, author or stars to read. */
const shown = <Item extends { removed: unknown }>(items: Item[]) =>
  items.filter((item): item is Extract<Item, { removed: null }> => item.removed === null);

let database: DatabaseHandle;
const ids: Record<string, number> = {};
const TEXT = "A review long enough to be a real one.";

/** Players written straight to the accounts table: the services only need their ids. */
async function insertPlayer(id: string, options: { profilePublic?: boolean; image?: string } = {}) {
  await database.db.execute(
    sql`insert into "user" (id, name, email, handle, profile_public, image)
        values (${id}, ${`Name of ${id}`}, ${`${id}@example.com`}, ${`${id}-handle`},
                ${options.profilePublic ?? true}, ${options.image ?? null})`,
  );
}

async function aggregate(businessId: number) {
  const [row] = await database.db
    .select({
      rating: business.rating,
      reviewCount: business.reviewCount,
      ratingTotal: business.ratingTotal,
    })
    .from(business)
    .where(eq(business.id, businessId));
  return row;
}

/** The aggregate as counted from the review rows themselves, to compare with the kept one. */
async function counted(businessId: number) {
  const result = await database.db.execute<{ n: number; total: number; average: string }>(
    sql`select count(*)::int as n, coalesce(sum(rating), 0)::int as total,
          coalesce(round(avg(rating), 1), 0)::text as average
        from review where business_id = ${businessId}`,
  );
  const row = result.rows[0] as { n: number; total: number; average: string };
  return { rating: Number(row.average).toFixed(1), reviewCount: row.n, ratingTotal: row.total };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "none";
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBusinesses(database.db, [
    fixtureFile("restaurants", [
      fixtureBusiness({ slug: "crowded", name: "Crowded Diner" }),
      fixtureBusiness({ slug: "quiet", name: "Quiet Café" }),
      fixtureBusiness({ slug: "limits", name: "Limits Bakery" }),
    ]),
  ]);
  const rows = await database.db.select({ id: business.id, slug: business.slug }).from(business);
  for (const row of rows) ids[row.slug] = row.id;
  for (let index = 1; index <= 25; index += 1) await insertPlayer(`player${index}`);
  await insertPlayer("child", { profilePublic: false, image: "/uploads/avatars/child.jpg" });
  await insertPlayer("grown", { image: "/uploads/avatars/grown.jpg" });
});

afterAll(() => database.close());

describe("the review aggregate", () => {
  test("the demo review counts: one review of 4 stars", async () => {
    expect(await aggregate(ids.crowded as number)).toEqual({
      rating: "4.0",
      reviewCount: 1,
      ratingTotal: 4,
    });
  });

  test("20 players reviewing one business at once leave the count and the average exact", async () => {
    const businessId = ids.crowded as number;
    const stars = Array.from({ length: 20 }, (_, index) => (index % 5) + 1);
    await Promise.all(
      stars.map((rating, index) =>
        writeReview(database.db, `player${index + 1}`, businessId, {
          rating,
          body: TEXT,
          locale: "en-CA",
        }),
      ),
    );
    const total = 4 + stars.reduce((sum, each) => sum + each, 0);
    expect(await aggregate(businessId)).toEqual({
      rating: (Math.round((total / 21) * 10) / 10).toFixed(1),
      reviewCount: 21,
      ratingTotal: total,
    });
    expect(await aggregate(businessId)).toEqual(await counted(businessId));
  });

  test("edits and deletes move the aggregate with them", async () => {
    const businessId = ids.quiet as number;
    const { id } = await writeReview(database.db, "player1", businessId, {
      rating: 1,
      body: TEXT,
      locale: "en-CA",
    });
    expect(await aggregate(businessId)).toEqual({ rating: "2.5", reviewCount: 2, ratingTotal: 5 });
    await updateReview(database.db, "player1", id, { rating: 5, body: TEXT, locale: "fr-CA" });
    expect(await aggregate(businessId)).toEqual({ rating: "4.5", reviewCount: 2, ratingTotal: 9 });
    await deleteReview(database.db, "player1", id);
    expect(await aggregate(businessId)).toEqual({ rating: "4.0", reviewCount: 1, ratingTotal: 4 });
    expect(await aggregate(businessId)).toEqual(await counted(businessId));
  });
});

describe("reviews", () => {
  test("one review per player per business: a second one is a 409", async () => {
    const businessId = ids.quiet as number;
    await writeReview(database.db, "player2", businessId, {
      rating: 3,
      body: TEXT,
      locale: "en-CA",
    });
    expect(
      await codeOf(
        writeReview(database.db, "player2", businessId, { rating: 5, body: TEXT, locale: "en-CA" }),
      ),
    ).toBe("conflict");
    expect(
      await codeOf(
        writeReview(database.db, "player2", 999_999, { rating: 5, body: TEXT, locale: "en-CA" }),
      ),
    ).toBe("not_found");
  });

  test("another player's review cannot be changed or deleted: 404, and it stays", async () => {
    const businessId = ids.quiet as number;
    const { items } = await listReviews(database.db, businessId, { sort: "newest" }, "player2");
    const mine = shown(items).find((item) => item.mine);
    expect(mine).toBeDefined();
    const id = mine?.id as number;
    expect(
      await codeOf(
        updateReview(database.db, "player3", id, { rating: 1, body: TEXT, locale: "en-CA" }),
      ),
    ).toBe("not_found");
    expect(await codeOf(deleteReview(database.db, "player3", id))).toBe("not_found");
    const after = await listReviews(database.db, businessId, { sort: "newest" });
    expect(after.items.find((item) => item.id === id)).toMatchObject({ rating: 3, editedAt: null });
  });

  test("an edited review says so; text is kept as written", async () => {
    const businessId = ids.quiet as number;
    const { items } = await listReviews(database.db, businessId, { sort: "newest" }, "player2");
    const id = shown(items).find((item) => item.mine)?.id as number;
    const body = "<b>Bold?</b> See https://example.com, still plain text.";
    await updateReview(database.db, "player2", id, { rating: 4, body, locale: "en-CA" });
    const after = await listReviews(database.db, businessId, { sort: "newest" }, "player2");
    const edited = shown(after.items).find((item) => item.id === id);
    expect(edited?.body).toBe(body);
    expect(edited?.editedAt).not.toBeNull();
  });

  test("authors appear by their public identity; a private profile by handle, default picture", async () => {
    const businessId = ids.limits as number;
    await writeReview(database.db, "child", businessId, { rating: 5, body: TEXT, locale: "fr-CA" });
    await writeReview(database.db, "grown", businessId, { rating: 2, body: TEXT, locale: "en-CA" });
    const { items } = await listReviews(database.db, businessId, { sort: "highest" });
    expect(shown(items).map((item) => item.author)).toEqual([
      { name: "child-handle", image: null, handle: "child-handle" },
      { name: "Sam T.", image: null, handle: null },
      { name: "Name of grown", image: "/uploads/avatars/grown.jpg", handle: "grown-handle" },
    ]);
    const lowest = await listReviews(database.db, businessId, { sort: "lowest" });
    expect(shown(lowest.items).map((item) => item.rating)).toEqual([2, 4, 5]);
  });

  test("pages follow each other without repeats, in every order, to the microsecond", async () => {
    const businessId = ids.crowded as number;
    // Written within one millisecond, as concurrent reviews are: only the microseconds differ.
    await database.db.execute(
      sql`update review set created_at = '2026-01-01T00:00:00.123456Z'::timestamptz
            + (id % 4) * interval '1 microsecond'
          where business_id = ${businessId}`,
    );
    for (const sort of ["newest", "highest", "lowest"] as const) {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page = await listReviews(database.db, businessId, {
          sort,
          limit: 4,
          cursor: cursor ? reviewCursor.decode(cursor) : undefined,
        });
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, sort).toHaveLength(21);
      expect(new Set(seen).size, sort).toBe(21);
      const whole = await listReviews(database.db, businessId, { sort, limit: 50 });
      expect(seen, sort).toEqual(whole.items.map((item) => item.id));
    }
  });
});

describe("questions and answers", () => {
  test("asked, answered and listed newest first with their answers", async () => {
    const businessId = ids.limits as number;
    const first = await askQuestion(database.db, "player4", businessId, {
      question: "Do you have gluten-free bread?",
      locale: "en-CA",
    });
    await askQuestion(database.db, "child", businessId, {
      question: "Est-ce ouvert le dimanche ?",
      locale: "fr-CA",
    });
    await answerQuestion(database.db, "grown", first.id, {
      answer: "Yes, on weekends.",
      locale: "en-CA",
    });
    const { items } = await listQuestions(database.db, businessId, {});
    expect(
      shown(items).map((item) => [item.question, item.author.name, item.answers.length]),
    ).toEqual([
      ["Est-ce ouvert le dimanche ?", "child-handle", 0],
      ["Do you have gluten-free bread?", "Name of player4", 1],
    ]);
    expect(shown(items)[1]?.answers[0]).toMatchObject({
      body: "Yes, on weekends.",
      author: { name: "Name of grown" },
    });
    expect(
      await codeOf(
        answerQuestion(database.db, "grown", 999_999, { answer: "Hello", locale: "en-CA" }),
      ),
    ).toBe("not_found");
  });
});

describe("reports", () => {
  test("stored once per player and item: a repeat is already_reported; a missing item is a 404", async () => {
    const businessId = ids.limits as number;
    const { items } = await listReviews(database.db, businessId, { sort: "newest" });
    const reviewId = items[0]?.id as number;
    const report = { reason: "spam" as const, details: "Advertising." };
    await reportItem(database.db, "player5", "review", reviewId, report);
    expect(
      await codeOf(
        reportItem(database.db, "player5", "review", reviewId, { reason: "other", details: "" }),
      ),
    ).toBe("already_reported");
    const stored = await database.db
      .select({ reason: directoryReport.reason, userId: directoryReport.userId })
      .from(directoryReport)
      .where(eq(directoryReport.reviewId, reviewId));
    expect(stored).toEqual([{ reason: "spam", userId: "player5" }]);
    expect(await codeOf(reportItem(database.db, "player5", "answer", 999_999, report))).toBe(
      "not_found",
    );
  });

  test("ten identical reports sent at once store one", async () => {
    const { items } = await listReviews(database.db, ids.limits as number, { sort: "newest" });
    const reviewId = items[0]?.id as number;
    const report = { reason: "offensive" as const, details: "" };
    const codes = await Promise.all(
      Array.from({ length: 10 }, () =>
        codeOf(reportItem(database.db, "player12", "review", reviewId, report)),
      ),
    );
    expect(codes.filter((code) => code === "none")).toHaveLength(1);
    expect(codes.filter((code) => code === "already_reported")).toHaveLength(9);
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(directoryReport)
      .where(and(eq(directoryReport.reviewId, reviewId), eq(directoryReport.userId, "player12")));
    expect(row?.n).toBe(1);
  });

  test("a business: once per player, once per visitor's address, at once too; unknown is a 404", async () => {
    const businessId = ids.quiet as number;
    const report = { reason: "false" as const, details: "Closed for good." };
    const player = { userId: "player13", clientAddress: "203.0.113.7" };
    const visitor = { userId: null, clientAddress: "203.0.113.7" };
    await reportBusiness(database.db, businessId, report, player);
    expect(await codeOf(reportBusiness(database.db, businessId, report, player))).toBe(
      "already_reported",
    );
    // A visitor at the same address is another reporter; ten at once from it store one.
    const codes = await Promise.all(
      Array.from({ length: 10 }, () =>
        codeOf(reportBusiness(database.db, businessId, report, visitor)),
      ),
    );
    expect(codes.filter((code) => code === "none")).toHaveLength(1);
    expect(codes.filter((code) => code === "already_reported")).toHaveLength(9);
    const stored = await database.db
      .select({ userId: businessReport.userId, reporter: businessReport.reporter })
      .from(businessReport)
      .where(eq(businessReport.businessId, businessId));
    expect(stored).toHaveLength(2);
    expect(stored.map((row) => row.userId)).toEqual(expect.arrayContaining(["player13", null]));
    // The address is kept only as a hash.
    expect(stored.some((row) => row.reporter.includes("203.0.113.7"))).toBe(false);
    expect(await codeOf(reportBusiness(database.db, 999_999, report, player))).toBe("not_found");
  });
});

describe("rate limits per player", () => {
  test("writing: the eleventh within the hour is a 429 saying when to try again", async () => {
    const now = new Date("2026-03-01T12:00:00Z");
    for (let attempt = 0; attempt < LIMITS["directory-write"].max; attempt += 1)
      await takeAttempt(database.db, "directory-write", "player9", now);
    const refused = await takeAttempt(database.db, "directory-write", "player9", now).catch(
      (e) => e,
    );
    expect(refused).toMatchObject({
      code: "too_many_requests",
      options: {
        retryAfter: 3600,
        message: "community.problems.tooManyWrites",
        values: { minutes: 60 },
      },
    });
    // Another player is not held back; the same one is again an hour later.
    await takeAttempt(database.db, "directory-write", "player10", now);
    await takeAttempt(database.db, "directory-write", "player9", new Date("2026-03-01T13:00:01Z"));
  });

  test("reports have their own, smaller limit", async () => {
    const now = new Date("2026-03-01T12:00:00Z");
    for (let attempt = 0; attempt < LIMITS["directory-report"].max; attempt += 1)
      await takeAttempt(database.db, "directory-report", "player11", now);
    expect(await codeOf(takeAttempt(database.db, "directory-report", "player11", now))).toBe(
      "too_many_requests",
    );
  });
});

describe("saved businesses", () => {
  test("saved, listed last saved first, unsaved; an unknown business is a 404", async () => {
    await saveBusiness(database.db, "player6", ids.quiet as number);
    await saveBusiness(database.db, "player6", ids.limits as number);
    await saveBusiness(database.db, "player6", ids.quiet as number);
    const listed = await listSavedBusinesses(database.db, "player6");
    expect(listed.map((item) => item.name).sort()).toEqual(["Limits Bakery", "Quiet Café"]);
    expect(await savedAmong(database.db, "player6", [ids.quiet, ids.crowded] as number[])).toEqual([
      ids.quiet,
    ]);
    await unsaveBusiness(database.db, "player6", ids.quiet as number);
    expect((await listSavedBusinesses(database.db, "player6")).map((item) => item.name)).toEqual([
      "Limits Bakery",
    ]);
    expect(await codeOf(saveBusiness(database.db, "player6", 999_999))).toBe("not_found");
    expect(await savedAmong(database.db, undefined, [ids.quiet as number])).toEqual([]);
  });
});
