import { expect, test } from "vitest";
import { canadianPhone } from "./phone.ts";

test("Canadian numbers, however they are written, come back in E.164", () => {
  expect(canadianPhone("514-555-0123")).toBe("+15145550123");
  expect(canadianPhone("(416) 555 0199")).toBe("+14165550199");
  expect(canadianPhone("+1 604 555 1234")).toBe("+16045551234");
  expect(canadianPhone("1 902 555 0123")).toBe("+19025550123");
  expect(canadianPhone("867.555.0100")).toBe("+18675550100");
});

test("toll-free numbers are accepted", () => {
  expect(canadianPhone("1-800-555-0100")).toBe("+18005550100");
  expect(canadianPhone("(888) 555-0100")).toBe("+18885550100");
});

test("numbers outside Canada, too short or not numbers at all are refused", () => {
  for (const value of [
    "212-555-0123",
    "+33 1 23 45 67 89",
    "555-1234",
    "abc",
    "",
    "514-555-01234567",
  ])
    expect(canadianPhone(value), value).toBeUndefined();
});
