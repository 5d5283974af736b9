import { Form } from "react-router";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { Icon } from "../../ui/icons.tsx";
import { SearchField, searchPanel } from "../../ui/search-field.tsx";
import type { BlogSearchForm as Values } from "../links.ts";
import { BLOG_TYPES, isBlogType } from "../types.ts";

/** The blog's search hero: a plain GET form to /blogs, working before the JavaScript loads. */
export function BlogSearchForm({
  values,
  problems = {},
}: {
  values: Values;
  problems?: Partial<Record<keyof Values, string>>;
}) {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <Form
      method="get"
      action={to("/blogs")}
      role="search"
      aria-label={t("blog.search.panel")}
      className={`${searchPanel} md:grid-cols-[2fr_1.5fr_1.5fr_auto]`}
    >
      <SearchField
        idPrefix="blog"
        name="title"
        label={t("blog.search.whatLabel")}
        problem={problems.title}
      >
        {(control) => (
          <input
            {...control}
            type="search"
            defaultValue={values.title}
            placeholder={t("blog.search.what")}
            maxLength={100}
            autoComplete="off"
          />
        )}
      </SearchField>
      <SearchField
        idPrefix="blog"
        name="location"
        label={t("blog.search.location")}
        problem={problems.location}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            defaultValue={values.location}
            placeholder={t("blog.search.location")}
            maxLength={100}
            autoComplete="address-level2"
          />
        )}
      </SearchField>
      <SearchField
        idPrefix="blog"
        name="type"
        label={t("blog.search.type")}
        problem={problems.type}
      >
        {(control) => (
          <select {...control} defaultValue={isBlogType(values.type) ? values.type : ""}>
            <option value="">{t("blog.search.allTypes")}</option>
            {BLOG_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`blog.types.${type}`)}
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
        {t("blog.search.submit")}
      </button>
    </Form>
  );
}
