import { describe, expect, test } from "vitest";
import { isOpenAt, provinceTimeZone } from "./hours.ts";

// 2026-07-15 at 16:30 UTC is 12:30 in Montréal (EDT) and 09:30 in Vancouver (PDT).
const noonInMontreal = new Date("2026-07-15T16:30:00Z");

describe("isOpenAt", () => {
  test("open between opening and closing time, in the business's own time zone", () => {
    expect(isOpenAt("11:00", "22:00", "America/Toronto", noonInMontreal)).toBe(true);
    expect(isOpenAt("11:00", "22:00", "America/Vancouver", noonInMontreal)).toBe(false);
  });

  test("closed at the closing minute, open at the opening minute", () => {
    expect(isOpenAt("09:00", "12:30", "America/Toronto", noonInMontreal)).toBe(false);
    expect(isOpenAt("12:30", "18:00", "America/Toronto", noonInMontreal)).toBe(true);
  });

  test("hours past midnight wrap around", () => {
    const lateNight = new Date("2026-07-16T05:00:00Z"); // 01:00 in Montréal
    expect(isOpenAt("20:00", "02:00", "America/Toronto", lateNight)).toBe(true);
    expect(isOpenAt("20:00", "02:00", "America/Toronto", noonInMontreal)).toBe(false);
  });

  test("the same opening and closing time means open around the clock", () => {
    expect(isOpenAt("00:00", "00:00", "America/Toronto", noonInMontreal)).toBe(true);
  });
});

test("each province has its time zone; Newfoundland keeps its half hour", () => {
  expect(provinceTimeZone("QC")).toBe("America/Toronto");
  expect(provinceTimeZone("NL")).toBe("America/St_Johns");
  expect(provinceTimeZone("SK")).toBe("America/Regina");
});
