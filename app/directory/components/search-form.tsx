import { Form } from "react-router";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { Icon } from "../../ui/icons.tsx";
import { SearchField, searchPanel } from "../../ui/search-field.tsx";
import { ALL_CATEGORIES, SEARCHABLE_CATEGORIES } from "../categories.ts";
import type { SearchForm as SearchValues } from "../search.ts";

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
    <Form
      method="get"
      action={to("/businesses")}
      role="search"
      aria-label={t("search.panel")}
      className={`${searchPanel} md:grid-cols-[2fr_1.5fr_1.5fr_auto]`}
    >
      <SearchField name="title" label={t("search.whatLabel")} problem={problems.title}>
        {(control) => (
          <input
            {...control}
            type="search"
            defaultValue={values?.title}
            placeholder={t("search.what")}
            maxLength={100}
            autoComplete="off"
          />
        )}
      </SearchField>
      <SearchField name="location" label={t("search.location")} problem={problems.location}>
        {(control) => (
          <input
            {...control}
            type="text"
            defaultValue={values?.location}
            placeholder={t("search.location")}
            maxLength={100}
            autoComplete="address-level2"
          />
        )}
      </SearchField>
      <SearchField name="category" label={t("search.category")} problem={problems.category}>
        {(control) => (
          <select {...control} defaultValue={selected?.name ?? ALL_CATEGORIES}>
            <option value={ALL_CATEGORIES}>{t("search.allCategories")}</option>
            {SEARCHABLE_CATEGORIES.map((option) => (
              <option key={option.slug} value={option.name}>
                {t(`categories.${option.slug}`)}
              </option>
            ))}
          </select>
        )}
      </SearchField>
      <button
        type="submit"
        className={`${primaryButton} flex items-center justify-center gap-2 self-end`}
      >
        <Icon name="search" />
        {t("search.submit")}
      </button>
    </Form>
  );
}
