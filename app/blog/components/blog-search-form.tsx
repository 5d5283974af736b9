import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { SearchPanel, SearchSelect, SearchWhat, SearchWhere } from "../../ui/search-field.tsx";
import { BLOG_SEARCH_MAX, type BlogSearchForm as Values } from "../links.ts";
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
    <SearchPanel
      action={to("/blogs")}
      label={t("blog.search.panel")}
      columns="md:grid-cols-[2fr_1.5fr_1.5fr_auto]"
      submitLabel={t("blog.search.submit")}
    >
      <SearchWhat
        idPrefix="blog"
        name="title"
        label={t("blog.search.whatLabel")}
        placeholder={t("blog.search.what")}
        value={values.title}
        maxLength={BLOG_SEARCH_MAX}
        problem={problems.title}
      />
      <SearchWhere
        idPrefix="blog"
        name="location"
        label={t("blog.search.location")}
        placeholder={t("blog.search.location")}
        value={values.location}
        maxLength={BLOG_SEARCH_MAX}
        problem={problems.location}
      />
      <SearchSelect
        idPrefix="blog"
        name="type"
        label={t("blog.search.type")}
        value={isBlogType(values.type) ? values.type : ""}
        problem={problems.type}
        options={[
          ["", t("blog.search.allTypes")],
          ...BLOG_TYPES.map((type) => [type, t(`blog.types.${type}`)] as const),
        ]}
      />
    </SearchPanel>
  );
}
