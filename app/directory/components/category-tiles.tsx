import { Link } from "react-router";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { CATEGORIES, type CategorySlug } from "../categories.ts";
import { searchHref } from "../links.ts";

/** One tile per category with its number of places; Others opens the whole list. */
export function CategoryTiles({ counts }: { counts: Record<CategorySlug, number> }) {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
      {CATEGORIES.map((category) => (
        <li key={category.slug}>
          <Link
            to={to(searchHref({ category: category.slug === "others" ? "" : category.name }))}
            className="flex h-full flex-col items-center gap-2 rounded-2xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-600"
          >
            <img
              src={`/images/directory/${category.slug}-1.svg`}
              alt=""
              width="96"
              height="72"
              loading="lazy"
              className="h-16 w-auto"
            />
            <span className="font-semibold text-slate-900">{t(`categories.${category.slug}`)}</span>
            <span className="text-sm text-slate-600">
              {t("home.places", { count: counts[category.slug] })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
