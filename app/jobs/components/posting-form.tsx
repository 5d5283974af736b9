import { Form, useNavigation } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import type { FormProblem } from "../../platform/api.ts";
import type { FieldProblem } from "../../platform/errors.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { TextArea } from "../../ui/text-area.tsx";
import { EmailField, TextField } from "../../ui/text-field.tsx";
import { useProvinceOptions } from "../../ui/use-province-options.ts";
import { EMPLOYER_TYPES, EMPLOYMENT_TYPES, PAY_PERIODS, WORK_SETTINGS } from "../posting.ts";
import type { EmployerPosting } from "../posting-schema.ts";
import { MAX_QUESTIONS, QUESTION_KINDS, QUESTION_MAX } from "../screening.ts";

/** The form's fields, in its order: a problem about one of them shows beside it. */
const POSTING_FIELDS = [
  "title.en-CA",
  "title.fr-CA",
  "overview.en-CA",
  "overview.fr-CA",
  "description.en-CA",
  "description.fr-CA",
  "skills.en-CA",
  "skills.fr-CA",
  "city",
  "province",
  "postalCode",
  "workSetting",
  "employerType",
  "employmentType",
  "pay.minCents",
  "pay.maxCents",
  "pay.period",
  "aiScreening",
  "existingVacancy",
  "contactEmail",
  "contactLocale",
  "closesOn",
] as const;

const LOCALES = ["en-CA", "fr-CA"] as const;

/** A screening question row's fields, one kind and a text per language. */
type QuestionField = `questions.${number}.${"kind" | `text.${(typeof LOCALES)[number]}`}`;
const QUESTION_ROWS = Array.from({ length: MAX_QUESTIONS }, (_, index) => index);
const QUESTION_FIELDS: QuestionField[] = QUESTION_ROWS.flatMap((index) => [
  `questions.${index}.kind` as const,
  ...LOCALES.map((locale) => `questions.${index}.text.${locale}` as const),
]);
/** The closing date comes last on the page, after the questions. */
const FIELD_ORDER = [...POSTING_FIELDS.slice(0, -1), ...QUESTION_FIELDS, "closesOn"];

/** What the form shows in its fields, by name, as text. */
export type PostingFormValues = Partial<
  Record<(typeof POSTING_FIELDS)[number] | QuestionField, string>
>;

const selectClass =
  "rounded-lg border border-slate-300 bg-white px-3 py-3 focus:border-brand-700 aria-invalid:border-red-700";

/**
 * An employer's posting form (new and edit), without JavaScript: every field a seeker reads, in
 * both languages side by side. A refused submission marks every wrong field with its message
 * beside it; the first takes the focus.
 */
