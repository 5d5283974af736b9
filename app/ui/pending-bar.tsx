import { useNavigation } from "react-router";
import { useT } from "../i18n/use-t.ts";

/**
 * A thin bar across the top while the next page loads. It sits in the site header (sticky, so it
 * stays at the top), inside the banner landmark like the rest of the page's content. What
 * assistive technology meets is a native indeterminate `<progress>` over the whole bar; the
 * moving stripe is drawn beside it, as engines animate an unstyled indeterminate bar each their
 * own way.
 */
export function PendingBar() {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  return (
    <div
      className={`absolute inset-x-0 top-0 z-50 h-1 overflow-hidden transition-opacity ${busy ? "opacity-100" : "opacity-0"}`}
    >
      {busy && (
        <>
          <progress
            aria-label={t("pending")}
            className="absolute inset-0 size-full appearance-none border-0 bg-transparent [&::-moz-progress-bar]:bg-transparent [&::-webkit-progress-bar]:bg-transparent"
          />
          <div aria-hidden="true" className="pending-bar h-full w-2/5 bg-accent-500" />
        </>
      )}
    </div>
  );
}
