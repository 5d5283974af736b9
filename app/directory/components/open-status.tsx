import { useTranslation } from "react-i18next";

export function OpenStatus({ openNow, className = "" }: { openNow: boolean; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`${openNow ? "text-green-800" : "text-red-800"} ${className}`}>
      {openNow ? t("businesses.openNow") : t("businesses.closedNow")}
    </span>
  );
}
