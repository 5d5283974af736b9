import { describe, expect, it } from "vitest";
import { starHalves } from "./stars.tsx";

describe("starHalves", () => {
  it("draws a half star for a rating half way between two", () => {
    expect(starHalves(4.5)).toBe(9);
    expect(starHalves(3.7)).toBe(7);
  });

  it("takes a rating to the nearest half", () => {
    expect(starHalves(4.2)).toBe(8);
    expect(starHalves(4.8)).toBe(10);
    expect(starHalves(5)).toBe(10);
  });

  it("draws no star for no rating, and never more than five", () => {
    expect(starHalves(0)).toBe(0);
    expect(starHalves(-1)).toBe(0);
    expect(starHalves(7)).toBe(10);
  });
});
