import { useNavigation } from "react-router";
import { useT } from "../i18n/use-t.ts";

/**
 * A thin bar across the top while the next page loads. It sits in the site header (sticky, so it
 * stays at the top), inside the banner landmark like the rest of the page's content.
 */
export function PendingBar() {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  return (
    <div
      role="progressbar"
      aria-label={t("pending")}
      aria-hidden={!busy}
      className={`absolute inset-x-0 top-0 z-50 h-1 overflow-hidden transition-opacity ${busy ? "opacity-100" : "opacity-0"}`}
    >
      {busy && <div className="pending-bar h-full w-2/5 bg-accent-500" />}
    </div>
  );
}
