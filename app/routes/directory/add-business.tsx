import { Form, redirect, useNavigation } from "react-router";
import { requireViewer } from "../../auth/session.server.ts";
import { CATEGORIES } from "../../directory/categories.ts";
import { PinPicker } from "../../directory/components/pin-picker.tsx";
import { newListingSchema } from "../../directory/new-listing.ts";
import { NEW_LISTING_FIELDS, NEW_LISTING_MAX } from "../../directory/new-listing-fields.ts";
import { addBusiness } from "../../directory/new-listings.server.ts";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useT } from "../../i18n/use-t.ts";
import {
  type FormOutcome,
  formAction,
  formFailure,
  retryAfterHeaders,
  sentTextFields,
} from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { isAppError } from "../../platform/errors.ts";
import { readRaw, validate } from "../../platform/input.server.ts";
import { takeAttempt } from "../../platform/rate-limit.server.ts";
import { isAdult } from "../../players/identity.server.ts";
import { BilingualTextAreas, boxed } from "../../ui/bilingual-text-areas.tsx";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { EmailField, PhoneField, TextField } from "../../ui/text-field.tsx";
import { useProvinceOptions } from "../../ui/use-province-options.ts";
import type { Route } from "./+types/add-business";

/** Signed-in players only (a visitor is sent to sign in first); the form itself only for adults. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context, url });
  return {
    adult: await isAdult(context.get(databaseContext), viewer.id),
    messages: pageMessages(request, "directory", "addBusiness"),
  };
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

/** The new listing waits for staff; its page (seen by its submitter) says so. */
export const action = formAction(async ({ request, context, url }: Route.ActionArgs) => {
  const viewer = await requireViewer({ request, context, url });
  const db = context.get(databaseContext);
  const raw = await readRaw(request);
  try {
    // Counted before the form is checked, so refused input counts too (decision 0038).
    await takeAttempt(db, "business-add", viewer.id);
    const form = await validate(newListingSchema, raw);
    const id = await addBusiness(db, viewer.id, form);
    return redirect(localizedPath(`/businesses/${id}`, localeFromPath(url.pathname)));
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { values: sentTextFields(raw) });
  }
});

// min-w-0: a long choice ("Choose a province or territory") must not widen its column on a phone.
const select = `${boxed} w-full min-w-0 bg-white`;

export default function AddBusiness({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const provinces = useProvinceOptions();
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "add-business-problem", NEW_LISTING_FIELDS);
  const sent: Record<string, string | undefined> = result?.values ?? {};
  const sentPin =
    sent.latitude && sent.longitude
      ? { latitude: Number(sent.latitude), longitude: Number(sent.longitude) }
      : undefined;
  /** A control's id, name, value as sent, and its problem's marks. */
  const control = (name: (typeof NEW_LISTING_FIELDS)[number]) => ({
    id: `add-business-${name}`,
    name,
    defaultValue: sent[name] ?? "",
    ...problem.field(name),
  });
  /** A text field with its problem beside it. */
  const field = (name: (typeof NEW_LISTING_FIELDS)[number]) => ({
    ...control(name),
    problem: problem.message(name),
  });
  const label = (name: (typeof NEW_LISTING_FIELDS)[number], text: string) => (
    <label htmlFor={`add-business-${name}`} className="font-medium text-slate-800">
      {text}
    </label>
  );

  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <title>{t("addBusiness.metaTitle")}</title>
      <h1 className="text-3xl font-bold">{t("addBusiness.heading")}</h1>
      {!loaderData.adult ? (
        <p className="mt-4 rounded-lg bg-amber-50 p-4 font-medium text-amber-900 ring-1 ring-amber-200">
          {t("addBusiness.adultsOnly")}
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-700">{t("addBusiness.intro")}</p>
          <Form method="post" noValidate ref={problem.form} className="mt-6 flex flex-col gap-5">
            {problem.alert}
            <TextField
              {...field("name")}
              label={t("addBusiness.fields.name")}
              maxLength={NEW_LISTING_MAX.name}
              autoComplete="organization"
              required
            />
            <div className="flex flex-col gap-1">
              {label("category", t("addBusiness.fields.category"))}
              <select {...control("category")} className={select} required>
                <option value="">{t("addBusiness.fields.chooseCategory")}</option>
                {CATEGORIES.map(({ slug }) => (
                  <option key={slug} value={slug}>
                    {t(`categories.${slug}`)}
                  </option>
                ))}
              </select>
              {problem.message("category")}
            </div>
            <TextField
              {...field("address")}
              label={t("addBusiness.fields.address")}
              maxLength={NEW_LISTING_MAX.address}
              autoComplete="street-address"
              required
            />
            <div className="grid gap-5 sm:grid-cols-2 [&>*]:min-w-0">
              <TextField
                {...field("city")}
                label={t("addBusiness.fields.city")}
                maxLength={NEW_LISTING_MAX.city}
                autoComplete="address-level2"
                required
              />
              <div className="flex flex-col gap-1">
                {label("province", t("addBusiness.fields.province"))}
                <select {...control("province")} className={select} required>
                  <option value="">{t("addBusiness.fields.chooseProvince")}</option>
                  {provinces.map(({ code, name }) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </select>
                {problem.message("province")}
              </div>
            </div>
            <TextField
              {...field("postalCode")}
              label={t("addBusiness.fields.postalCode")}
              hint={t("addBusiness.fields.postalCodeHint")}
              maxLength={7}
              autoComplete="postal-code"
              className="sm:max-w-xs"
              required
            />
            <PhoneField
              {...field("phone")}
              label={t("addBusiness.fields.phone")}
              required={false}
            />
            <TextField
              {...field("website")}
              type="url"
              label={t("addBusiness.fields.website")}
              hint={t("addBusiness.fields.websiteHint")}
              maxLength={NEW_LISTING_MAX.website}
              autoComplete="url"
            />
            <EmailField
              {...field("email")}
              label={t("addBusiness.fields.email")}
              hint={t("addBusiness.fields.emailHint")}
              autoComplete="off"
            />
            <BilingualTextAreas
              names={["descriptionEn", "descriptionFr"]}
              legend={t("addBusiness.fields.description")}
              hint={{
                id: "add-business-description-hint",
                text: t("addBusiness.fields.descriptionHint"),
              }}
              labels={[
                t("addBusiness.fields.descriptionEn"),
                t("addBusiness.fields.descriptionFr"),
              ]}
              maxLength={NEW_LISTING_MAX.description}
              control={control}
              message={problem.message}
            />
            <fieldset className="flex flex-col gap-4 rounded-xl p-4 ring-1 ring-slate-200">
              <legend className="px-1 font-semibold">{t("addBusiness.fields.hours")}</legend>
              <p className="text-sm text-slate-600">{t("addBusiness.fields.hoursHint")}</p>
              <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
                <TextField
                  {...field("opensAt")}
                  type="time"
                  label={t("addBusiness.fields.opensAt")}
                  required
                />
                <TextField
                  {...field("closesAt")}
                  type="time"
                  label={t("addBusiness.fields.closesAt")}
                  required
                />
              </div>
            </fieldset>
            <PinPicker
              sent={sentPin}
              problem={problem.message("latitude") ?? problem.message("longitude")}
            />
            <button type="submit" disabled={busy} className={`${primaryButton} self-start`}>
              {t("addBusiness.submit")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
