import { describe, expect, it } from "vitest";
import { starFills } from "./stars.tsx";

describe("starFills", () => {
  it("draws a half star for a rating half way between two", () => {
    expect(starFills(4.5)).toEqual([1, 1, 1, 1, 0.5]);
    expect(starFills(3.7)).toEqual([1, 1, 1, 0.5, 0]);
  });

  it("takes a rating to the nearest half", () => {
    expect(starFills(4.2)).toEqual([1, 1, 1, 1, 0]);
    expect(starFills(4.8)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(5)).toEqual([1, 1, 1, 1, 1]);
  });

  it("draws no star for no rating, and never more than five", () => {
    expect(starFills(0)).toEqual([0, 0, 0, 0, 0]);
    expect(starFills(7)).toEqual([1, 1, 1, 1, 1]);
  });
});
