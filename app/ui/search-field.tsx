import { Form } from "react-router";
import type { MessageKey } from "../i18n/i18n.ts";
import { useT } from "../i18n/use-t.ts";
import { primaryButton } from "./button-link.tsx";
import { Icon } from "./icons.tsx";

/** The look of a search panel's text inputs and selects. */
const searchControl =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-3 text-slate-900 placeholder:text-slate-500 focus:border-brand-700";

/** The panel around a hero's search fields: one column on phones, `columns` from md up. */
const searchPanel = "grid gap-3 rounded-2xl bg-white p-4 shadow-lg ring-1 ring-slate-200";

type SearchControlProps = {
  id: string;
  name: string;
  className: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

/** A labelled search control with its problem under it; the control gets the wiring it needs. */
function SearchField({
  idPrefix = "search",
  name,
  label,
  problem,
  children,
}: {
  idPrefix?: string;
  name: string;
  label: string;
  problem?: string;
  children: (control: SearchControlProps) => React.ReactNode;
}) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({
        id,
        name,
        className: searchControl,
        "aria-invalid": problem ? true : undefined,
        "aria-describedby": problem ? `${id}-problem` : undefined,
      })}
      {problem && (
        <p id={`${id}-problem`} className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * A hero's search: a plain GET form to a list page (it works before the JavaScript loads), its
 * fields, and the submit button with the search icon. `columns` lays the fields out from md up.
 */
export function SearchPanel({
  action,
  label,
  columns,
  submitLabel,
  children,
}: {
  action: string;
  label: string;
  columns: string;
  submitLabel: string;
  children: React.ReactNode;
}) {
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className={`${searchPanel} ${columns}`}
    >
      {children}
      <button
        type="submit"
        className={`${primaryButton} flex items-center justify-center gap-2 self-end`}
      >
        <Icon name="search" />
        {submitLabel}
      </button>
    </Form>
  );
}

type TextFieldProps = {
  idPrefix?: string;
  name: string;
  label: string;
  placeholder: string;
  value: string | undefined;
  /** The longest text the area's search schema takes. */
  maxLength: number;
  problem?: string;
};

/** What to look for, matched as words: a search box that remembers nothing. */
export function SearchWhat(props: TextFieldProps) {
  return <SearchText {...props} type="search" autoComplete="off" />;
}

/** Where: a city or province, which the browser may fill in. */
export function SearchWhere(props: TextFieldProps) {
  return <SearchText {...props} type="text" autoComplete="address-level2" />;
}

function SearchText({
  idPrefix,
  name,
  label,
  placeholder,
  value,
  maxLength,
  problem,
  type,
  autoComplete,
}: TextFieldProps & { type: "search" | "text"; autoComplete: string }) {
  return (
    <SearchField idPrefix={idPrefix} name={name} label={label} problem={problem}>
      {(control) => (
        <input
          {...control}
          type={type}
          defaultValue={value}
          placeholder={placeholder}
          maxLength={maxLength}
          autoComplete={autoComplete}
        />
      )}
    </SearchField>
  );
}

/**
 * The search hero of a list that grows by pages (blog, shop), as a SearchPanel to `action`: what
 * to look for (`title`; its words are the area's `<area>.search.*` messages), where (only when the
 * list's things have a place) and one choice.
 */
export function ListSearchForm({
  area,
  action,
  maxLength,
  title,
  where,
  choice,
  problems = {},
}: {
  area: "blog" | "shop";
  action: string;
  /** The longest text the area's search schema takes. */
  maxLength: number;
  title: string;
  where?: { label: string; value: string };
  /** One choice: `all` first, then `options` ([value, label]); a value not among them is "all". */
  choice: {
    name: string;
    label: string;
    value: string;
    all: string;
    options: readonly (readonly [value: string, label: string])[];
  };
  problems?: Partial<Record<string, string>>;
}) {
  const t = useT();
  const known = choice.options.some(([value]) => value === choice.value);
  return (
    <SearchPanel
      action={action}
      label={t(`${area}.search.panel`)}
      columns={where ? "md:grid-cols-[2fr_1.5fr_1.5fr_auto]" : "md:grid-cols-[2fr_1.5fr_auto]"}
      submitLabel={t(`${area}.search.submit`)}
    >
      <SearchWhat
        idPrefix={area}
        name="title"
        label={t(`${area}.search.whatLabel`)}
        placeholder={t(`${area}.search.what`)}
        value={title}
        maxLength={maxLength}
        problem={problems.title}
      />
      {where && (
        <SearchWhere
          idPrefix={area}
          name="location"
          label={where.label}
          placeholder={where.label}
          value={where.value}
          maxLength={maxLength}
          problem={problems.location}
        />
      )}
      <SearchSelect
        idPrefix={area}
        name={choice.name}
        label={choice.label}
        value={known ? choice.value : ""}
        problem={problems[choice.name]}
        options={[["", choice.all], ...choice.options]}
      />
    </SearchPanel>
  );
}

/** A choice among `options` ([value, label]), the first being "all". */
export function SearchSelect({
  idPrefix,
  name,
  label,
  value,
  problem,
  options,
}: {
  idPrefix?: string;
  name: string;
  label: string;
  value: string;
  problem?: string;
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <SearchField idPrefix={idPrefix} name={name} label={label} problem={problem}>
      {(control) => (
        <select {...control} defaultValue={value}>
          {options.map(([optionValue, optionLabel]) => (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          ))}
        </select>
      )}
    </SearchField>
  );
}

/**
 * A refused search, as a list page shows it: each field's problem in words, for the search panel,
 * and the problem with the paging (a cursor or page size, which the panel has no field for).
 */
export function useSearchProblems(problems: Partial<Record<string, MessageKey>>) {
  const t = useT();
  return {
    fields: Object.fromEntries(
      Object.entries(problems).map(([field, message]) => [field, message && t(message)]),
    ),
    paging: problems.cursor ?? problems.limit,
  };
}

/** The paging problem above a list, when there is one. */
export function PagingProblem({ message }: { message: MessageKey | undefined }) {
  const t = useT();
  if (!message) return null;
  return (
    <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 font-medium text-red-800">
      {t(message)}
    </p>
  );
}
