import { expect, test } from "vitest";
import { compactChange } from "./audit.server.ts";

test("before → after shows only the fields that changed, text without quotes", () => {
  expect(compactChange({ role: "player", name: "A" }, { role: "admin", name: "A" })).toBe(
    "role: player → admin",
  );
  expect(compactChange({ status: "paid" }, { status: "shipped", tracking: "1Z9" })).toBe(
    "status: paid → shipped; tracking: – → 1Z9",
  );
  expect(compactChange(null, { stock: 3 })).toBe('– → {"stock":3}');
  expect(compactChange(null, null)).toBe("");
});
