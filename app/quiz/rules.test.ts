import { describe, expect, test } from "vitest";
import {
  accuracy,
  deadlineOf,
  formatAccuracy,
  formatCountdown,
  isLate,
  nextSetNumber,
  pointsFor,
  pointsOfSet,
  scoreOf,
  shuffledOrder,
  timeLeftMs,
} from "./rules.ts";

const right = { correct: true };
const wrong = { correct: false };

describe("scoring (SPEC.md section 9)", () => {
  test("+2 for a right answer, -2 for a wrong one or a time-out", () => {
    expect(pointsFor(right)).toBe(2);
    expect(pointsFor(wrong)).toBe(-2);
  });

  test("a set's score is the sum of its answers", () => {
    expect(scoreOf([right, right, right, right, right])).toBe(10);
    expect(scoreOf([right, right, right, wrong, wrong])).toBe(2);
    expect(scoreOf([wrong, wrong, wrong, wrong, wrong])).toBe(-10);
    expect(scoreOf([])).toBe(0);
  });

  test("an answer given too fast earns nothing, right or wrong", () => {
    expect(pointsFor({ correct: true, tooFast: true })).toBe(0);
    expect(pointsFor({ correct: false, tooFast: true })).toBe(0);
    expect(scoreOf([right, right, { correct: true, tooFast: true }, wrong])).toBe(2);
  });

  test("a set is worth its score, never below 0", () => {
    expect(pointsOfSet(6)).toBe(6);
    expect(pointsOfSet(0)).toBe(0);
    expect(pointsOfSet(-6)).toBe(0);
  });
});

describe("deadlines", () => {
  const shown = new Date("2026-05-01T12:00:00.000Z");
  const at = (ms: number) => new Date(shown.getTime() + ms);

  test("the timer plus a 2-second grace", () => {
    expect(deadlineOf(shown, 30)).toEqual(at(32_000));
    expect(deadlineOf(shown, 60)).toEqual(at(62_000));
  });

  test("an answer within the grace is on time; a millisecond after it is late", () => {
    expect(isLate(at(29_999), shown, 30)).toBe(false);
    expect(isLate(at(31_000), shown, 30)).toBe(false);
    expect(isLate(at(32_000), shown, 30)).toBe(false);
    expect(isLate(at(32_001), shown, 30)).toBe(true);
    expect(isLate(at(61_000), shown, 60)).toBe(false);
    expect(isLate(at(62_001), shown, 60)).toBe(true);
  });

  test("untimed play has no deadline and no time-out", () => {
    expect(deadlineOf(shown, 0)).toBeNull();
    expect(isLate(at(86_400_000), shown, 0)).toBe(false);
    expect(timeLeftMs(at(5_000), shown, 0)).toBeNull();
  });

  test("the countdown shows the timer without the grace, never below zero", () => {
    expect(timeLeftMs(shown, shown, 30)).toBe(30_000);
    expect(timeLeftMs(at(12_500), shown, 30)).toBe(17_500);
    expect(timeLeftMs(at(31_000), shown, 30)).toBe(0);
  });

  test("the countdown reads minutes and seconds, rounded up", () => {
    expect(formatCountdown(30_000)).toBe("00:30");
    expect(formatCountdown(60_000)).toBe("01:00");
    expect(formatCountdown(17_001)).toBe("00:18");
    expect(formatCountdown(400)).toBe("00:01");
    expect(formatCountdown(0)).toBe("00:00");
    expect(formatCountdown(-5)).toBe("00:00");
  });
});

describe("set selection (SPEC.md section 5)", () => {
  test("the next set is the completed count plus one", () => {
    expect(nextSetNumber(0)).toBe(1);
    expect(nextSetNumber(7)).toBe(8);
    expect(nextSetNumber(19)).toBe(20);
  });

  test("after 20 sets nothing starts", () => {
    expect(nextSetNumber(20)).toBeNull();
    expect(nextSetNumber(25)).toBeNull();
  });
});

describe("accuracy", () => {
  test("correct ÷ total, 0 when there were no questions", () => {
    expect(accuracy(3, 5)).toBe(0.6);
    expect(accuracy(0, 0)).toBe(0);
  });

  test("a whole percentage, as each language writes it", () => {
    expect(formatAccuracy(1, 5, "en-CA")).toBe("20%");
    expect(formatAccuracy(3, 5, "fr-CA")).toBe("60\u00a0%");
    expect(formatAccuracy(2, 3, "en-CA")).toBe("67%");
    expect(formatAccuracy(2, 3, "fr-CA")).toBe("67\u00a0%");
    expect(formatAccuracy(5, 5, "en-CA")).toBe("100%");
    expect(formatAccuracy(0, 0, "en-CA")).toBe("0%");
  });
});

describe("option shuffling", () => {
  test("every order is a permutation", () => {
    const random = (n: number) => Math.floor(Math.random() * n);
    for (let i = 0; i < 50; i++) {
      expect([...shuffledOrder(4, random)].sort()).toEqual([0, 1, 2, 3]);
    }
  });

  test("each of the 24 orders of four options can come out, about equally often", () => {
    // A fixed pseudo-random sequence (mulberry32), so the test says the same thing on every run.
    let seed = 7;
    const random = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
    };
    const counts = new Map<string, number>();
    for (let i = 0; i < 24_000; i++) {
      const key = shuffledOrder(4, random).join("");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    for (const count of counts.values()) expect(count).toBeGreaterThan(700);
  });
});
