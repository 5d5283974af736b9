import { Form, Link, useNavigate, useNavigation } from "react-router";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FormProblem } from "../../platform/api.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { EmailField, PhoneField, TextField } from "../../ui/text-field.tsx";
import { usePageDialog } from "../../ui/use-page-dialog.ts";
import { useProvinceOptions } from "../../ui/use-province-options.ts";
import { BILLINGS, type Billing } from "../billing.ts";
import type { ClaimedBusiness, Plan } from "../types.ts";
import { selectPlanId } from "./plan-card.tsx";

export type RequestValues = Partial<Record<string, string>>;

const control = "rounded-lg border border-slate-300 bg-white px-3 py-3 aria-invalid:border-red-700";

const REQUEST_FIELDS = [
  "plan",
  "billing",
  "businessName",
  "contactName",
  "email",
  "phone",
  "province",
  "claim",
] as const;

/**
 * The plan request form, shown while the address has `?plan=`. With JavaScript it is a modal
 * dialog; without, the same form sits in the page. Closing it removes `?plan=` and gives the focus
 * back to the plan's 'Select Plan'. Once sent, it says so in place of the form.
 */
export function PlanRequestDialog({
  plans,
  plan,
  billing,
  claimed,
  problem,
  values = {},
  sentTo,
}: {
  plans: Plan[];
  plan: Plan;
  billing: Billing;
  claimed: ClaimedBusiness | null;
  problem?: FormProblem;
  values?: RequestValues;
  sentTo?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const busy = useNavigation().state === "submitting";
  const dialog = usePageDialog(selectPlanId(plan.slug));

  const closed = `${to("/pricing")}?billing=${billing}`;
  const close = () => navigate(closed, { replace: true, preventScrollReset: true });
  const { form, field, message, alert } = useFormProblem(
    problem,
    "plan-request-problem",
    REQUEST_FIELDS,
  );
  const provinces = useProvinceOptions();

  return (
    <dialog
      ref={dialog}
      open
      id="plan-request"
      aria-labelledby="plan-request-title"
      onClose={close}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100%-2rem))] overflow-y-auto rounded-2xl p-6 shadow-xl backdrop:bg-slate-900/50 [&:not(:modal)]:static [&:not(:modal)]:my-10"
    >
      {sentTo ? (
        <div role="status">
          <h2 id="plan-request-title" className="text-2xl font-bold">
            {t("pricing.sent.title")}
          </h2>
          <p className="mt-3">{t("pricing.sent.text", { email: sentTo })}</p>
          <div className="mt-6 flex justify-end">
            <Link to={closed} replace preventScrollReset className={primaryButton}>
              {t("pricing.sent.close")}
            </Link>
          </div>
        </div>
      ) : (
        <>
          <h2 id="plan-request-title" className="text-2xl font-bold">
            {t("pricing.form.title")}
          </h2>
          <p className="mt-2 text-slate-700">{t("pricing.form.intro")}</p>
          <Form
            method="post"
            action={`${to("/pricing")}?${new URLSearchParams({ billing, plan: plan.slug })}`}
            preventScrollReset
            className="mt-4 flex flex-col gap-4"
            ref={form}
          >
            {alert}
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-1">
                <label htmlFor="request-plan" className="font-medium text-slate-800">
                  {t("pricing.form.plan")}
                </label>
                <select
                  id="request-plan"
                  name="plan"
                  defaultValue={values.plan ?? plan.slug}
                  className={control}
                  {...field("plan")}
                >
                  {plans.map((option) => (
                    <option key={option.slug} value={option.slug}>
                      {option.name[locale]}
                    </option>
                  ))}
                </select>
                {message("plan")}
              </div>
              <fieldset className="flex flex-col gap-1">
                <legend className="font-medium text-slate-800">{t("pricing.form.billing")}</legend>
                <div className="flex flex-col gap-1 pt-1">
                  {BILLINGS.map((option) => (
                    <label key={option} className="flex items-center gap-2">
                      <input
                        type="radio"
                        name="billing"
                        value={option}
                        defaultChecked={(values.billing ?? billing) === option}
                        className="size-4"
                      />
                      {t(`pricing.billing.${option}`)}
                    </label>
                  ))}
                </div>
                {message("billing")}
              </fieldset>
            </div>
            <TextField
              id="request-business"
              name="businessName"
              label={t("pricing.form.businessName")}
              autoComplete="organization"
              defaultValue={values.businessName ?? claimed?.name}
              maxLength={120}
              required
              {...field("businessName")}
              problem={message("businessName")}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id="request-contact"
                name="contactName"
                label={t("pricing.form.contactName")}
                autoComplete="name"
                defaultValue={values.contactName}
                maxLength={100}
                required
                {...field("contactName")}
                problem={message("contactName")}
              />
              <EmailField
                id="request-email"
                name="email"
                label={t("pricing.form.email")}
                defaultValue={values.email}
                {...field("email")}
                problem={message("email")}
              />
              <PhoneField
                id="request-phone"
                name="phone"
                label={t("pricing.form.phone")}
                hint={t("pricing.form.phoneHint")}
                defaultValue={values.phone}
                {...field("phone")}
                problem={message("phone")}
              />
              <div className="flex flex-col gap-1">
                <label htmlFor="request-province" className="font-medium text-slate-800">
                  {t("pricing.form.province")}
                </label>
                <select
                  id="request-province"
                  name="province"
                  defaultValue={values.province ?? claimed?.province ?? ""}
                  required
                  className={control}
                  {...field("province")}
                >
                  <option value="" disabled>
                    {t("pricing.form.chooseProvince")}
                  </option>
                  {provinces.map(({ code, name }) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </select>
                {message("province")}
              </div>
            </div>
            {claimed ? (
              <p className="rounded-lg bg-brand-50 p-3 text-brand-900">
                <input type="hidden" name="claim" value={claimed.id} />
                {t("pricing.form.claiming", claimed)}
              </p>
            ) : (
              <TextField
                id="request-claim"
                name="claim"
                label={t("pricing.form.claim")}
                hint={t("pricing.form.claimHint")}
                defaultValue={values.claim}
                maxLength={300}
                {...field("claim")}
                problem={message("claim")}
              />
            )}
            <div className="mt-2 flex flex-wrap justify-end gap-3">
              <Link
                to={closed}
                replace
                preventScrollReset
                className="rounded-lg px-6 py-3 font-semibold ring-1 ring-slate-300"
              >
                {t("pricing.form.cancel")}
              </Link>
              <button
                type="submit"
                disabled={busy}
                className={`${primaryButton} disabled:opacity-70`}
              >
                {busy ? t("pricing.form.sending") : t("pricing.form.submit")}
              </button>
            </div>
          </Form>
        </>
      )}
    </dialog>
  );
}
