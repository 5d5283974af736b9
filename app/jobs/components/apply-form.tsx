import { useEffect, useMemo, useRef, useState } from "react";
import { Form, useFetcher, useNavigation, useSubmit } from "react-router";
import type { MessageKey } from "../../i18n/i18n.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import type { FormProblem } from "../../platform/api.ts";
import { EMAIL_MAX, PHONE_MAX } from "../../platform/field-limits.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { FilePicker } from "../../ui/file-picker.tsx";
import { useFormProblem } from "../../ui/form-problem.tsx";
import { ANSWER_MAX, answerField, questionTextIn, type ScreeningQuestion } from "../screening.ts";

const APPLY_FIELDS = ["fullName", "email", "contactNo", "resume", "summary"] as const;

/** A schema issue checked in the browser, as the server would answer it. */
const issueProblem = (field: string, key: unknown): FormProblem => ({
  code: "invalid_parameters",
  message: key as MessageKey,
  field,
});

/** The fields filled in before the applicant types: a player's name and e-mail, or what was sent. */
export type ApplyDefaults = {
  fullName: string;
  email: string;
  contactNo?: string;
  summary?: string;
  /** Answers typed before a refusal, by question. */
  answers?: string[];
};
type ApplicationModule = typeof import("../application.ts");

/** The schema module, loaded on first use: its phone rules are too big for every page's bundle. */
let applicationModule: Promise<ApplicationModule> | undefined;
const loadApplicationModule = () => {
  applicationModule ??= import("../application.ts");
  return applicationModule;
};

const inputClass =
  "rounded-lg border border-slate-300 px-3 py-2.5 focus:border-brand-700 aria-invalid:border-red-700";

/**
 * Full name, e-mail, contact number, CV (PDF) and summary, posted as multipart to
 * /jobs/{id}/apply. With JavaScript the same schema as the server's checks it first, and a file
 * that is not a PDF of at most 5 MB is refused as soon as it is chosen and not kept; without
 * JavaScript the server does all of it. `fetcher` submits from the dialog without leaving the page.
 */
