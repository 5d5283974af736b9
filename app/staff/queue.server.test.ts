import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import type { Db } from "../db/client.server.ts";
import {
  type QueueItem,
  type QueueKind,
  queueCursor,
  queuePage,
  queueQuerySchema,
} from "./queue.server.ts";

// The queue page's merge of kinds, with two kinds of fake waiting work listed from memory the
// way a real kind lists from its index: strictly after a (waitingSince, id) position.

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 12, minute));

function fakeKind(key: string, minutes: number[]): QueueKind & { calls: number } {
  const items: QueueItem[] = minutes.map((minute, index) => ({
    id: String(index + 1),
    waitingSince: at(minute),
    title: `${key} ${index + 1}`,
    detail: null,
    href: `/staff/${key}/${index + 1}`,
  }));
  const kind = {
    key,
    label: "staff.queue.heading" as const,
    calls: 0,
    count: sql<number>`0`,
    list: async (
      _db: Db,
      { after, limit }: { after: { at: Date; id: string } | null; limit: number },
    ) => {
      kind.calls++;
      return items
        .filter(
          (item) =>
            !after ||
            item.waitingSince > after.at ||
            (item.waitingSince.getTime() === after.at.getTime() && item.id > after.id),
        )
        .slice(0, limit);
    },
  };
  return kind;
}

const db = {} as Db;

test("merges the kinds oldest first and pages through all of them exactly once", async () => {
  const reports = fakeKind("reports", [1, 4, 4, 9, 12]);
  const orders = fakeKind("orders", [2, 3, 4, 10]);
  const seen: string[] = [];
  let cursor: ReturnType<typeof queueCursor.decode>;
  const pages: number[] = [];
  for (let page = 0; page < 10; page++) {
    const { items, next } = await queuePage(db, [reports, orders], {
      locale: "en-CA",
      cursor,
      limit: 3,
    });
    pages.push(items.length);
    seen.push(...items.map((item) => `${item.kind}:${item.id}`));
    if (!next) break;
    // Through the address and back, as the page's "next" link carries it.
    const parsed = queueQuerySchema.parse({ cursor: next });
    cursor = parsed.cursor;
  }
  expect(seen).toEqual([
    "reports:1", // 12:01
    "orders:1", // 12:02
    "orders:2", // 12:03
    "orders:3", // 12:04, kind then id break the tie
    "reports:2",
    "reports:3",
    "reports:4", // 12:09
    "orders:4", // 12:10
    "reports:5", // 12:12
  ]);
  expect(pages).toEqual([3, 3, 3]);
});

test("a kind filter lists that kind alone; an empty queue has no next page", async () => {
  const reports = fakeKind("reports", [5, 1]);
  const { items, next } = await queuePage(db, [reports], { locale: "en-CA", limit: 10 });
  expect(items.map((item) => item.href)).toEqual(["/staff/reports/2", "/staff/reports/1"]);
  expect(next).toBeNull();
  expect(await queuePage(db, [], { locale: "fr-CA", limit: 10 })).toEqual({
    items: [],
    next: null,
  });
});

test("a kind the counts say has none waiting is not asked for its list", async () => {
  const reports = fakeKind("reports", [2]);
  const orders = fakeKind("orders", []);
  const counts = new Map([
    ["reports", 1],
    ["orders", 0],
  ]);
  const { items } = await queuePage(db, [reports, orders], { locale: "en-CA", limit: 10, counts });
  expect(items.map((item) => item.href)).toEqual(["/staff/reports/1"]);
  expect([reports.calls, orders.calls]).toEqual([1, 0]);
});

test("a cursor the page did not make, or a kind that is not a key, is refused", () => {
  for (const cursor of ["nonsense", Buffer.from("reports~x~1").toString("base64url"), "a+b"]) {
    expect(queueQuerySchema.safeParse({ cursor }).success).toBe(false);
  }
  expect(queueQuerySchema.safeParse({ kind: "Reports!" }).success).toBe(false);
  const made = queueCursor.encode({ orders: { at: at(3), id: "abc-1" } });
  expect(queueQuerySchema.parse({ cursor: made, kind: "orders" })).toEqual({
    kind: "orders",
    cursor: { orders: { at: at(3), id: "abc-1" } },
  });
});
