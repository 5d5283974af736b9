/** The look of a search panel's text inputs and selects. */
export const searchControl =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-3 text-slate-900 placeholder:text-slate-500 focus:border-brand-700";

/** The panel around a hero's search fields: one column on phones, `columns` from md up. */
export const searchPanel = "grid gap-3 rounded-2xl bg-white p-4 shadow-lg ring-1 ring-slate-200";

export type SearchControlProps = {
  id: string;
  name: string;
  className: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

/** A labelled search control with its problem under it; the control gets the wiring it needs. */
export function SearchField({
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
