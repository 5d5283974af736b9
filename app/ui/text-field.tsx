import { EMAIL_MAX, PHONE_MAX } from "../platform/field-limits.ts";

/**
 * A labelled input with an optional hint under it, and the form's problem about it
 * (useFormProblem's `message`); every other attribute goes to the input.
 */
export function TextField({
  id,
  label,
  hint,
  problem,
  className = "",
  ...input
}: {
  id: string;
  label: string;
  hint?: string;
  problem?: React.ReactNode;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="text"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="rounded-lg border border-slate-300 px-3 py-3 focus:border-brand-700 aria-invalid:border-red-700"
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

type FieldProps = Omit<Parameters<typeof TextField>[0], "type">;

/** A required e-mail field, with the browser's own check and the limit of the rule (platform/email.ts). */
export function EmailField(props: FieldProps) {
  return <TextField type="email" autoComplete="email" maxLength={EMAIL_MAX} required {...props} />;
}

/** A required phone field, with the limit of the rule (platform/phone.ts). */
export function PhoneField(props: FieldProps) {
  return <TextField type="tel" autoComplete="tel" maxLength={PHONE_MAX} required {...props} />;
}
