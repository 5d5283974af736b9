import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { SearchPanel, SearchSelect, SearchWhat } from "../../ui/search-field.tsx";
import { isShopCategory, SHOP_CATEGORIES } from "../categories.ts";
import { SHOP_SEARCH_MAX, type ShopSearchForm as Values } from "../links.ts";

/**
 * The shop's search hero: a plain GET form to /shop. Products have no place, so it asks what and
 * which category, not where (decision 0014).
 */
export function ShopSearchForm({
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
      action={to("/shop")}
      label={t("shop.search.panel")}
      columns="md:grid-cols-[2fr_1.5fr_auto]"
      submitLabel={t("shop.search.submit")}
    >
      <SearchWhat
        idPrefix="shop"
        name="title"
        label={t("shop.search.whatLabel")}
        placeholder={t("shop.search.what")}
        value={values.title}
        maxLength={SHOP_SEARCH_MAX}
        problem={problems.title}
      />
      <SearchSelect
        idPrefix="shop"
        name="category"
        label={t("shop.search.category")}
        value={isShopCategory(values.category) ? values.category : ""}
        problem={problems.category}
        options={[
          ["", t("shop.search.allCategories")],
          ...SHOP_CATEGORIES.map(
            (category) => [category, t(`shop.categories.${category}`)] as const,
          ),
        ]}
      />
    </SearchPanel>
  );
}
