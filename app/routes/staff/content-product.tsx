import { Form } from "react-router";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FormOutcome } from "../../platform/api.ts";
import { saveContentPicture } from "../../platform/content-pictures.server.ts";
import { databaseContext, storageContext } from "../../platform/context.ts";
import { validate } from "../../platform/input.server.ts";
import {
  changeProductPicture,
  saveProduct,
  staffProduct,
} from "../../shop/product-edits.server.ts";
import { productFormSchema, productPictureFormSchema } from "../../shop/product-form.ts";
import { requireStaff } from "../../staff/access.server.ts";
import {
  ContentEditPage,
  LanguageColumns,
  PictureField,
} from "../../staff/components/content-form.tsx";
import {
  CONTENT_ROLE,
  contentIdOf,
  contentSave,
  contentWrite,
} from "../../staff/content-write.server.ts";
import { secondaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { PageLink } from "../../ui/page-link.tsx";
import { TextArea } from "../../ui/text-area.tsx";
import { TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/content-product";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context }, CONTENT_ROLE);
  const item = await staffProduct(context.get(databaseContext), contentIdOf(params.id));
  return { item };
}

const centsText = (cents: number) => (cents / 100).toFixed(2);

export function action({ request, context, params }: Route.ActionArgs) {
  const id = contentIdOf(params.id);
  return contentSave({ request, context }, async ({ staff, raw, sent }) => {
    if (sent.intent === "picture-first" || sent.intent === "picture-remove") {
      const form = await validate(productPictureFormSchema, raw);
      await contentWrite(context, staff, (tx) => changeProductPicture(tx, id, form));
    } else {
      const form = await validate(productFormSchema, raw);
      const picture =
        form.picture && form.picture.size > 0
          ? await saveContentPicture(context.get(storageContext), form.picture, "product")
          : undefined;
      await contentWrite(context, staff, (tx) => saveProduct(tx, id, form, picture));
    }
    return `/staff/content/products/${id}`;
  });
}

const FIELDS = [
  "name_en-CA",
  "description_en-CA",
  "name_fr-CA",
  "description_fr-CA",
  "price",
  "salePrice",
  "onSale",
  "stock",
  "listed",
  "picture",
];

export default function StaffProduct({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const locale = useLocale();
  const { item } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "product-problem", FIELDS);
  // The main form's typing comes back with a refusal; a picture's small form has none to keep.
  const sent = result?.sent?.intent === "save" ? result.sent : undefined;
  const value = (name: string, saved: string) => sent?.[name] ?? saved;
  const checked = (name: string, saved: boolean) => (sent ? sent[name] === "on" : saved);
  return (
    <ContentEditPage
      title={t("staff.content.products.editTitle")}
      back={{ href: to("/staff/content/products"), label: t("staff.content.products.heading") }}
      heading={t("staff.content.products.editHeading", { name: item.name[locale] })}
      result={result}
      problem={problem}
      version={item.version}
      multipart
      alertAbove={sent === undefined}
      above={
        <section aria-labelledby="pictures-heading" className="mt-6">
          <h2 id="pictures-heading" className="text-lg font-semibold">
            {t("staff.content.products.pictures")}
          </h2>
          <p className="text-sm text-slate-600">{t("staff.content.products.picturesHint")}</p>
          <ul className="mt-3 flex flex-wrap gap-4">
            {item.pictures.map((picture, index) => (
              <li key={picture} className="flex w-40 flex-col gap-2">
                <img
                  src={picture}
                  alt={t("staff.content.products.pictureAlt", {
                    number: index + 1,
                    name: item.name[locale],
                  })}
                  width="160"
                  height="160"
                  className="aspect-square w-40 rounded-lg bg-brand-50 object-cover"
                />
                {item.pictures.length > 1 && (
                  <Form method="post" className="flex flex-col gap-2">
                    <input type="hidden" name="version" value={item.version} />
                    <input type="hidden" name="picture" value={picture} />
                    {index > 0 && (
                      <button
                        type="submit"
                        name="intent"
                        value="picture-first"
                        className="rounded-lg px-2 py-1 text-sm font-semibold ring-1 ring-slate-300"
                      >
                        {t("staff.content.products.moveFirst")}
                      </button>
                    )}
                    <button
                      type="submit"
                      name="intent"
                      value="picture-remove"
                      className="rounded-lg px-2 py-1 text-sm font-semibold ring-1 ring-slate-300"
                    >
                      {t("staff.content.products.removePicture")}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </section>
      }
      below={
        <p className="mt-6">
          <PageLink to={to(`/shop/${item.id}`)} className={`inline-block ${secondaryButton}`}>
            {t("staff.content.posts.view")}
          </PageLink>
        </p>
      }
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="stockSeen" value={item.stock} />
      <LanguageColumns
        render={(locale) => (
          <>
            <TextField
              id={`name-${locale}`}
              name={`name_${locale}`}
              label={t("staff.content.products.name")}
              defaultValue={value(`name_${locale}`, item.name[locale])}
              maxLength={120}
              {...problem.field(`name_${locale}`)}
              problem={problem.message(`name_${locale}`)}
            />
            <TextArea
              id={`description-${locale}`}
              name={`description_${locale}`}
              label={t("staff.content.products.description")}
              defaultValue={value(`description_${locale}`, item.description[locale])}
              rows={5}
              maxLength={2000}
              {...problem.field(`description_${locale}`)}
              problem={problem.message(`description_${locale}`)}
            />
          </>
        )}
      />
      <div className="grid gap-4 md:grid-cols-3">
        <TextField
          id="price"
          name="price"
          inputMode="decimal"
          label={t("staff.content.products.price")}
          hint={t("staff.content.products.priceHint")}
          defaultValue={value("price", centsText(item.originalPriceCents))}
          {...problem.field("price")}
          problem={problem.message("price")}
        />
        <TextField
          id="salePrice"
          name="salePrice"
          inputMode="decimal"
          label={t("staff.content.products.salePrice")}
          hint={t("staff.content.products.salePriceHint")}
          defaultValue={value(
            "salePrice",
            item.salePriceCents < item.originalPriceCents ? centsText(item.salePriceCents) : "",
          )}
          {...problem.field("salePrice")}
          problem={problem.message("salePrice")}
        />
        <TextField
          id="stock"
          name="stock"
          inputMode="numeric"
          label={t("staff.content.products.stock")}
          hint={t("staff.content.products.stockHint", { stock: item.stock })}
          defaultValue={value("stock", String(item.stock))}
          {...problem.field("stock")}
          problem={problem.message("stock")}
        />
      </div>
      <div className="flex flex-col gap-3">
        {(
          [
            ["onSale", "staff.content.products.onSaleLabel", item.onSale],
            ["listed", "staff.content.products.available", item.listed],
          ] as const
        ).map(([name, label, saved]) => (
          <div key={name} className="flex items-center gap-2">
            <input
              id={name}
              name={name}
              type="checkbox"
              defaultChecked={checked(name, saved)}
              className="size-5 shrink-0"
            />
            <label htmlFor={name} className="font-medium">
              {t(label)}
            </label>
          </div>
        ))}
      </div>
      <PictureField id="picture" label={t("staff.content.products.addPicture")} problem={problem} />
    </ContentEditPage>
  );
}
