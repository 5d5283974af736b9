import { Form, Link, redirect, useSearchParams } from "react-router";
import { CATEGORY_SLUGS } from "../../../directory/categories.ts";
import {
  editableListing,
  listingWrite,
  saveListing,
} from "../../../directory/listing-edits.server.ts";
import { LISTING_FIELDS, LISTING_LIMITS } from "../../../directory/listing-fields.ts";
import { listingFormSchema } from "../../../directory/listing-form.ts";
import { manageHref } from "../../../directory/manage-nav.ts";
import { ownersOf } from "../../../directory/owners.server.ts";
import { localeFromPath, localizedPath } from "../../../i18n/locale.ts";
import { pageMessages } from "../../../i18n/messages.server.ts";
import { useLocalizedPath } from "../../../i18n/use-locale.ts";
import { useT } from "../../../i18n/use-t.ts";
import { type FormOutcome, formFailure, sentTextFields } from "../../../platform/api.ts";
import { databaseContext } from "../../../platform/context.ts";
import { isAppError } from "../../../platform/errors.ts";
import { EMAIL_MAX, PHONE_MAX } from "../../../platform/field-limits.ts";
import { readRaw, validate } from "../../../platform/input.server.ts";
import { displayPhone } from "../../../platform/phone.ts";
import { primaryButton } from "../../../ui/button-link.tsx";
import { useFormProblem } from "../../../ui/form-problem.tsx";
import { TextArea } from "../../../ui/text-area.tsx";
import { TextField } from "../../../ui/text-field.tsx";
import { useProvinceOptions } from "../../../ui/use-province-options.ts";
import type { Route } from "./+types/listing";
import { managerOfPage } from "./manager.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const manager = await managerOfPage(args);
  const db = context.get(databaseContext);
  return {
    listing: await editableListing(db, manager.businessId),
    // Staff undo an edit from the console's history of the listing.
    historyHref: manager.role === "owner" ? null : `/staff/listings/${manager.businessId}/history`,
    owners: await ownersOf(db, manager.businessId),
    messages: pageMessages(request, "manage", "directory"),
  };
}

/** The listing form: saved through `managerWrite` on the version it was opened with. */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const manager = await managerOfPage(args);
  const raw = await readRaw(request);
  const sent = sentTextFields(raw);
  try {
    const form = await validate(listingFormSchema, raw);
    await listingWrite(context, manager, (tx) => saveListing(tx, manager, form));
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { sent });
  }
  const locale = localeFromPath(new URL(request.url).pathname);
  return redirect(`${localizedPath(manageHref(manager.businessId), locale)}?saved=1`);
}

const cents = (amount: number) => (amount / 100).toFixed(2);

const control =
  "rounded-lg border border-slate-300 bg-white px-3 py-3 focus:border-brand-700 aria-invalid:border-red-700";

