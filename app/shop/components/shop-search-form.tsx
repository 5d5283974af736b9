import { Form } from "react-router";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { Icon } from "../../ui/icons.tsx";
import { SearchField, searchPanel } from "../../ui/search-field.tsx";
import { isShopCategory, SHOP_CATEGORIES } from "../categories.ts";
import type { ShopSearchForm as Values } from "../links.ts";

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
    <Form
      method="get"
      action={to("/shop")}
      role="search"
      aria-label={t("shop.search.panel")}
      className={`${searchPanel} md:grid-cols-[2fr_1.5fr_auto]`}
    >
      <SearchField
        idPrefix="shop"
        name="title"
        label={t("shop.search.whatLabel")}
        problem={problems.title}
      >
        {(control) => (
          <input
            {...control}
            type="search"
            defaultValue={values.title}
            placeholder={t("shop.search.what")}
            maxLength={100}
            autoComplete="off"
          />
        )}
      </SearchField>
      <SearchField
        idPrefix="shop"
        name="category"
        label={t("shop.search.category")}
        problem={problems.category}
      >
        {(control) => (
          <select
            {...control}
            defaultValue={isShopCategory(values.category) ? values.category : ""}
          >
            <option value="">{t("shop.search.allCategories")}</option>
            {SHOP_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`shop.categories.${category}`)}
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
        {t("shop.search.submit")}
      </button>
    </Form>
  );
}