export function PostingForm({
  values,
  problem,
  problems = [],
}: {
  values: PostingFormValues;
  problem?: FormProblem;
  problems?: FieldProblem[];
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const provinces = useProvinceOptions();
  const first = useFormProblem(problem, "posting-problem", FIELD_ORDER);
  // The first problem is useFormProblem's (focus, alert); the others are marked the same way.
  const others = new Map(
    problems.filter((item) => item.field !== problem?.field).map((item) => [item.field, item]),
  );
  const mark = (name: string) => {
    const other = others.get(name);
    return other
      ? { "aria-invalid": true as const, "aria-errormessage": `${name}-problem` }
      : first.field(name);
  };
  const message = (name: string) => {
    const other = others.get(name);
    return other ? (
      <p id={`${name}-problem`} className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
        {t(other.message)}
      </p>
    ) : (
      first.message(name)
    );
  };
  const field = (name: string) => ({
    id: `posting-${name.replaceAll(".", "-")}`,
    name,
    defaultValue: values[name as keyof PostingFormValues] ?? "",
    ...mark(name),
    problem: message(name),
  });
  const languageLabel = (locale: (typeof LOCALES)[number]) =>
    t(locale === "en-CA" ? "employer.jobs.form.english" : "employer.jobs.form.french");

  const select = (
    name: string,
    label: string,
    options: [string, string][],
    { required = true, fallback = "" } = {},
  ) => (
    <div className="flex flex-col gap-1">
      <label
        htmlFor={`posting-${name.replaceAll(".", "-")}`}
        className="font-medium text-slate-800"
      >
        {label}
      </label>
      <select
        id={`posting-${name.replaceAll(".", "-")}`}
        name={name}
        required={required}
        defaultValue={values[name as keyof PostingFormValues] ?? fallback}
        className={selectClass}
        {...mark(name)}
      >
        {required && (
          <option value="" disabled>
            {t("employer.jobs.form.choose")}
          </option>
        )}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {message(name)}
    </div>
  );

  const statement = (name: "aiScreening" | "existingVacancy") => (
    <fieldset className="flex flex-col gap-1">
      <legend className="font-medium text-slate-800">{t(`employer.jobs.form.${name}`)}</legend>
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
        {(["yes", "no", ""] as const).map((value) => (
          <div key={value || "unsaid"} className="flex items-center gap-2">
            <input
              id={`posting-${name}-${value || "unsaid"}`}
              type="radio"
              name={name}
              value={value}
              defaultChecked={(values[name] ?? "") === value}
              className="size-5"
              {...mark(name)}
            />
            <label htmlFor={`posting-${name}-${value || "unsaid"}`}>
              {t(
                value === "yes"
                  ? "employer.jobs.form.yes"
                  : value === "no"
                    ? "employer.jobs.form.no"
                    : "employer.jobs.form.notSaid",
              )}
            </label>
          </div>
        ))}
      </div>
      {message(name)}
    </fieldset>
  );

  const group = "flex flex-col gap-4 rounded-xl p-4 ring-1 ring-slate-200";
  const legend = "px-1 text-lg font-semibold";
  return (
    <Form method="post" className="flex flex-col gap-6" ref={first.form}>
      <input type="hidden" name="intent" value="save" />
      {first.alert}
      {(["title", "overview", "description", "skills"] as const).map((name) => (
        <fieldset key={name} className={group}>
          <legend className={legend}>{t(`employer.jobs.form.${name}`)}</legend>
          <div className="grid gap-4 md:grid-cols-2">
            {LOCALES.map((locale) =>
              name === "title" ? (
                <TextField
                  key={locale}
                  label={languageLabel(locale)}
                  lang={locale}
                  maxLength={120}
                  required
                  {...field(`${name}.${locale}`)}
                />
              ) : (
                <TextArea
                  key={locale}
                  label={languageLabel(locale)}
                  lang={locale}
                  rows={name === "description" ? 8 : 3}
                  required
                  {...field(`${name}.${locale}`)}
                />
              ),
            )}
          </div>
        </fieldset>
      ))}
      <fieldset className={group}>
        <legend className={legend}>{t("employer.jobs.form.place")}</legend>
        <TextField
          label={t("employer.jobs.form.city")}
          maxLength={80}
          required
          {...field("city")}
        />
        {select(
          "province",
          t("employer.jobs.form.province"),
          provinces.map(({ code, name }) => [code, name]),
        )}
        <TextField
          label={t("employer.jobs.form.postalCode")}
          autoComplete="postal-code"
          maxLength={7}
          required
          {...field("postalCode")}
        />
      </fieldset>
      <fieldset className={group}>
        <legend className={legend}>{t("employer.jobs.form.kind")}</legend>
        {select(
          "workSetting",
          t("employer.jobs.form.workSetting"),
          WORK_SETTINGS.map((value) => [value, t(`jobs.workSettings.${value}`)]),
        )}
        {select(
          "employerType",
          t("employer.jobs.form.employerType"),
          EMPLOYER_TYPES.map((value) => [value, t(`jobs.employerTypes.${value}`)]),
        )}
        {select(
          "employmentType",
          t("employer.jobs.form.employmentType"),
          EMPLOYMENT_TYPES.map((value) => [value, t(`jobs.employmentTypes.${value}`)]),
        )}
      </fieldset>
      <fieldset className={group}>
        <legend className={legend}>{t("employer.jobs.form.pay")}</legend>
        <p className="text-sm text-slate-700">{t("employer.jobs.form.payHint")}</p>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={t("employer.jobs.form.payMin")}
            inputMode="decimal"
            required
            {...field("pay.minCents")}
          />
          <TextField
            label={t("employer.jobs.form.payMax")}
            inputMode="decimal"
            required
            {...field("pay.maxCents")}
          />
          {select(
            "pay.period",
            t("employer.jobs.form.payPeriod"),
            PAY_PERIODS.map((value) => [value, t(`employer.jobs.form.payPeriods.${value}`)]),
          )}
        </div>
      </fieldset>
      <fieldset className={group}>
        <legend className={legend}>{t("employer.jobs.form.statements")}</legend>
        {statement("aiScreening")}
        {statement("existingVacancy")}
      </fieldset>
      <fieldset className={group} aria-describedby="questions-hint">
        <legend className={legend}>{t("employer.questions.heading")}</legend>
        <p id="questions-hint" className="text-sm text-slate-700">
          {t("employer.questions.hint", { count: MAX_QUESTIONS })}
        </p>
        {QUESTION_ROWS.map((index) => (
          <fieldset
            key={index}
            className="grid gap-4 border-t border-slate-200 pt-4 md:grid-cols-[12rem_1fr_1fr]"
          >
            <legend className="sr-only">
              {t("employer.questions.row", { number: index + 1 })}
            </legend>
            {select(
              `questions.${index}.kind`,
              t("employer.questions.kind", { number: index + 1 }),
              QUESTION_KINDS.map((kind) => [kind, t(`employer.questions.kinds.${kind}`)]),
              { required: false, fallback: "yesNo" },
            )}
            {LOCALES.map((locale) => (
              <TextField
                key={locale}
                label={languageLabel(locale)}
                lang={locale}
                maxLength={QUESTION_MAX}
                {...field(`questions.${index}.text.${locale}`)}
              />
            ))}
          </fieldset>
        ))}
      </fieldset>
      <fieldset className={group}>
        <legend className={legend}>{t("employer.jobs.form.applications")}</legend>
        <EmailField label={t("employer.jobs.form.contactEmail")} {...field("contactEmail")} />
        {select(
          "contactLocale",
          t("employer.jobs.form.contactLocale"),
          LOCALES.map((locale) => [locale, t(`employer.jobs.form.locales.${locale}`)]),
        )}
        <TextField
          type="date"
          label={t("employer.jobs.form.closesOn")}
          hint={t("employer.jobs.form.closesOnHint")}
          required
          {...field("closesOn")}
        />
      </fieldset>
      <div className="flex justify-end">
        <button type="submit" disabled={busy} className={`${primaryButton} disabled:opacity-70`}>
          {t("employer.jobs.form.save")}
        </button>
      </div>
    </Form>
  );
}

/** Cents as the pay fields show them: "52.5" stays "52.50", whole dollars have no decimals. */
const dollarsOf = (cents: number) =>
  cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);

