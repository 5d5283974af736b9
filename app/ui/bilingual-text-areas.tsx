/** The classes of the form pages' own boxes (text areas and selects) that TextField does not draw. */
export const boxed =
  "rounded-lg border border-slate-300 px-3 py-3 focus:border-brand-700 aria-invalid:border-red-700";

/**
 * One text asked in English and/or French (a listing's or an employer's description): a legend, a
 * hint on filling either or both, and a box per language, each with its problem beside it. The
 * form's own `control(name)` gives a box its id, name, value and problem marks.
 */
export function BilingualTextAreas<Name extends string>({
  names,
  legend,
  hint,
  labels,
  maxLength,
  control,
  message,
}: {
  names: readonly [en: Name, fr: Name];
  legend: string;
  hint: { id: string; text: string };
  labels: readonly [en: string, fr: string];
  maxLength: number;
  control: (name: Name) => { id: string } & React.TextareaHTMLAttributes<HTMLTextAreaElement>;
  message: (name: Name) => React.ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl p-4 ring-1 ring-slate-200">
      <legend className="px-1 font-semibold">{legend}</legend>
      <p id={hint.id} className="text-sm text-slate-600">
        {hint.text}
      </p>
      {(["en-CA", "fr-CA"] as const).map((lang, index) => {
        const name = names[index] as Name;
        const box = control(name);
        return (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={box.id} className="font-medium text-slate-800">
              {labels[index]}
            </label>
            <textarea
              {...box}
              rows={4}
              maxLength={maxLength}
              aria-describedby={hint.id}
              lang={lang}
              className={boxed}
            />
            {message(name)}
          </div>
        );
      })}
    </fieldset>
  );
}
