import { useRef } from "react";
import { Form, redirect, useSearchParams } from "react-router";
import type { ListingProduct } from "../../../directory/listing-edits.server.ts";
import { listingWrite } from "../../../directory/listing-edits.server.ts";
import { manageHref } from "../../../directory/manage-nav.ts";
import {
  PRODUCT_FIELDS,
  PRODUCT_LIMITS,
  PROMOTION_FIELDS,
} from "../../../directory/product-fields.ts";
import {
  productFormSchema,
  productMoveSchema,
  promotionFormSchema,
  promotionRemoveSchema,
} from "../../../directory/product-form.ts";
import {
  managedProducts,
  moveProduct,
  removePromotion,
  saveProduct,
  savePromotion,
} from "../../../directory/products.server.ts";
import { formatDayRange, formatMoney } from "../../../i18n/format.ts";
import { localeFromPath, localizedPath } from "../../../i18n/locale.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { useT } from "../../../i18n/use-t.ts";
import {
  type FormOutcome,
  type FormProblem,
  formFailure,
  sentTextFields,
} from "../../../platform/api.ts";
import { saveContentPicture } from "../../../platform/content-pictures.server.ts";
import { databaseContext, storageContext } from "../../../platform/context.ts";
import { isAppError } from "../../../platform/errors.ts";
import { readRaw, validate } from "../../../platform/input.server.ts";
import { primaryButton, secondaryButton } from "../../../ui/button-link.tsx";
import { FilePicker } from "../../../ui/file-picker.tsx";
import { useFormProblem } from "../../../ui/form-problem.tsx";
import { TextArea } from "../../../ui/text-area.tsx";
import { TextField } from "../../../ui/text-field.tsx";
import type { Route } from "./+types/products";
import { managerOfRequest } from "./manager.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const manager = await managerOfRequest(args);
  return {
    ...(await managedProducts(args.context.get(databaseContext), manager.businessId)),
    messages: pageMessages(args.request, "manage"),
  };
}

/**
 * Adding or editing a product (its picture through the image pipeline, before the transaction: a
 * refused save leaves an orphan the content pictures' sweep removes), or moving or removing one,
 * each a version of the listing; or setting or removing the promotion. All through `managerWrite`.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const manager = await managerOfRequest(args);
  const raw = await readRaw(request);
  const sent = sentTextFields(raw);
  try {
    if (sent.intent === "add" || sent.intent === "edit") {
      const form = await validate(productFormSchema, raw);
      const picture =
        form.picture && form.picture.size > 0
          ? await saveContentPicture(context.get(storageContext), form.picture, "product")
          : undefined;
      await listingWrite(context, manager, (tx) => saveProduct(tx, manager, form, picture));
    } else if (sent.intent === "promotion") {
      const form = await validate(promotionFormSchema, raw);
      const picture =
        form.picture && form.picture.size > 0
          ? await saveContentPicture(context.get(storageContext), form.picture, "promotion")
          : undefined;
      await listingWrite(context, manager, (tx) => savePromotion(tx, manager, form, picture));
    } else if (sent.intent === "promotion-remove") {
      await validate(promotionRemoveSchema, raw);
      await listingWrite(context, manager, (tx) => removePromotion(tx, manager));
    } else {
      const form = await validate(productMoveSchema, raw);
      await listingWrite(context, manager, (tx) => moveProduct(tx, manager, form));
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { sent });
  }
  const locale = localeFromPath(new URL(request.url).pathname);
  const done = new URLSearchParams({ saved: sent.intent ?? "" });
  return redirect(`${localizedPath(manageHref(manager.businessId, "products"), locale)}?${done}`);
}

const SAVED = {
  add: "manage.products.saved.add",
  edit: "manage.products.saved.edit",
  up: "manage.products.saved.move",
  down: "manage.products.saved.move",
  remove: "manage.products.saved.remove",
  promotion: "manage.promotion.saved",
  "promotion-remove": "manage.promotion.removed",
} as const;

/** The two languages' fields of a text, side by side. */
const LANGUAGES = [
  ["en-CA", "en"],
  ["fr-CA", "fr"],
] as const;

