import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { FRENCH_SPACING_MISTAKE } from "../../tests/support/french-typography.ts";
import { GOAL_SEEDS } from "./goals.ts";

test("the goals have SPEC.md's sample costs and cheaper ones, each with its own picture", () => {
  const costs = GOAL_SEEDS.map((goal) => goal.cost);
  expect(costs).toEqual(expect.arrayContaining([900, 1600, 1300, 1500]));
  expect(costs.filter((cost) => cost < 900).length).toBeGreaterThanOrEqual(3);
  expect(new Set(GOAL_SEEDS.map((goal) => goal.image)).size).toBe(GOAL_SEEDS.length);
  for (const goal of GOAL_SEEDS) {
    const file = path.join("public", goal.image);
    expect(fs.readFileSync(file, "utf8"), file).toMatch(/^<svg /);
    expect(goal.name["en-CA"]).not.toBe(goal.name["fr-CA"]);
    expect(goal.name["fr-CA"]).not.toMatch(FRENCH_SPACING_MISTAKE);
  }
});
