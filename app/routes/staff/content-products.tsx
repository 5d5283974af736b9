import { formatMoney } from "../../i18n/format.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { databaseContext } from "../../platform/context.ts";
import { listPageSchema } from "../../platform/form-fields.ts";
import { readInput } from "../../platform/input.server.ts";
import { staffProducts } from "../../shop/product-edits.server.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { ContentTable } from "../../staff/components/content-form.tsx";
import { CONTENT_ROLE } from "../../staff/content-write.server.ts";
import { PageLink } from "../../ui/page-link.tsx";
import { Pager } from "../../ui/pager.tsx";
import type { Route } from "./+types/content-products";

const PER_PAGE = 25;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context }, CONTENT_ROLE);
  const { page } = await readInput(request, listPageSchema);
  const list = await staffProducts(context.get(databaseContext), page, PER_PAGE);
  return { ...list, page };
}

export default function StaffProducts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const locale = useLocale();
  const { rows, page, pages } = loaderData;
  return (
    <section>
      <title>{t("staff.content.products.metaTitle")}</title>
      <h1 className="text-2xl font-bold">{t("staff.content.products.heading")}</h1>
      <ContentTable
        head={[
          t("staff.content.products.name"),
          t("staff.content.products.price"),
          t("staff.content.products.stock"),
          t("staff.content.products.status"),
        ]}
      >
        {rows.map((item) => (
          <tr key={item.id} className="border-b border-slate-200">
            <td className="px-2 py-2">
              <PageLink
                to={to(`/staff/content/products/${item.id}`)}
                className="font-medium text-brand-800 underline"
              >
                {item.name[locale]}
              </PageLink>
            </td>
            <td className="px-2 py-2">
              {formatMoney(item.onSale ? item.salePriceCents : item.originalPriceCents, locale)}
            </td>
            <td className="px-2 py-2">{item.stock}</td>
            <td className="px-2 py-2">
              {item.listed
                ? t("staff.content.products.onSale")
                : t("staff.content.products.offSale")}
            </td>
          </tr>
        ))}
      </ContentTable>
      <Pager
        page={page}
        pages={pages}
        href={(number) => to(`/staff/content/products?page=${number}`)}
        label={t("staff.content.products.pages")}
      />
    </section>
  );
}
