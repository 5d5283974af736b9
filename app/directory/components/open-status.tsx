import { useT } from "../../i18n/use-t.ts";

export function OpenStatus({ openNow, className = "" }: { openNow: boolean; className?: string }) {
  const t = useT();
  return (
    <span className={`${openNow ? "text-green-800" : "text-red-800"} ${className}`}>
      {openNow ? t("businesses.openNow") : t("businesses.closedNow")}
    </span>
  );
}
