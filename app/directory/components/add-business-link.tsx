import { Link } from "react-router";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { Icon } from "../../ui/icons.tsx";

/** "Add your business", on the directory's pages: the form for a new listing. */
export function AddBusinessLink() {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <Link
      to={to("/businesses/new")}
      className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline"
    >
      <Icon name="store" className="size-5" />
      {t("places.addBusiness")}
    </Link>
  );
}
