import { Form, Link, redirect, useSearchParams } from "react-router";
import { localeFromPath, localizedPath } from "../../i18n/locale.ts";
import { pageMessages } from "../../i18n/messages.server.ts";
import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { type FormOutcome, formFailure, sentTextFields } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { isAppError } from "../../platform/errors.ts";
import { readRaw, validate } from "../../platform/input.server.ts";
import { savePlan, staffPlan } from "../../pricing/plan-edits.server.ts";
import { planFormSchema } from "../../pricing/plan-form.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { LanguageColumns, SavedNotice, TextArea } from "../../staff/components/content-form.tsx";
import { CONTENT_ROLE, contentIdOf, contentWrite } from "../../staff/content-write.server.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/content-plan";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context }, CONTENT_ROLE);
  const plan = await staffPlan(context.get(databaseContext), contentIdOf(params.id));
  return { plan, messages: pageMessages(request, "staff") };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context }, CONTENT_ROLE);
  const id = contentIdOf(params.id);
  const raw = await readRaw(request);
  const sent = sentTextFields(raw);
  try {
    const form = await validate(planFormSchema, raw);
    await contentWrite(context, staff, (tx) => savePlan(tx, id, form));
    const locale = localeFromPath(new URL(request.url).pathname);
    return redirect(localizedPath(`/staff/content/plans/${id}?saved=1`, locale));
  } catch (error) {
    if (!isAppError(error)) throw error;
    return formFailure(error, { sent });
  }
}

const FIELDS = [
  "name_en-CA",
  "summary_en-CA",
  "features_en-CA",
  "name_fr-CA",
  "summary_fr-CA",
  "features_fr-CA",
  "monthly",
  "annual",
  "recommended",
];

const dollars = (cents: number) => (cents / 100).toFixed(2);

export default function StaffPlan({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalizedPath();
  const locale = useLocale();
  const [search] = useSearchParams();
  const { plan } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "plan-problem", FIELDS);
  const sent = result?.sent;
  const value = (name: string, saved: string) => sent?.[name] ?? saved;
  return (
    <section>
      <title>{t("staff.content.plans.editTitle")}</title>
      <p>
        <Link to={to("/staff/content/plans")} className="text-brand-800 underline">
          {t("staff.content.plans.heading")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold break-words">
        {t("staff.content.plans.editHeading", { name: plan.name[locale] })}
      </h1>
      {search.has("saved") && !result && <SavedNotice />}
      <Form method="post" ref={problem.form} className="mt-6 flex flex-col gap-6" noValidate>
        {problem.alert}
        <input type="hidden" name="version" value={plan.version} />
        <LanguageColumns
          render={(locale) => (
            <>
              <TextField
                id={`name-${locale}`}
                name={`name_${locale}`}
                label={t("staff.content.plans.name")}
                defaultValue={value(`name_${locale}`, plan.name[locale])}
                maxLength={60}
                {...problem.field(`name_${locale}`)}
                problem={problem.message(`name_${locale}`)}
              />
              <TextArea
                id={`summary-${locale}`}
                name={`summary_${locale}`}
                label={t("staff.content.plans.summary")}
                defaultValue={value(`summary_${locale}`, plan.summary[locale])}
                rows={3}
                maxLength={300}
                {...problem.field(`summary_${locale}`)}
                problem={problem.message(`summary_${locale}`)}
              />
              <TextArea
                id={`features-${locale}`}
                name={`features_${locale}`}
                label={t("staff.content.plans.features")}
                defaultValue={value(`features_${locale}`, plan.features[locale].join("\n"))}
                rows={6}
                {...problem.field(`features_${locale}`)}
                problem={problem.message(`features_${locale}`)}
              />
            </>
          )}
        />
        <div className="grid gap-4 md:grid-cols-2">
          {(
            [
              ["monthly", "staff.content.plans.monthly", plan.monthlyPriceCents],
              ["annual", "staff.content.plans.annual", plan.annualPriceCents],
            ] as const
          ).map(([name, label, cents]) => (
            <TextField
              key={name}
              id={name}
              name={name}
              inputMode="decimal"
              label={t(label)}
              hint={t("staff.content.plans.priceHint")}
              defaultValue={value(name, dollars(cents))}
              {...problem.field(name)}
              problem={problem.message(name)}
            />
          ))}
        </div>
        <div className="flex items-center gap-2">
          <input
            id="recommended"
            name="recommended"
            type="checkbox"
            defaultChecked={sent ? sent.recommended === "on" : plan.recommended}
            className="size-5 shrink-0"
          />
          <label htmlFor="recommended" className="font-medium">
            {t("staff.content.plans.recommended")}
          </label>
        </div>
        <div>
          <button type="submit" className={primaryButton}>
            {t("staff.content.save")}
          </button>
        </div>
      </Form>
      {result?.problem?.code === "already_handled" && (
        <p className="mt-2 text-sm text-slate-700">{t("staff.content.anotherSaved")}</p>
      )}
    </section>
  );
}
