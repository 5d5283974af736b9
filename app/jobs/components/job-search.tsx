import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { useLocalizedPath } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { Icon } from "../../ui/icons.tsx";
import { type JobSearchForm, SEARCH_TEXT_MAX, searchQuery } from "../links.ts";
import { EMPLOYER_TYPES, WORK_SETTINGS } from "../posting.ts";
import { useCloseOnBackdrop } from "./close-on-backdrop.ts";

/** The form every search control belongs to, wherever it sits (the filters use form=""). */
const SEARCH_FORM_ID = "job-search";
const FILTERS_ID = "job-filters";

const field =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-3 text-slate-900 placeholder:text-slate-500 focus:border-brand-700";

type Problems = Partial<Record<keyof JobSearchForm | "page", string>>;

/**
 * The two search inputs and 'Search Jobs': a GET form to /jobs, so the address can be shared and
 * it works before the JavaScript loads.
 */
export function JobSearchBar({ form, problems }: { form: JobSearchForm; problems: Problems }) {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <Form
      id={SEARCH_FORM_ID}
      method="get"
      action={to("/jobs")}
      role="search"
      aria-label={t("jobs.search.panel")}
      className="grid gap-3 rounded-2xl bg-white p-4 shadow-lg ring-1 ring-slate-200 md:grid-cols-[1fr_1fr_auto]"
    >
      <SearchInput
        name="keywords"
        label={t("jobs.search.keywords")}
        placeholder={t("jobs.search.keywordsPlaceholder")}
        value={form.keywords}
        problem={problems.keywords}
      />
      <SearchInput
        name="location"
        label={t("jobs.search.location")}
        placeholder={t("jobs.search.locationPlaceholder")}
        value={form.location}
        problem={problems.location}
        autoComplete="address-level2"
      />
      <button
        type="submit"
        className={`${primaryButton} flex items-center justify-center gap-2 self-end`}
      >
        <Icon name="search" />
        {t("jobs.search.submit")}
      </button>
    </Form>
  );
}