const statementText = (value: boolean | null) => (value === null ? "" : value ? "yes" : "no");

/** A stored posting's fields as the form shows them. */
export function postingFormValues(posting: EmployerPosting): PostingFormValues {
  return {
    "title.en-CA": posting.title["en-CA"],
    "title.fr-CA": posting.title["fr-CA"],
    "overview.en-CA": posting.overview["en-CA"],
    "overview.fr-CA": posting.overview["fr-CA"],
    "description.en-CA": posting.description["en-CA"],
    "description.fr-CA": posting.description["fr-CA"],
    "skills.en-CA": posting.skills["en-CA"].join("\n"),
    "skills.fr-CA": posting.skills["fr-CA"].join("\n"),
    city: posting.city,
    province: posting.province,
    postalCode: posting.postalCode,
    workSetting: posting.workSetting,
    employerType: posting.employerType,
    employmentType: posting.employmentType,
    "pay.minCents": dollarsOf(posting.pay.minCents),
    "pay.maxCents": dollarsOf(posting.pay.maxCents),
    "pay.period": posting.pay.period,
    aiScreening: statementText(posting.aiScreening),
    existingVacancy: statementText(posting.existingVacancy),
    contactEmail: posting.contactEmail,
    contactLocale: posting.contactLocale,
    ...Object.fromEntries(
      posting.questions.flatMap((question, index) => [
        [`questions.${index}.kind`, question.kind],
        ...LOCALES.map((locale) => [
          `questions.${index}.text.${locale}`,
          question.text[locale] ?? "",
        ]),
      ]),
    ),
    closesOn: posting.closesOn,
  };
}
