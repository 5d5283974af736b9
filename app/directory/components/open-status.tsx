import { useLocale } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type HoursStatus, statusText } from "../hours.ts";

/**
 * "Open now · closes at 9:00 p.m." / "Closed · opens Monday at 9:00 a.m.": from the status the
 * server worked out in the business's zone, so the server's page and the browser's agree.
 */
export function OpenStatus({
  status,
  className = "",
}: {
  status: HoursStatus;
  className?: string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <span className={`${status.open ? "text-green-800" : "text-red-800"} ${className}`}>
      {statusText(status, locale, t)}
    </span>
  );
}