/** A text kept in one language or both, in the page's language when it has it. */
const inLocale = (text: { "en-CA": string; "fr-CA": string }, locale: "en-CA" | "fr-CA") =>
  text[locale] || text[locale === "en-CA" ? "fr-CA" : "en-CA"];

export default function ManageProducts({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const [search] = useSearchParams();
  const { products, version, promotion } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const sent = result?.sent;
  const saved = search.get("saved");
  // Which form a refusal belongs to: the add form, one product's edit form, or a move's buttons.
  const refused = (intent: string, index?: number) =>
    result?.problem && sent?.intent === intent && (index === undefined || sent.index === `${index}`)
      ? result.problem
      : undefined;
  const moveProblem = ["up", "down", "remove"].includes(sent?.intent ?? "")
    ? result?.problem
    : undefined;
  const full = products.length >= PRODUCT_LIMITS.count;
  return (
    <section aria-labelledby="products-heading" className="flex flex-col gap-6">
      <title>{t("site.pageTitle", { title: t("manage.products.pageTitle") })}</title>
      <div>
        <h2 id="products-heading" className="text-xl font-bold">
          {t("manage.products.heading")}
        </h2>
        <p className="mt-1 max-w-3xl text-slate-700">
          {t("manage.products.intro", { max: PRODUCT_LIMITS.count })}
        </p>
      </div>
      {saved && saved in SAVED && !result && (
        <p role="status" className="rounded-lg bg-green-50 p-3 font-medium text-green-800">
          {t(SAVED[saved as keyof typeof SAVED])}
        </p>
      )}
      {moveProblem && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
          {t(moveProblem.message, moveProblem.values)}
        </p>
      )}
      {products.length === 0 ? (
        <p className="text-slate-700">{t("manage.products.none")}</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {products.map((product, index) => {
            const name = inLocale(product.name, locale);
            // Each button says which product it moves; its visible text starts its name.
            const named = (action: "moveUp" | "moveDown" | "remove") =>
              `${t(`manage.products.${action}`)}${t("manage.products.which", { name })}`;
            const problem = refused("edit", index);
            return (
              <li
                // A product is its place here (the forms send it); with the version, a new item
                // after each save, so its edit form shows what was saved.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={`${version}-${index}`}
                className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
              >
                <div className="flex flex-wrap items-start gap-4">
                  <img
                    src={product.image}
                    alt={inLocale(product.imageAlt ?? product.name, locale)}
                    width="96"
                    height="96"
                    className="size-24 shrink-0 rounded-lg bg-slate-50 object-cover"
                  />
                  <div className="min-w-0 flex-1">
                    <h3 className="font-semibold break-words">{name}</h3>
                    <p className="text-slate-700">{formatMoney(product.priceCents, locale)}</p>
                    <p className="text-sm break-all text-slate-600">{product.url}</p>
                  </div>
                </div>
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="version" value={version} />
                  <input type="hidden" name="index" value={index} />
                  {index > 0 && (
                    <button
                      type="submit"
                      name="intent"
                      value="up"
                      className={secondaryButton}
                      aria-label={named("moveUp")}
                    >
                      {t("manage.products.moveUp")}
                    </button>
                  )}
                  {index < products.length - 1 && (
                    <button
                      type="submit"
                      name="intent"
                      value="down"
                      className={secondaryButton}
                      aria-label={named("moveDown")}
                    >
                      {t("manage.products.moveDown")}
                    </button>
                  )}
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    className={secondaryButton}
                    aria-label={named("remove")}
                  >
                    {t("manage.products.remove")}
                  </button>
                </Form>
                <details open={problem !== undefined}>
                  <summary className="cursor-pointer self-start font-semibold text-brand-800 underline">
                    {t("manage.products.edit", { name })}
                  </summary>
                  <ProductForm
                    id={`product-${index}`}
                    intent="edit"
                    index={index}
                    version={version}
                    product={product}
                    problem={problem}
                    sent={problem ? sent : undefined}
                  />
                </details>
              </li>
            );
          })}
        </ol>
      )}
      <section aria-labelledby="product-add-heading" className="border-t border-slate-200 pt-6">
        <h3 id="product-add-heading" className="text-lg font-bold">
          {t("manage.products.addHeading")}
        </h3>
        {full ? (
          <p className="mt-2 text-slate-700">
            {t("manage.products.problems.full", { max: PRODUCT_LIMITS.count })}
          </p>
        ) : (
          <ProductForm
            // A new, empty form after each addition.
            key={version}
            id="product-new"
            intent="add"
            version={version}
            problem={refused("add")}
            sent={refused("add") ? sent : undefined}
          />
        )}
      </section>
      <PromotionSection
        promotion={promotion}
        problem={refused("promotion") ?? refused("promotion-remove")}
        sent={refused("promotion") ? sent : undefined}
      />
    </section>
  );
}

