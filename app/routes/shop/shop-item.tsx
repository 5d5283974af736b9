import { Link } from "react-router";
import { getViewer } from "../../auth/session.server.ts";
import { localeFromPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { baseUrlContext, databaseContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { scriptJson } from "../../platform/text.ts";
import { assertMayBeSoldTo } from "../../players/identity.ts";
import { ProductDetails } from "../../shop/components/product-details.tsx";
import { productJsonLd } from "../../shop/json-ld.ts";
import { getProduct, morePicturesOf } from "../../shop/products.server.ts";
import { parseProductId } from "../../shop/schemas.ts";
import { Icon } from "../../ui/icons.tsx";
import type { Route } from "./+types/shop-item";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  assertMayBeSoldTo(await getViewer(request, context));
  const id = parseProductId(params.id);
  if (!id) throw new AppError("not_found");
  const db = context.get(databaseContext);
  const [product, morePictures] = await Promise.all([
    getProduct(db, id, "shown"),
    morePicturesOf(db, id),
  ]);
  const locale = localeFromPath(new URL(request.url).pathname);
  const baseUrl = context.get(baseUrlContext);
  return {
    product,
    morePictures,
    jsonLd: scriptJson(productJsonLd(product, locale, baseUrl)),
    messages: pageMessages(request, "shop"),
  };
}

/** The item of a shop card as a page of its own: shareable, and whole without JavaScript. */
export default function ShopItem({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const { product } = loaderData;
  return (
    <article className="mx-auto max-w-5xl px-4 py-8">
      <title>{t("shop.item.metaTitle", { name: product.name[locale] })}</title>
      <meta name="description" content={product.description[locale]} />
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped (scriptJson).
        dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }}
      />
      <Link
        to={to("/shop")}
        className="mb-6 inline-flex items-center gap-1 text-brand-700 hover:underline"
      >
        <Icon name="arrowLeft" className="size-4" />
        {t("shop.item.back")}
      </Link>
      <ProductDetails
        product={product}
        morePictures={loaderData.morePictures}
        headingId="product-title"
        headingLevel={1}
      />
    </article>
  );
}
