import { expect, test } from "vitest";
import { pageOf } from "./query.ts";

test("a page of rows read with one extra: the first `limit`, and the last one's cursor only when there is more", () => {
  const cursorOf = (last: { id: number }) => `after-${last.id}`;
  const rows = (n: number) => Array.from({ length: n }, (_, index) => ({ id: index + 1 }));
  expect(pageOf(rows(4), 3, cursorOf)).toEqual({ items: rows(3), next: "after-3" });
  expect(pageOf(rows(3), 3, cursorOf)).toEqual({ items: rows(3), next: null });
  expect(pageOf(rows(1), 3, cursorOf)).toEqual({ items: rows(1), next: null });
  expect(pageOf([], 3, cursorOf)).toEqual({ items: [], next: null });
});
