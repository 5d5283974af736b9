import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../db/client.server.ts";
import { blogPost } from "../db/schema/blog.ts";
import { createTestDatabase } from "../db/test-database.server.ts";
import { timeCursor } from "../platform/query.ts";
import { searchPosts } from "./posts.server.ts";
import { seedBlogPosts } from "./seed.server.ts";
import { fixturePost } from "./test-fixtures.ts";
import type { EventWhen } from "./types.ts";

let database: DatabaseHandle;

/** 10:00 on 27 November 2026 in Toronto. */
const now = new Date("2026-11-27T15:00:00Z");

const event = (key: string, startsOn: string, endsOn: string) =>
  fixturePost({ key, title: key, event: { startsOn, endsOn } });

beforeAll(async () => {
  database = await createTestDatabase();
  await seedBlogPosts(database.db, [
    event("ended-yesterday", "2026-11-20", "2026-11-26"),
    event("ends-today", "2026-11-20", "2026-11-27"),
    event("starts-tomorrow", "2026-11-28", "2026-11-29"),
    event("next-month", "2026-12-05", "2026-12-05"),
    event("last-spring", "2026-03-01", "2026-04-30"),
    fixturePost({ key: "guide", title: "guide", type: "city-guides" }),
  ]);
});

afterAll(() => database.close());

const titles = async (when: EventWhen, at: Date, criteria: { title?: string } = {}) =>
  (
    await searchPosts(
      database.db,
      "en-CA",
      { title: criteria.title ?? "", location: "", type: "events", when },
      { limit: 20 },
      at,
    )
  ).items.map((post) => post.title);

describe("events by date", () => {
  test("upcoming: those ending today or later, soonest first", async () => {
    expect(await titles("upcoming", now)).toEqual(["ends-today", "starts-tomorrow", "next-month"]);
  });

  test("past: those that ended before today, the latest ended first", async () => {
    expect(await titles("past", now)).toEqual(["ended-yesterday", "last-spring"]);
  });

  test("today is the day in Canada when asked, not in UTC", async () => {
    // 22:30 on the 27th in Toronto: the event ending on the 27th is still on.
    expect(await titles("upcoming", new Date("2026-11-28T03:30:00Z"))).toContain("ends-today");
    // Half past midnight on the 28th: it is over.
    const later = new Date("2026-11-28T05:30:00Z");
    expect(await titles("upcoming", later)).toEqual(["starts-tomorrow", "next-month"]);
    expect(await titles("past", later)).toEqual(["ends-today", "ended-yesterday", "last-spring"]);
  });

  test("nothing upcoming once every event is over", async () => {
    expect(await titles("upcoming", new Date("2027-01-01T12:00:00Z"))).toEqual([]);
  });

  test("the other filters still apply", async () => {
    expect(await titles("upcoming", now, { title: "month" })).toEqual(["next-month"]);
  });

  test("pages follow each other in the list's own order", async () => {
    for (const [when, expected] of [
      ["upcoming", ["ends-today", "starts-tomorrow", "next-month"]],
      ["past", ["ended-yesterday", "last-spring"]],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await searchPosts(
          database.db,
          "en-CA",
          { title: "", location: "", type: "events", when },
          { limit: 1, cursor: cursor ? timeCursor.decode(cursor) : undefined },
          now,
        );
        seen.push(...page.items.map((post) => post.title));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(expected);
    }
  });

  test("a post carries its event's days; other posts none", async () => {
    const [first] = (
      await searchPosts(
        database.db,
        "en-CA",
        { title: "next-month", location: "" },
        { limit: 1 },
        now,
      )
    ).items;
    expect(first?.event).toEqual({ startsOn: "2026-12-05", endsOn: "2026-12-05" });
    const [guide] = (
      await searchPosts(
        database.db,
        "en-CA",
        { title: "", location: "", type: "city-guides" },
        { limit: 1 },
        now,
      )
    ).items;
    expect(guide).toMatchObject({ title: "guide", event: null });
  });
});

describe("the event days in the database", () => {
  test("seeding again gives a post seeded without them its event's days", async () => {
    await database.db
      .update(blogPost)
      .set({ eventStartsOn: null, eventEndsOn: null })
      .where(eq(blogPost.key, "next-month"));
    const added = await seedBlogPosts(database.db, [
      event("next-month", "2026-12-05", "2026-12-06"),
    ]);
    expect(added).toBe(0);
    const [row] = await database.db
      .select({ startsOn: blogPost.eventStartsOn, endsOn: blogPost.eventEndsOn })
      .from(blogPost)
      .where(eq(blogPost.key, "next-month"));
    expect(row).toEqual({ startsOn: "2026-12-05", endsOn: "2026-12-06" });
  });

  test("are both set or neither, and end on or after the start", async () => {
    const set = (days: { eventStartsOn: string | null; eventEndsOn: string | null }) =>
      database.db.update(blogPost).set(days).where(eq(blogPost.key, "guide"));
    await expect(set({ eventStartsOn: "2026-12-05", eventEndsOn: null })).rejects.toThrow();
    await expect(set({ eventStartsOn: null, eventEndsOn: "2026-12-05" })).rejects.toThrow();
    await expect(set({ eventStartsOn: "2026-12-05", eventEndsOn: "2026-12-04" })).rejects.toThrow();
  });
});
