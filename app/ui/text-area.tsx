/**
 * A labelled text box (the console's forms, a listing's manage page), with its hint and the form's
 * problem about it.
 */
export function TextArea({
  id,
  label,
  hint,
  problem,
  ...input
}: {
  id: string;
  label: string;
  hint?: string;
  problem?: React.ReactNode;
} & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-700 aria-invalid:border-red-700"
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {problem}
    </div>
  );
}
