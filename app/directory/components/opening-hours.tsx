import { formatDayRange, formatTimeOfDay } from "../../i18n/format.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type HoursRange, weekdayName } from "../hours.ts";
import type { BusinessDetail } from "../types.ts";

/** A day's ranges as a person reads them: "9:00 a.m. to 12:00 p.m., 5:00 p.m. to 10:00 p.m.". */
function useRangesText() {
  const t = useT();
  const locale = useLocale();
  return (ranges: HoursRange[]) => {
    if (ranges.length === 0) return t("business.hours.closed");
    if (ranges.length === 1 && ranges[0]?.opens === ranges[0]?.closes)
      return t("business.hours.allDay");
    return ranges
      .map((range) =>
        t("business.hours.range", {
          opens: formatTimeOfDay(range.opens, locale),
          closes: formatTimeOfDay(range.closes, locale),
        }),
      )
      .join(", ");
  };
}

/** The business page's hours: the week as a table, then the special days ahead (holidays). */
export function OpeningHoursSection({ business }: { business: BusinessDetail }) {
  const t = useT();
  const locale = useLocale();
  const rangesText = useRangesText();
  const { week, specialDays } = business.hours;
  return (
    <section aria-labelledby="opening-hours" className="mt-10">
      <h2 id="opening-hours" className="text-2xl font-bold">
        {t("business.hours.heading")}
      </h2>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <table className="w-full text-left">
          <caption className="sr-only">{t("business.hours.heading")}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t("business.hours.day")}</th>
              <th scope="col">{t("business.hours.hours")}</th>
            </tr>
          </thead>
          <tbody>
            {week.map((ranges, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the seven weekdays, in a fixed order.
              <tr key={index} className="border-b border-slate-100">
                <th scope="row" className="py-2 pr-4 font-semibold capitalize">
                  {weekdayName(index + 1, locale)}
                </th>
                <td className="py-2 text-slate-800">{rangesText(ranges)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {specialDays.length > 0 && (
          <div>
            <h3 className="text-lg font-semibold">{t("business.hours.special")}</h3>
            <ul className="mt-2 flex flex-col gap-2">
              {specialDays.map((day) => (
                <li key={day.date}>
                  <span className="font-semibold">
                    {formatDayRange(day.date, day.date, locale)}
                    {day.label && ` (${day.label})`}
                  </span>
                  {" · "}
                  {rangesText(day.ranges)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