/** The listing's promotion: what runs and when, its form, and a button to take it down. */
function PromotionSection({
  promotion,
  problem: refusal,
  sent,
}: {
  promotion: Awaited<ReturnType<typeof loader>>["promotion"];
  problem: FormProblem | undefined;
  sent: Record<string, string> | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const { problem, field } = useSentFields(refusal, "promotion", PROMOTION_FIELDS, sent);
  return (
    <section aria-labelledby="promotion-heading" className="border-t border-slate-200 pt-6">
      <h2 id="promotion-heading" className="text-xl font-bold">
        {t("manage.promotion.heading")}
      </h2>
      <p className="mt-1 max-w-3xl text-slate-700">{t("manage.promotion.intro")}</p>
      <p className="mt-3 font-medium text-slate-800">
        {promotion === null
          ? t("manage.promotion.none")
          : promotion.startsOn && promotion.endsOn
            ? t("manage.promotion.current", {
                startsOn: formatDayRange(promotion.startsOn, promotion.startsOn, locale),
                endsOn: formatDayRange(promotion.endsOn, promotion.endsOn, locale),
              })
            : t("manage.promotion.always")}
      </p>
      {promotion && (
        <img
          src={promotion.image}
          alt=""
          width="320"
          height="180"
          className="mt-3 aspect-video w-80 max-w-full rounded-lg bg-slate-50 object-cover"
        />
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        ref={problem.form}
        className="mt-4 flex flex-col gap-5"
        noValidate
      >
        {problem.alert}
        <input type="hidden" name="intent" value="promotion" />
        <p id="promotion-languages-hint" className="-mb-3 text-sm text-slate-600">
          {t("manage.products.bothLanguagesHint")}
        </p>
        <div className="grid gap-5 md:grid-cols-2">
          {LANGUAGES.map(([locale, lang]) => (
            <TextField
              key={locale}
              id={`promotion-title-${lang}`}
              lang={lang}
              label={t(lang === "en" ? "manage.promotion.titleEn" : "manage.promotion.titleFr")}
              maxLength={PRODUCT_LIMITS.promoTitle}
              aria-describedby="promotion-languages-hint"
              {...field(`title_${locale}`, promotion?.title[locale])}
            />
          ))}
          {LANGUAGES.map(([locale, lang]) => (
            <TextArea
              key={locale}
              id={`promotion-description-${lang}`}
              lang={lang}
              label={t(
                lang === "en" ? "manage.promotion.descriptionEn" : "manage.promotion.descriptionFr",
              )}
              rows={4}
              maxLength={PRODUCT_LIMITS.promoDescription}
              aria-describedby="promotion-languages-hint"
              {...field(`description_${locale}`, promotion?.description[locale])}
            />
          ))}
        </div>
        <PictureInput
          id="promotion-picture"
          label={t("manage.promotion.picture")}
          hint={t(promotion ? "manage.promotion.pictureKeepHint" : "manage.promotion.pictureHint")}
          problem={problem}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="promotion-starts-on"
            type="date"
            label={t("manage.promotion.startsOn")}
            required
            {...field("startsOn", promotion?.startsOn ?? "")}
          />
          <TextField
            id="promotion-ends-on"
            type="date"
            label={t("manage.promotion.endsOn")}
            required
            {...field("endsOn", promotion?.endsOn ?? "")}
          />
        </div>
        <div>
          <button type="submit" className={primaryButton}>
            {t("manage.promotion.save")}
          </button>
        </div>
      </Form>
      {promotion && (
        <Form method="post" className="mt-4">
          <button type="submit" name="intent" value="promotion-remove" className={secondaryButton}>
            {t("manage.promotion.remove")}
          </button>
        </Form>
      )}
    </section>
  );
}

/**
 * A form's refusal (beside its field, or at the top) and its fields' props: each shows what was
 * sent when the form was refused, else what is saved.
 */
function useSentFields(
  refusal: FormProblem | undefined,
  id: string,
  fields: readonly string[],
  sent: Record<string, string> | undefined,
) {
  const problem = useFormProblem(refusal, `${id}-problem`, fields);
  const field = (name: string, saved = "") => ({
    name,
    defaultValue: sent?.[name] ?? saved,
    ...problem.field(name),
    problem: problem.message(name),
  });
  return { problem, field };
}

/** A form's picture: its label, a hint on what it takes, the picker, and the form's problem with it. */
function PictureInput({
  id,
  label,
  hint,
  problem,
}: {
  id: string;
  label: string;
  hint: string;
  problem: ReturnType<typeof useFormProblem>;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-slate-800">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
      <FilePicker
        id={id}
        inputRef={input}
        name="picture"
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={`${id}-hint`}
        {...problem.field("picture")}
      />
      {problem.message("picture")}
    </div>
  );
}

/** The fields of one product, to add one or edit one; a refusal shows beside its field. */
function ProductForm({
  id,
  intent,
  index,
  version,
  product,
  problem: refusal,
  sent,
}: {
  id: string;
  intent: "add" | "edit";
  index?: number;
  version: number;
  product?: ListingProduct;
  problem: FormProblem | undefined;
  sent: Record<string, string> | undefined;
}) {
  const t = useT();
  const { problem, field } = useSentFields(refusal, id, PRODUCT_FIELDS, sent);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      ref={problem.form}
      className="mt-4 flex flex-col gap-5"
      noValidate
    >
      {problem.alert}
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      {index !== undefined && <input type="hidden" name="index" value={index} />}
      <p id={`${id}-name-hint`} className="-mb-3 text-sm text-slate-600">
        {t("manage.products.bothLanguagesHint")}
      </p>
      <div className="grid gap-5 md:grid-cols-2">
        {LANGUAGES.map(([locale, lang]) => (
          <TextField
            key={locale}
            id={`${id}-name-${lang}`}
            lang={lang}
            label={t(lang === "en" ? "manage.products.nameEn" : "manage.products.nameFr")}
            maxLength={PRODUCT_LIMITS.name}
            aria-describedby={`${id}-name-hint`}
            {...field(`name_${locale}`, product?.name[locale])}
          />
        ))}
        <TextField
          id={`${id}-price`}
          inputMode="decimal"
          label={t("manage.products.price")}
          hint={t("manage.products.priceHint")}
          required
          {...field("price", product && (product.priceCents / 100).toFixed(2))}
        />
        <TextField
          id={`${id}-url`}
          type="url"
          label={t("manage.products.url")}
          hint={t("manage.products.urlHint")}
          maxLength={PRODUCT_LIMITS.url}
          required
          {...field("url", product?.url)}
        />
      </div>
      <PictureInput
        id={`${id}-picture`}
        label={t("manage.products.picture")}
        hint={t(
          intent === "add" ? "manage.products.pictureHint" : "manage.products.pictureKeepHint",
        )}
        problem={problem}
      />
      <div className="grid gap-5 md:grid-cols-2">
        {LANGUAGES.map(([locale, lang]) => (
          <TextField
            key={locale}
            id={`${id}-alt-${lang}`}
            lang={lang}
            label={t(lang === "en" ? "manage.products.altEn" : "manage.products.altFr")}
            maxLength={PRODUCT_LIMITS.alt}
            aria-describedby={`${id}-name-hint`}
            {...field(`alt_${locale}`, product?.imageAlt?.[locale])}
          />
        ))}
      </div>
      <div>
        <button type="submit" className={primaryButton}>
          {t(intent === "add" ? "manage.products.add" : "manage.products.save")}
        </button>
      </div>
    </Form>
  );
}