function SearchInput({
  name,
  label,
  placeholder,
  value,
  problem,
  autoComplete = "off",
}: {
  name: "keywords" | "location";
  label: string;
  placeholder: string;
  value: string;
  problem?: string;
  autoComplete?: string;
}) {
  const id = `jobs-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="search"
        defaultValue={value}
        placeholder={placeholder}
        maxLength={SEARCH_TEXT_MAX}
        autoComplete={autoComplete}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className={field}
      />
      {problem && (
        <p id={`${id}-problem`} className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

const WIDE = "(min-width: 64rem)";

/**
 * Posted Date, Employer Type and Work Settings. From 64rem on it is the sidebar; on phones the same
 * element is a modal <dialog> behind the Filters button. Its controls belong to the search form
 * (form=""), so one GET carries every filter. Without JavaScript the Filters button is a link
 * (?filters) that shows the panel open in the page.
 */
export function FiltersPanel({
  form,
  startOpen,
  problem,
}: {
  form: JobSearchForm;
  startOpen: boolean;
  problem?: string;
}) {
  const t = useT();
  const to = useLocalizedPath();
  const dialog = useRef<HTMLDialogElement>(null);
  const { search } = useLocation();
  useCloseOnBackdrop(dialog);

  useEffect(() => {
    const element = dialog.current;
    if (!element?.hasAttribute("open") || window.matchMedia(WIDE).matches) return;
    // Opened by the no-JavaScript link: now that scripts run, make it modal.
    element.removeAttribute("open");
    element.showModal();
  }, []);
  // A search sent from the dialog shows its results: the dialog has done its job.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on each new search.
  useEffect(() => {
    if (dialog.current?.open && !window.matchMedia(WIDE).matches) dialog.current.close();
  }, [search]);

  const postedChoices = [
    ["", "jobs.filters.anyDate"],
    ["1", "jobs.filters.today"],
    ["3", "jobs.filters.last3Days"],
    ["7", "jobs.filters.last7Days"],
  ] as const;
  const clearHref = to(
    `/jobs?${searchQuery({ keywords: form.keywords, location: form.location })}`,
  );

  return (
    <dialog
      ref={dialog}
      id={FILTERS_ID}
      open={startOpen || undefined}
      aria-labelledby="filters-heading"
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(24rem,calc(100%-2rem))] overflow-y-auto rounded-2xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50 open:fixed open:inset-0 open:z-50 lg:open:static lg:open:z-auto lg:static lg:m-0 lg:block lg:max-h-none lg:w-auto lg:overflow-visible lg:rounded-2xl lg:p-5 lg:shadow-none lg:ring-1 lg:ring-slate-200"
    >
      <div className="flex items-center justify-between">
        <h2 id="filters-heading" className="text-xl font-bold">
          {t("jobs.filters.heading")}
        </h2>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="rounded-lg px-3 py-1 font-semibold text-brand-800 ring-1 ring-slate-300 lg:hidden"
        >
          {t("jobs.filters.close")}
        </button>
      </div>
      {problem && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      <fieldset className="mt-5">
        <legend className="font-semibold">{t("jobs.filters.postedDate")}</legend>
        <div className="mt-2 flex flex-col gap-2">
          {postedChoices.map(([value, label]) => (
            <Choice
              key={value || "any"}
              type="radio"
              name="posted"
              value={value}
              checked={form.posted === value}
              label={t(label)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-5">
        <legend className="font-semibold">{t("jobs.filters.employerType")}</legend>
        <div className="mt-2 flex flex-col gap-2">
          {EMPLOYER_TYPES.map((value) => (
            <Choice
              key={value}
              type="checkbox"
              name="employerType"
              value={value}
              checked={form.employerType.includes(value)}
              label={t(`jobs.employerTypes.${value}`)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-5">
        <legend className="font-semibold">{t("jobs.filters.workSettings")}</legend>
        <div className="mt-2 flex flex-col gap-2">
          {WORK_SETTINGS.map((value) => (
            <Choice
              key={value}
              type="checkbox"
              name="workSetting"
              value={value}
              checked={form.workSetting.includes(value)}
              label={t(`jobs.workSettings.${value}`)}
            />
          ))}
        </div>
      </fieldset>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <button type="submit" form={SEARCH_FORM_ID} className={primaryButton}>
          {t("jobs.filters.apply")}
        </button>
        <Link to={clearHref} className="font-semibold text-brand-800 underline">
          {t("jobs.filters.clear")}
        </Link>
      </div>
    </dialog>
  );
}

function Choice({
  type,
  name,
  value,
  checked,
  label,
}: {
  type: "radio" | "checkbox";
  name: string;
  value: string;
  checked: boolean;
  label: string;
}) {
  const id = `filter-${name}-${value || "any"}`;
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type={type}
        name={name}
        value={value}
        defaultChecked={checked}
        form={SEARCH_FORM_ID}
        className="size-5"
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/**
 * Opens the filters on phones. Until the page's script runs it is a link to the same search with
 * ?filters, which shows the panel open; then it is a button opening the modal dialog.
 */
export function FiltersButton({ form, count }: { form: JobSearchForm; count: number }) {
  const t = useT();
  const to = useLocalizedPath();
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const className =
    "inline-flex items-center gap-2 rounded-lg px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-700 lg:hidden";
  const label = count > 0 ? `${t("jobs.filters.open")} (${count})` : t("jobs.filters.open");
  if (!scripted) {
    const query = searchQuery(form);
    return (
      <Link to={to(`/jobs?${query ? `${query}&` : ""}filters=open`)} className={className}>
        {label}
      </Link>
    );
  }
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-controls={FILTERS_ID}
      onClick={() => document.querySelector<HTMLDialogElement>(`#${FILTERS_ID}`)?.showModal()}
      className={className}
    >
      {label}
    </button>
  );
}
