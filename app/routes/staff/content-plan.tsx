import { useLocale, useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FormOutcome } from "../../platform/api.ts";
import { databaseContext } from "../../platform/context.ts";
import { validate } from "../../platform/input.server.ts";
import { savePlan, staffPlan } from "../../pricing/plan-edits.server.ts";
import { planFormSchema } from "../../pricing/plan-form.ts";
import { requireStaff } from "../../staff/access.server.ts";
import { ContentEditPage, LanguageColumns } from "../../staff/components/content-form.tsx";
import {
  CONTENT_ROLE,
  contentIdOf,
  contentSave,
  contentWrite,
} from "../../staff/content-write.server.ts";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { TextArea } from "../../ui/text-area.tsx";
import { TextField } from "../../ui/text-field.tsx";
import type { Route } from "./+types/content-plan";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff({ request, context }, CONTENT_ROLE);
  const plan = await staffPlan(context.get(databaseContext), contentIdOf(params.id));
  return { plan };
}

export function action({ request, context, params }: Route.ActionArgs) {
  const id = contentIdOf(params.id);
  return contentSave({ request, context }, async ({ staff, raw }) => {
    const form = await validate(planFormSchema, raw);
    await contentWrite(context, staff, (tx) => savePlan(tx, id, form));
    return `/staff/content/plans/${id}`;
  });
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
  const { plan } = loaderData;
  const result: FormOutcome<typeof actionData> = actionData;
  const problem = useFormProblem(result?.problem, "plan-problem", FIELDS);
  const sent = result?.sent;
  const value = (name: string, saved: string) => sent?.[name] ?? saved;
  return (
    <ContentEditPage
      title={t("staff.content.plans.editTitle")}
      back={{ href: to("/staff/content/plans"), label: t("staff.content.plans.heading") }}
      heading={t("staff.content.plans.editHeading", { name: plan.name[locale] })}
      result={result}
      problem={problem}
      version={plan.version}
    >
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
    </ContentEditPage>
  );
}
