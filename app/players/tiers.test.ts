import { describe, expect, test } from "vitest";
import {
  achievementsFor,
  goalPercent,
  nextTier,
  playerTypeFor,
  RING_CIRCUMFERENCE,
  tierProgress,
} from "./tiers.ts";

describe("tiers", () => {
  test("the next tier is the first whose points exceed the player's", () => {
    expect(nextTier(0)?.id).toBe("T1");
    expect(nextTier(99)?.id).toBe("T1");
    expect(nextTier(100)?.id).toBe("T2");
    expect(nextTier(699)?.id).toBe("T7");
    expect(nextTier(700)).toBeUndefined();
  });

  test("points away and the ring's offset on a circumference of 282.74", () => {
    const progress = tierProgress(150);
    expect(progress.next).toEqual({ id: "T2", points: 200, away: 50 });
    expect(progress.fraction).toBe(0.5);
    expect(progress.dashOffset).toBe(141.37);
    expect(tierProgress(0).dashOffset).toBe(RING_CIRCUMFERENCE);
    expect(tierProgress(0).tiers.filter((tier) => tier.unlocked)).toEqual([]);
    expect(
      tierProgress(250)
        .tiers.filter((tier) => tier.unlocked)
        .map((tier) => tier.id),
    ).toEqual(["T1", "T2"]);
  });

  test("at the top tier nothing is away and the ring is full", () => {
    const progress = tierProgress(1200);
    expect(progress.next).toBeUndefined();
    expect(progress.fraction).toBe(1);
    expect(progress.dashOffset).toBe(0);
  });

  test("the player type rises with the tiers", () => {
    expect(playerTypeFor(0)).toBe("newbie");
    expect(playerTypeFor(99)).toBe("newbie");
    expect(playerTypeFor(100)).toBe("bronze");
    expect(playerTypeFor(350)).toBe("gold");
    expect(playerTypeFor(700)).toBe("legend");
    expect(playerTypeFor(5000)).toBe("legend");
  });
});

test("achievements are earned at their points and say what is missing", () => {
  const achievements = achievementsFor(650);
  expect(achievements.map((a) => [a.key, a.earned, a.missing])).toEqual([
    ["greatKing", true, 0],
    ["beginnersLuck", true, 0],
    ["expertsBrain", false, 55],
    ["bestPlayer", false, 240],
  ]);
});

test("a goal's bar is the balance over its cost, at most 100 %", () => {
  expect(goalPercent(450, 900)).toBe(50);
  expect(goalPercent(2000, 900)).toBe(100);
  expect(goalPercent(0, 900)).toBe(0);
  expect(goalPercent(1, 3)).toBe(33);
});