export default function ManageListing({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const provinces = useProvinceOptions();
  const [search] = useSearchParams();
  const to = useLocalizedPath();
  const { listing, owners, historyHref } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "listing-problem", LISTING_FIELDS);
  // A refused form comes back as it was typed, unless someone saved first: then it shows their
  // version (the one it now saves on), never the typing that would write over it.
  const stale = result?.problem?.code === "already_handled";
  const sent = stale ? undefined : result?.sent;
  const field = (name: string, saved: string | null) => ({
    name,
    defaultValue: sent?.[name] ?? saved ?? "",
    ...problem.field(name),
    problem: problem.message(name),
  });
  return (
    <div className="flex flex-col gap-6">
      <title>{t("manage.listing.heading")}</title>
      <p className="text-slate-700">
        {owners.length > 0
          ? t("manage.listing.ownersLine", {
              names: owners.map((owner) => owner.identity.displayName).join(", "),
            })
          : t("manage.listing.noOwners")}
      </p>
      {historyHref && (
        <p>
          <Link to={to(historyHref)} className="font-semibold text-brand-800 underline">
            {t("manage.listing.history")}
          </Link>
        </p>
      )}
      <section aria-labelledby="listing-heading">
        <h2 id="listing-heading" className="text-xl font-bold">
          {t("manage.listing.heading")}
        </h2>
        <p className="mt-1 text-slate-700">{t("manage.listing.intro")}</p>
        {search.has("saved") && !result && (
          <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 font-medium text-green-800">
            {t("manage.listing.saved")}
          </p>
        )}
        <Form
          method="post"
          ref={problem.form}
          className="mt-4 flex flex-col gap-5"
          noValidate
          key={`${listing.version}${stale}`}
        >
          {problem.alert}
          {stale && <p className="text-slate-700">{t("manage.listing.stale")}</p>}
          <input type="hidden" name="version" value={listing.version} />
          <TextField
            id="listing-name"
            label={t("manage.listing.name")}
            maxLength={LISTING_LIMITS.name}
            autoComplete="organization"
            required
            {...field("name", listing.name)}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor="listing-category" className="font-medium text-slate-800">
              {t("manage.listing.category")}
            </label>
            <select
              id="listing-category"
              name="category"
              defaultValue={sent?.category ?? listing.category}
              className={control}
              {...problem.field("category")}
            >
              {CATEGORY_SLUGS.map((slug) => (
                <option key={slug} value={slug}>
                  {t(`categories.${slug}`)}
                </option>
              ))}
            </select>
            {problem.message("category")}
          </div>
          <TextField
            id="listing-address"
            label={t("manage.listing.address")}
            maxLength={LISTING_LIMITS.address}
            autoComplete="street-address"
            required
            {...field("address", listing.address)}
          />
          <div className="grid gap-5 md:grid-cols-3">
            <TextField
              id="listing-city"
              label={t("manage.listing.city")}
              maxLength={LISTING_LIMITS.city}
              autoComplete="address-level2"
              required
              {...field("city", listing.city)}
            />
            <div className="flex flex-col gap-1">
              <label htmlFor="listing-province" className="font-medium text-slate-800">
                {t("manage.listing.province")}
              </label>
              <select
                id="listing-province"
                name="province"
                autoComplete="address-level1"
                defaultValue={sent?.province ?? listing.province}
                className={control}
                {...problem.field("province")}
              >
                {provinces.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
              {problem.message("province")}
            </div>
            <TextField
              id="listing-postal-code"
              label={t("manage.listing.postalCode")}
              hint={t("manage.listing.postalCodeHint")}
              maxLength={7}
              autoComplete="postal-code"
              required
              {...field("postalCode", listing.postalCode)}
            />
          </div>
          <div className="grid gap-5 md:grid-cols-2">
            <TextField
              id="listing-phone"
              type="tel"
              label={t("manage.listing.phone")}
              maxLength={PHONE_MAX}
              autoComplete="tel"
              {...field("phone", listing.phone && displayPhone(listing.phone))}
            />
            <TextField
              id="listing-website"
              type="url"
              label={t("manage.listing.website")}
              hint={t("manage.listing.websiteHint")}
              maxLength={LISTING_LIMITS.website}
              autoComplete="url"
              {...field("website", listing.website)}
            />
            <TextField
              id="listing-contact-email"
              type="email"
              label={t("manage.listing.contactEmail")}
              hint={t("manage.listing.contactEmailHint")}
              maxLength={EMAIL_MAX}
              autoComplete="email"
              {...field("contactEmail", listing.contactEmail)}
            />
            <TextField
              id="listing-price-from"
              inputMode="decimal"
              label={t("manage.listing.priceFrom")}
              required
              {...field("priceFrom", cents(listing.priceFromCents))}
            />
          </div>
          <p id="listing-description-hint" className="-mb-3 text-sm text-slate-600">
            {t("manage.listing.descriptionHint")}
          </p>
          <div className="grid gap-5 md:grid-cols-2">
            {(["en-CA", "fr-CA"] as const).map((locale) => (
              <TextArea
                key={locale}
                id={`listing-description-${locale}`}
                lang={locale.slice(0, 2)}
                label={t(
                  locale === "en-CA"
                    ? "manage.listing.descriptionEn"
                    : "manage.listing.descriptionFr",
                )}
                rows={6}
                maxLength={LISTING_LIMITS.description}
                aria-describedby="listing-description-hint"
                {...field(`description_${locale}`, listing.description[locale])}
              />
            ))}
          </div>
          <TextField
            id="listing-owner-name"
            label={t("manage.listing.ownerName")}
            maxLength={LISTING_LIMITS.ownerName}
            required
            {...field("ownerName", listing.ownerName)}
          />
          <div>
            <button type="submit" className={primaryButton}>
              {t("manage.listing.save")}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
