import { useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import { getViewer } from "../../auth/session.server.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { isAppError } from "../../platform/errors.ts";
import { readInput } from "../../platform/input.server.ts";
import { assertMayBeSoldTo } from "../../players/identity.ts";
import { SHOP_CATEGORIES } from "../../shop/categories.ts";
import { ProductCard } from "../../shop/components/product-card.tsx";
import { ProductDialog } from "../../shop/components/product-dialog.tsx";
import {
  type ShopSearchForm as SearchValues,
  SHOP_SEARCH_MAX,
  shopSearchHref,
} from "../../shop/links.ts";
import { searchProducts } from "../../shop/products.server.ts";
import { productQuerySchema } from "../../shop/schemas.ts";
import type { Product, ProductPage } from "../../shop/types.ts";
import { Hero } from "../../ui/hero.tsx";
import { MorePages, NoResults } from "../../ui/more-pages.tsx";
import { ListSearchForm, PagingProblem, useSearchProblems } from "../../ui/search-field.tsx";
import { useMorePages } from "../../ui/use-more-pages.ts";
import type { Route } from "./+types/shop";

export async function loader({ request, context }: Route.LoaderArgs) {
  assertMayBeSoldTo(await getViewer(request, context));
  const messages = pageMessages(request, "shop");
  try {
    const { form, criteria, afterId, limit } = await readInput(request, productQuerySchema, {
      stripUnsafeText: true,
    });
    const page = await searchProducts(context.get(databaseContext), criteria, { limit, afterId });
    return { form, problems: {}, page, messages };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const params = new URL(request.url).searchParams;
    const problems = error.problemsByField();
    const form = { title: params.get("title") ?? "", category: params.get("category") ?? "" };
    return data({ form, problems, page: null, messages }, { status: error.status });
  }
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const { form, page } = loaderData;
  const problems = useSearchProblems(loaderData.problems);
  return (
    <>
      <title>{t("shop.metaTitle")}</title>
      <meta name="description" content={t("shop.description")} />
      <Hero heading={t("shop.heroTitle")} subline={t("shop.heroSubline")}>
        {/* Products have no place: what and which category, not where (decision 0014). */}
        <ListSearchForm
          key={JSON.stringify(form)}
          area="shop"
          action={to("/shop")}
          maxLength={SHOP_SEARCH_MAX}
          title={form.title}
          choice={{
            name: "category",
            label: t("shop.search.category"),
            value: form.category,
            all: t("shop.search.allCategories"),
            options: SHOP_CATEGORIES.map((key) => [key, t(`shop.categories.${key}`)] as const),
          }}
          problems={problems.fields}
        />
      </Hero>
      <section aria-labelledby="products" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="products" className="text-3xl font-bold">
          {t("shop.products")}
        </h2>
        <PagingProblem message={problems.paging} />
        {page &&
          (page.items.length > 0 ? (
            <Products key={JSON.stringify(form) + page.nextCursor} first={page} form={form} />
          ) : (
            <NoResults
              clearHref={to("/shop")}
              labels={{
                heading: "shop.noResults",
                hint: "shop.noResultsHint",
                clear: "shop.clearFilters",
              }}
            />
          ))}
      </section>
    </>
  );
}

const pageOf = (loaded: { page: ProductPage | null }) => loaded.page;

/** The grid, growing by pages, and the dialog of the item a card opened. */
function Products({ first, form }: { first: ProductPage; form: SearchValues }) {
  const to = useLocalizedPath();
  const { items, nextCursor, loading, load } = useMorePages(
    first,
    useFetcher<typeof loader>(),
    pageOf,
    (page) => `[data-product="${page.items[0]?.id}"] a`,
  );
  const [open, setOpen] = useState<Product | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const moreHref = nextCursor ? to(shopSearchHref(form, nextCursor)) : undefined;
  return (
    <>
      <ul
        aria-labelledby="products"
        className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      >
        {items.map((product) => (
          <li key={product.id} data-product={product.id}>
            <ProductCard
              product={product}
              onOpen={(chosen, element) => {
                opener.current = element;
                setOpen(chosen);
              }}
            />
          </li>
        ))}
      </ul>
      {open && (
        <ProductDialog
          product={open}
          onClose={() => {
            setOpen(null);
            opener.current?.focus();
          }}
        />
      )}
      <MorePages
        href={moreHref}
        loading={loading}
        onLoad={load}
        labels={{ more: "shop.more", loading: "shop.loadingMore", end: "shop.endOfResults" }}
      />
    </>
  );
}
