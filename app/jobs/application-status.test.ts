import { describe, expect, test } from "vitest";
import { type AnsweredApplication, responseRate } from "./application-status.ts";

const NOW = new Date("2026-11-27T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3_600_000);
const answered = (receivedDaysAgo: number, afterDays: number): AnsweredApplication => ({
  createdAt: daysAgo(receivedDaysAgo),
  answeredAt: daysAgo(receivedDaysAgo - afterDays),
  status: "under_review",
});
const unanswered = (
  receivedDaysAgo: number,
  status: AnsweredApplication["status"] = "received",
): AnsweredApplication => ({ createdAt: daysAgo(receivedDaysAgo), answeredAt: null, status });

describe("responseRate", () => {
  test("the share answered within 14 days, rounded down", () => {
    // 11 of 12 in time: 91.66…% shows as 91.
    const rows = [...Array.from({ length: 11 }, () => answered(20, 3)), answered(40, 15)];
    expect(responseRate(rows, NOW)).toEqual({ percent: 91, counted: 12 });
  });

  test("exactly 14 days is in time", () => {
    expect(responseRate([answered(30, 14)], NOW).percent).toBe(100);
  });

  test("unanswered after 14 days counts against; before 14 days it is not counted yet", () => {
    expect(responseRate([answered(20, 1), unanswered(14), unanswered(13)], NOW)).toEqual({
      percent: 50,
      counted: 2,
    });
  });

  test("withdrawn before an answer is not counted; withdrawn after one is", () => {
    const withdrawnAfter = { ...answered(30, 2), status: "withdrawn" as const };
    expect(responseRate([unanswered(30, "withdrawn"), withdrawnAfter], NOW)).toEqual({
      percent: 100,
      counted: 1,
    });
  });

  test("nothing counted is 0 of 0", () => {
    expect(responseRate([], NOW)).toEqual({ percent: 0, counted: 0 });
  });
});
