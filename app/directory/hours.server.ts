import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server.ts";
import { business, businessHours, businessSpecialDay } from "../db/schema/directory.ts";
import { AppError } from "../platform/errors.ts";
import {
  everyDay,
  type HoursRange,
  localToday,
  type OpeningHours,
  provinceTimeZone,
  type SpecialDay,
} from "./hours.ts";
import type { HoursForm } from "./hours-form.ts";
import { type Manager, managerWrite } from "./owners.server.ts";

/** What a business row says about its hours: its own daily pair and zone (or its province's). */
export type HoursColumns = {
  id: number;
  province: string;
  timeZone: string | null;
  opensAt: string;
  closesAt: string;
  /** Whether it has weekly rows or special days of its own (`business.own_hours`). */
  ownHours: boolean;
};

const clock = (time: string) => time.slice(0, 5);
const DAY_MS = 24 * 60 * 60 * 1000;
const utcDate = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/**
 * The opening hours of these businesses, by id: their weekly rows, or their daily pair when they
 * have none (decision 0056), and their special days from the day before `now` (in any Canadian
 * zone) to `until` (none: every upcoming one, for the business page). Two lookups by primary key
 * for a whole page of cards, whatever its size, and none when no card has hours of its own.
 */
export async function openingHoursOf(
  db: Db | Tx,
  rows: readonly HoursColumns[],
  now: Date,
  until?: Date,
): Promise<Map<number, OpeningHours>> {
  const ids = rows.filter((row) => row.ownHours).map((row) => row.id);
  const weekly =
    ids.length === 0
      ? []
      : await db
          .select({
            businessId: businessHours.businessId,
            weekday: businessHours.weekday,
            opens: businessHours.opens,
            closes: businessHours.closes,
          })
          .from(businessHours)
          .where(inArray(businessHours.businessId, ids))
          .orderBy(businessHours.businessId, businessHours.weekday, businessHours.position);
  const special =
    ids.length === 0
      ? []
      : await db
          .select({
            businessId: businessSpecialDay.businessId,
            date: businessSpecialDay.day,
            ranges: businessSpecialDay.ranges,
            label: businessSpecialDay.label,
          })
          .from(businessSpecialDay)
          .where(
            and(
              inArray(businessSpecialDay.businessId, ids),
              gte(businessSpecialDay.day, utcDate(now.getTime() - 2 * DAY_MS)),
              until ? lte(businessSpecialDay.day, utcDate(until.getTime())) : undefined,
            ),
          )
          .orderBy(businessSpecialDay.businessId, asc(businessSpecialDay.day));

  const weeks = new Map<number, HoursRange[][]>();
  for (const row of weekly) {
    let week = weeks.get(row.businessId);
    if (!week) {
      week = Array.from({ length: 7 }, () => []);
      weeks.set(row.businessId, week);
    }
    week[row.weekday - 1]?.push({ opens: clock(row.opens), closes: clock(row.closes) });
  }
  const days = new Map<number, SpecialDay[]>();
  for (const { businessId, ...day } of special) {
    days.set(businessId, [...(days.get(businessId) ?? []), day]);
  }
  return new Map(
    rows.map((row) => [
      row.id,
      {
        timeZone: row.timeZone ?? provinceTimeZone(row.province),
        week: weeks.get(row.id) ?? everyDay(clock(row.opensAt), clock(row.closesAt)),
        specialDays: days.get(row.id) ?? [],
      },
    ]),
  );
}

/** The hours as the manage page shows them: the week, the zone, the special days from today. */
export async function hoursForManager(db: Db | Tx, businessId: number, now = new Date()) {
  const [row] = await db
    .select({
      id: business.id,
      province: business.province,
      timeZone: business.timeZone,
      opensAt: business.opensAt,
      closesAt: business.closesAt,
      ownHours: business.ownHours,
    })
    .from(business)
    .where(eq(business.id, businessId));
  if (!row) throw new AppError("not_found");
  const hours = (await openingHoursOf(db, [row], now)).get(row.id) as OpeningHours;
  const today = localToday(hours.timeZone, now);
  return { ...hours, specialDays: hours.specialDays.filter((day) => day.date >= today), today };
}

/**
 * Saves a listing's hours as its manager: the week replaces the weekly rows, the zone is set,
 * the special days asked for are removed and the new one added (replacing one on its date). One
 * transaction with the owner's audit row (`business.hours_update`, before and after). A new special
 * day before today in the listing's zone is refused, beside its field.
 */
export async function saveHours(db: Db, manager: Manager, form: HoursForm, now = new Date()) {
  const businessId = manager.businessId;
  if (form.newDay && form.newDay.date < localToday(form.timeZone, now)) {
    throw new AppError("invalid_parameters", {
      problems: [{ field: "new-date", message: "manage.hours.pastDate" }],
    });
  }
  return managerWrite(db, manager, async (tx) => {
    const before = await hoursForManager(tx, businessId, now);
    await tx.update(business).set({ timeZone: form.timeZone }).where(eq(business.id, businessId));
    await tx.delete(businessHours).where(eq(businessHours.businessId, businessId));
    const rows = form.week.flatMap((ranges, day) =>
      ranges.map((range, position) => ({ businessId, weekday: day + 1, position, ...range })),
    );
    if (rows.length > 0) await tx.insert(businessHours).values(rows);
    if (form.remove.length > 0) {
      await tx
        .delete(businessSpecialDay)
        .where(
          and(
            eq(businessSpecialDay.businessId, businessId),
            inArray(businessSpecialDay.day, form.remove),
          ),
        );
    }
    if (form.newDay) {
      const { date, ...day } = form.newDay;
      await tx
        .insert(businessSpecialDay)
        .values({ businessId, day: date, ...day })
        .onConflictDoUpdate({
          target: [businessSpecialDay.businessId, businessSpecialDay.day],
          set: { ranges: sql`excluded.ranges`, label: sql`excluded.label` },
        });
    }
    await tx
      .update(business)
      .set({
        ownHours: sql`exists (select 1 from ${businessHours} where ${businessHours.businessId} = ${businessId})
          or exists (select 1 from ${businessSpecialDay} where ${businessSpecialDay.businessId} = ${businessId})`,
      })
      .where(eq(business.id, businessId));
    const { today: _, ...after } = await hoursForManager(tx, businessId, now);
    return {
      audit: {
        action: "business.hours_update",
        target: { kind: "business", id: businessId },
        before: { timeZone: before.timeZone, week: before.week, specialDays: before.specialDays },
        after,
      },
      result: after,
    };
  });
}
