import { describe, expect, test } from "vitest";
import { formatDayRange } from "../i18n/format.ts";
import { blogPostFileSchema } from "./content.ts";
import { eventToday } from "./events.ts";
import { blogQuerySchema } from "./search.ts";
import { fixturePost } from "./test-fixtures.ts";

describe("today for events", () => {
  test("is the calendar day in Eastern time, not in UTC", () => {
    expect(eventToday(new Date("2026-11-27T15:00:00Z"))).toBe("2026-11-27");
    // 22:30 on the 27th in Toronto, already the 28th in UTC.
    expect(eventToday(new Date("2026-11-28T03:30:00Z"))).toBe("2026-11-27");
    expect(eventToday(new Date("2026-11-28T05:30:00Z"))).toBe("2026-11-28");
  });
});

describe("an event's days", () => {
  test("are written once for what they share, in each language", () => {
    expect(formatDayRange("2026-02-13", "2026-02-22", "en-CA")).toBe("February 13–22, 2026");
    expect(formatDayRange("2026-02-13", "2026-02-22", "fr-CA")).toBe("13–22 février 2026");
    expect(formatDayRange("2026-01-30", "2026-02-15", "fr-CA")).toBe(
      "30 janvier\u2009–\u200915 février 2026",
    );
    expect(formatDayRange("2026-12-30", "2027-01-02", "en-CA")).toBe(
      "December 30, 2026–January 2, 2027",
    );
  });

  test("a one-day event is one day", () => {
    expect(formatDayRange("2026-06-06", "2026-06-06", "en-CA")).toBe("June 6, 2026");
    expect(formatDayRange("2026-06-06", "2026-06-06", "fr-CA")).toBe("6 juin 2026");
  });
});

describe("a post file's event days", () => {
  const file = ({ key, body, ...rest }: ReturnType<typeof fixturePost>) => rest;
  const issues = (post: unknown) =>
    blogPostFileSchema.safeParse(post).error?.issues.map((issue) => issue.path.join("."));

  test("an events post has them, ending on or after they start", () => {
    const event = { startsOn: "2026-02-13", endsOn: "2026-02-22" };
    expect(issues(file(fixturePost({ event })))).toBeUndefined();
    expect(
      issues(file(fixturePost({ event: { ...event, endsOn: "2026-02-13" } }))),
    ).toBeUndefined();
    expect(issues(file(fixturePost({ event: { ...event, endsOn: "2026-02-12" } })))).toEqual([
      "event.endsOn",
    ]);
    expect(issues(file(fixturePost({})))).toEqual(["event"]);
  });

  test("no other post has them", () => {
    const event = { startsOn: "2026-02-13", endsOn: "2026-02-22" };
    expect(issues(file(fixturePost({ type: "city-guides" })))).toBeUndefined();
    expect(issues(file(fixturePost({ type: "city-guides", event })))).toEqual(["event"]);
  });
});

describe("the when filter", () => {
  const parse = (query: Record<string, string>) => blogQuerySchema.safeParse(query);

  test("keeps event posts only, upcoming or past", () => {
    const upcoming = parse({ when: "upcoming" });
    expect(upcoming.data?.criteria).toMatchObject({ type: "events", when: "upcoming" });
    expect(upcoming.data?.form).toMatchObject({ type: "events", when: "upcoming" });
    expect(parse({ type: "events", when: "past" }).data?.criteria).toMatchObject({
      type: "events",
      when: "past",
    });
    expect(parse({}).data?.criteria.when).toBeUndefined();
  });

  test("refuses another value, or another type of post", () => {
    expect(parse({ when: "soon" }).error?.issues[0]).toMatchObject({
      path: ["when"],
      message: "blog.problems.unknownWhen",
    });
    expect(parse({ type: "city-guides", when: "past" }).error?.issues[0]).toMatchObject({
      path: ["when"],
      message: "blog.problems.whenOnlyEvents",
    });
  });
});
