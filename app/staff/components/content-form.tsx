import { useRef } from "react";
import { Form, useSearchParams } from "react-router";
import { useT } from "../../i18n/use-t.ts";
import { primaryButton } from "../../ui/button-link.tsx";
import { FilePicker } from "../../ui/file-picker.tsx";
import type { useFormProblem } from "../../ui/form-problem.tsx";
import { PageLink } from "../../ui/page-link.tsx";

/** A saved edit's notice, read out as it appears. */
function SavedNotice() {
  const t = useT();
  return (
    <p role="status" className="mt-4 rounded-lg bg-green-50 p-3 font-medium text-green-800">
      {t("staff.content.saved")}
    </p>
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

type FormProblemView = ReturnType<typeof useFormProblem>;

/**
 * A content item's edit page (a post, a product, a plan, a goal): the way back to its list, its
 * heading, "Saved" after a save, and one form holding `children`, the version it was loaded at (a
 * save over someone else's is a 409) and its buttons (Save unless `actions` are given). After a
 * 409, a line says someone else saved first. `above` goes between the heading and the form (with
 * the form's alert, when `alertAbove`), `below` under it.
 */
export function ContentEditPage({
  title,
  back,
  heading,
  result,
  problem,
  version,
  multipart = false,
  alertAbove = false,
  actions,
  above,
  below,
  children,
}: {
  title: string;
  back: { href: string; label: string };
  heading: string;
  /** The action's answer, if any: a refusal names its problem. */
  result: { problem?: { code: string } } | undefined;
  problem: FormProblemView;
  /** None for an item not saved yet. */
  version?: number;
  multipart?: boolean;
  alertAbove?: boolean;
  actions?: React.ReactNode;
  above?: React.ReactNode;
  below?: React.ReactNode;
  children: React.ReactNode;
}) {
  const t = useT();
  const [search] = useSearchParams();
  return (
    <section>
      <title>{title}</title>
      <p>
        <PageLink to={back.href} className="text-brand-800 underline">
          {back.label}
        </PageLink>
      </p>
      <h1 className="mt-2 text-2xl font-bold break-words">{heading}</h1>
      {search.has("saved") && !result && <SavedNotice />}
      {alertAbove && problem.alert}
      {above}
      <Form
        method="post"
        encType={multipart ? "multipart/form-data" : undefined}
        ref={problem.form}
        className="mt-6 flex flex-col gap-6"
        noValidate
      >
        {!alertAbove && problem.alert}
        {version !== undefined && <input type="hidden" name="version" value={version} />}
        {children}
        <div className="flex flex-wrap gap-3">
          {actions ?? (
            <button type="submit" className={primaryButton}>
              {t("staff.content.save")}
            </button>
          )}
        </div>
      </Form>
      {result?.problem?.code === "already_handled" && (
        <p className="mt-2 text-sm text-slate-700">{t("staff.content.anotherSaved")}</p>
      )}
      {below}
    </section>
  );
}

/**
 * A content item's picture field: the picture it has now (if shown), the file picker, the hint on
 * what the pipeline takes, and the form's problem about it.
 */
export function PictureField({
  id,
  label,
  current,
  problem,
}: {
  id: string;
  label: string;
  current?: { src: string; width: number; height: number; className: string };
  problem: FormProblemView;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-medium text-slate-800">
        {label}
      </label>
      {current && (
        <img
          src={current.src}
          alt={t("staff.content.currentPicture")}
          width={current.width}
          height={current.height}
          className={`rounded-lg bg-brand-50 object-cover ${current.className}`}
        />
      )}
      <FilePicker
        id={id}
        name={id}
        inputRef={input}
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={`${id}-hint`}
        {...problem.field(id)}
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t("staff.content.pictureHint")}
      </p>
      {problem.message(id)}
    </div>
  );
}
