import { expect, test } from "vitest";
import { progressPercent } from "./progress.ts";

test.each([
  [0, 0],
  [1, 5],
  [7, 35],
  [20, 100],
  [25, 100],
])("%i completed sets fill %i %%", (sets, percent) => {
  expect(progressPercent(sets)).toBe(percent);
});
