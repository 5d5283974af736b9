import { formatDayRange } from "../../i18n/format.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { Icon } from "../../ui/icons.tsx";
import type { EventDays as Days } from "../types.ts";

/** When an events post's event runs, on its card and its page. */
export function EventDays({ event, className }: { event: Days; className?: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <p className={`inline-flex items-center gap-1 font-medium text-slate-800 ${className ?? ""}`}>
      <Icon name="calendar" className="size-4 shrink-0" />
      {t("blog.events.days", { days: formatDayRange(event.startsOn, event.endsOn, locale) })}
    </p>
  );
}
