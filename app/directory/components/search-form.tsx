import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { SearchPanel, SearchSelect, SearchWhat, SearchWhere } from "../../ui/search-field.tsx";
import { ALL_CATEGORIES, SEARCHABLE_CATEGORIES } from "../categories.ts";
import { SEARCH_TEXT_MAX, type SearchForm as SearchValues } from "../links.ts";

/**
 * The search panel of the home and businesses pages. A plain GET form to /businesses, so it works
 * before the JavaScript loads; empty fields may be sent.
 */
export function SearchForm({
  values,
  problems = {},
}: {
  values?: SearchValues;
  problems?: Partial<Record<keyof SearchValues, string>>;
}) {
  const t = useT();
  const to = useLocalizedPath();
  const category =
    values?.category && values.category.toLowerCase() !== ALL_CATEGORIES.toLowerCase()
      ? values.category
      : "";
  const selected = SEARCHABLE_CATEGORIES.find(
    (option) =>
      option.name.toLowerCase() === category.toLowerCase() ||
      option.slug === category.toLowerCase(),
  );
  return (
    <SearchPanel
      action={to("/businesses")}
      label={t("search.panel")}
      columns="md:grid-cols-[2fr_1.5fr_1.5fr_auto]"
      submitLabel={t("search.submit")}
    >
      <SearchWhat
        name="title"
        label={t("search.whatLabel")}
        placeholder={t("search.what")}
        value={values?.title}
        maxLength={SEARCH_TEXT_MAX}
        problem={problems.title}
      />
      <SearchWhere
        name="location"
        label={t("search.location")}
        placeholder={t("search.location")}
        value={values?.location}
        maxLength={SEARCH_TEXT_MAX}
        problem={problems.location}
      />
      <SearchSelect
        name="category"
        label={t("search.category")}
        value={selected?.name ?? ALL_CATEGORIES}
        problem={problems.category}
        options={[
          [ALL_CATEGORIES, t("search.allCategories")],
          ...SEARCHABLE_CATEGORIES.map(
            (option) => [option.name, t(`categories.${option.slug}`)] as const,
          ),
        ]}
      />
    </SearchPanel>
  );
}
