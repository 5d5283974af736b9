import { useT } from "../../i18n/use-t.ts";

/** A saved edit's notice, read out as it appears. */
export function SavedNotice() {
  const t = useT();
  return (
    <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 font-medium text-green-800">
      {t("staff.content.saved")}
    </p>
  );
}

/** A labelled multi-line field, its problem (useFormProblem's `message`) under it. */
export function TextArea({
  id,
  label,
  problem,
  ...area
}: {
  id: string;
  label: string;
  problem?: React.ReactNode;
} & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        className="rounded-lg border border-slate-300 px-3 py-3 focus:border-brand-700 aria-invalid:border-red-700"
        {...area}
      />
      {problem}
    </div>
  );
}

/** The two languages' fields side by side on a wide screen, one above the other on a phone. */
export function LanguageColumns({
  render,
}: {
  render: (locale: "en-CA" | "fr-CA") => React.ReactNode;
}) {
  const t = useT();
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {(["en-CA", "fr-CA"] as const).map((locale) => (
        <fieldset
          key={locale}
          lang={locale.slice(0, 2)}
          className="flex min-w-0 flex-col gap-4 rounded-xl p-4 ring-1 ring-slate-200"
        >
          <legend className="px-1 font-semibold">
            {t(locale === "en-CA" ? "staff.content.english" : "staff.content.french")}
          </legend>
          {render(locale)}
        </fieldset>
      ))}
    </div>
  );
}

/** A table of the console's lists: scrolls sideways on a phone instead of squeezing its columns. */
export function ContentTable({ head, children }: { head: string[]; children: React.ReactNode }) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left">
        <thead>
          <tr className="border-b border-slate-300">
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-2 py-2 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