export function ApplyForm({
  action,
  defaults,
  questions,
  serverProblem,
  onCancel,
  cancel,
  inDialog,
}: {
  action: string;
  defaults: ApplyDefaults;
  questions: readonly ScreeningQuestion[];
  serverProblem?: FormProblem;
  onCancel?: () => void;
  cancel?: React.ReactNode;
  inDialog: boolean;
}) {
  const t = useT();
  // The apply page's action: a refusal comes back as `{ problem }`, success redirects.
  const fetcher = useFetcher<{ problem?: FormProblem }>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [localProblem, setLocalProblem] = useState<FormProblem | null>(null);
  const [checking, setChecking] = useState(false);
  const resume = useRef<HTMLInputElement>(null);
  const fetched = fetcher.data?.problem;
  const busy =
    checking || fetcher.state !== "idle" || (!inDialog && navigation.state === "submitting");

  useEffect(() => {
    void loadApplicationModule();
  }, []);

  const server = inDialog ? fetched : serverProblem;
  const fields = useMemo(
    () => [...APPLY_FIELDS, ...questions.map((_, index) => answerField(index))],
    [questions],
  );
  const { form, field, message, alert } = useFormProblem(
    localProblem ?? server,
    "apply-problem",
    fields,
  );
  const FormElement = inDialog ? fetcher.Form : Form;

  /** Refuses a file that is not a PDF of at most 5 MB the moment it is chosen, and drops it. */
  async function checkFile(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    const { applicationSchema } = await loadApplicationModule();
    const parsed = await applicationSchema.shape.resume.safeParseAsync(file);
    if (parsed.success) {
      setLocalProblem(null);
      return;
    }
    input.value = "";
    setLocalProblem(issueProblem("resume", parsed.error.issues[0]?.message));
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setChecking(true);
    try {
      const { applicationSchemaFor } = await loadApplicationModule();
      const parsed = await applicationSchemaFor(questions).safeParseAsync(Object.fromEntries(data));
      if (!parsed.success) {
        // The first problem in the form's order, as the server would answer it.
        const issue = parsed.error.issues
          .map((item) => ({ item, at: fields.indexOf(String(item.path[0])) }))
          .sort((a, b) => a.at - b.at)[0]?.item;
        const field = String(issue?.path[0] ?? "");
        if (field === "resume" && resume.current) resume.current.value = "";
        setLocalProblem(issueProblem(field, issue?.message));
        return;
      }
      setLocalProblem(null);
      const options = { method: "post", action, encType: "multipart/form-data" } as const;
      if (inDialog) await fetcher.submit(data, options);
      else await submit(data, options);
    } finally {
      setChecking(false);
    }
  }

  return (
    <FormElement
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      className="mt-4 flex flex-col gap-4"
      ref={form}
    >
      {alert}
      <Field id="apply-fullName" problem={message("fullName")} label={t("jobs.apply.fullName")}>
        <input
          id="apply-fullName"
          type="text"
          name="fullName"
          required
          maxLength={100}
          autoComplete="name"
          defaultValue={defaults.fullName}
          {...field("fullName")}
          className={inputClass}
        />
      </Field>
      <Field id="apply-email" problem={message("email")} label={t("jobs.apply.email")}>
        <input
          id="apply-email"
          name="email"
          type="email"
          required
          maxLength={EMAIL_MAX}
          autoComplete="email"
          defaultValue={defaults.email}
          {...field("email")}
          className={inputClass}
        />
      </Field>
      <Field
        id="apply-contactNo"
        problem={message("contactNo")}
        label={t("jobs.apply.contactNo")}
        hint={t("jobs.apply.contactNoHint")}
      >
        <input
          id="apply-contactNo"
          name="contactNo"
          type="tel"
          required
          maxLength={PHONE_MAX}
          autoComplete="tel"
          defaultValue={defaults.contactNo}
          {...field("contactNo")}
          aria-describedby="apply-contactNo-hint"
          className={inputClass}
        />
      </Field>
      <Field
        id="apply-resume"
        problem={message("resume")}
        label={t("jobs.apply.resume")}
        hint={t("jobs.apply.resumeHint")}
      >
        <FilePicker
          inputRef={resume}
          id="apply-resume"
          name="resume"
          required
          accept="application/pdf,.pdf"
          {...field("resume")}
          aria-describedby="apply-resume-hint"
          onChange={(event) => void checkFile(event.currentTarget)}
        />
      </Field>
      <Field
        id="apply-summary"
        problem={message("summary")}
        label={t("jobs.apply.summary")}
        hint={t("jobs.apply.summaryHint")}
      >
        <textarea
          id="apply-summary"
          name="summary"
          rows={4}
          maxLength={2000}
          defaultValue={defaults.summary}
          {...field("summary")}
          aria-describedby="apply-summary-hint"
          className={inputClass}
        />
      </Field>
      <ScreeningAnswers
        questions={questions}
        answers={defaults.answers ?? []}
        field={field}
        message={message}
      />
      <p className="text-sm text-slate-600">{t("jobs.apply.privacy")}</p>
      <div className="mt-2 flex flex-wrap justify-end gap-3">
        {onCancel ? (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-lg px-5 py-2 font-semibold ring-1 ring-slate-300"
          >
            {t("jobs.apply.cancel")}
          </button>
        ) : (
          cancel
        )}
        <button type="submit" disabled={busy} className={`${primaryButton} disabled:opacity-70`}>
          {busy ? t("jobs.apply.sending") : t("jobs.apply.submit")}
        </button>
      </div>
    </FormElement>
  );
}

/**
 * The posting's screening questions, every one required: yes/no as two radio buttons in a
 * fieldset, a short text as a text field. Nothing here rejects an applicant by itself.
 */
function ScreeningAnswers({
  questions,
  answers,
  field,
  message,
}: {
  questions: readonly ScreeningQuestion[];
  answers: readonly string[];
  field: (name: string) => object;
  message: (name: string) => React.ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  if (questions.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl p-4 ring-1 ring-slate-200">
      <legend className="px-1 font-semibold">{t("jobs.questions.heading")}</legend>
      {questions.map((question, index) => {
        const name = answerField(index);
        const id = `apply-answer-${index}`;
        const text = questionTextIn(question.text, locale);
        return question.kind === "yesNo" ? (
          <fieldset key={name} className="flex flex-col gap-1">
            <legend className="font-medium text-slate-800">{text}</legend>
            <div className="mt-1 flex gap-5">
              {(["yes", "no"] as const).map((value) => (
                <div key={value} className="flex items-center gap-2">
                  <input
                    id={`${id}-${value}`}
                    type="radio"
                    name={name}
                    value={value}
                    required
                    defaultChecked={answers[index] === value}
                    className="size-5"
                    {...field(name)}
                  />
                  <label htmlFor={`${id}-${value}`}>{t(`jobs.questions.${value}`)}</label>
                </div>
              ))}
            </div>
            {message(name)}
          </fieldset>
        ) : (
          <Field key={name} id={id} problem={message(name)} label={text}>
            <input
              id={id}
              type="text"
              name={name}
              required
              maxLength={ANSWER_MAX}
              defaultValue={answers[index]}
              {...field(name)}
              className={inputClass}
            />
          </Field>
        );
      })}
    </fieldset>
  );
}

/** A labelled control with its hint, and the form's problem about it under both. */
function Field({
  id,
  label,
  hint,
  problem,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  problem: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {problem}
    </div>
  );
}
